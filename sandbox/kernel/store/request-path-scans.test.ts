import type ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { PROGRAM_TIMEOUT, proveFinder, sandboxSources, sourceProgram } from '../../source-program-test-kit.ts'
import { findCollectionScans } from './collection-scans-test-kit.ts'

/**
 * Where a scan is the point: the control API's listing of every fixture customer, of the webhook endpoints (at
 * most 16, decision 0058) and of the webhook deliveries (the newest, of at most 2 000): each answer is the list; and
 * the webhook trigger's default object, the account's newest transaction or customer (a control route, decision 0061);
 * and the settle route's count of the delivery log by status (a control route for tests, decision 0062).
 */
const ALLOWED = new Set([
  'domain/fixture-customers.ts',
  'domain/settle-webhooks.ts',
  'domain/webhook-deliveries.ts',
  'domain/webhook-endpoints.ts',
  'domain/webhook-trigger.ts',
])

/** What the snippets import: the real store, so the finder resolves its collections as it does in the sources. */
const IMPORTS = `import type { TenantStore } from '../kernel/store/tenant-store.ts'
`

/** Snippets each scanning a collection, and the reads the finder must report. */
const CAUGHT: Record<string, { body: string; found: string[] }> = {
  'store.sessions.filter': {
    body: 'return store.sessions.filter((session) => session.revokedAt === null)',
    found: ['store.sessions.filter'],
  },
  'a destructured collection': { body: 'const { sessions } = store; return sessions.all()', found: ['sessions.all'] },
  'an aliased collection': { body: 'const c = store.cards; return c.filter(() => true)', found: ['c.filter'] },
  'the raw @msw/data collection': {
    body: 'return store.cards.collection.findMany((q) => q.where({ customerId: id }))',
    found: ['store.cards.collection'],
  },
  'a destructured method or raw collection': {
    body: 'const { filter: scan } = store.uploads; const { collection } = store.transactions; return [scan, collection]',
    found: ['filter: scan', 'collection'],
  },
  'an element access': { body: "return store.challenges['all']()", found: ["store.challenges['all']"] },
  'a collection parameter': {
    body: 'const every = (c: TenantStore["customers"]) => c.all(); return every(store.customers)',
    found: ['c.all'],
  },
  'an optional chain': {
    body: 'const maybe: TenantStore | undefined = store; return maybe?.transactions.all()',
    found: ['maybe?.transactions.all'],
  },
}

/** Snippets that look records up by an index, or scan something else: none may be reported. */
const PASSED: Record<string, string> = {
  'store.sessions.where': "return store.sessions.where('byExternalCustomer', id)",
  'store.sessions.get': 'return store.sessions.get(id)',
  'a plain array': 'return [1, 2].filter((n) => n > 1)',
  'an index lookup, then an array filter':
    "return store.cards.where('byCustomer', id).filter((card) => card.brand === 'visa')",
  'oldest, size and a destructured size':
    'const { size } = store.cards; return [store.sessions.oldest(), store.sessions.size, size]',
  'a Map that is not a collection': 'return [...store.usedConsents].filter(([consent]) => consent === id)',
}

function snippet(body: string): string {
  return `${IMPORTS}export function lookUp(store: TenantStore, id: string): unknown {\n  ${body}\n}\n`
}

describe('tenant store lookups', () => {
  let program: ts.Program

  beforeAll(() => {
    program = sourceProgram()
    program.getTypeChecker()
  }, PROGRAM_TIMEOUT)

  it(
    'use an index on every request path: no source scans a collection with filter(), all() or its raw collection',
    () => {
      const requestPaths = sandboxSources(program).filter(
        ({ path }) => !ALLOWED.has(path) && !path.startsWith('kernel/store/'),
      )
      expect(
        findCollectionScans(
          program,
          requestPaths.map(({ file }) => file),
        ),
      ).toEqual([])
    },
    PROGRAM_TIMEOUT,
  )

  it('the allowed listing is still a source the check reads (not a stale exemption)', () => {
    expect(
      sandboxSources(program)
        .filter(({ path }) => ALLOWED.has(path))
        .map(({ path }) => path)
        .sort(),
    ).toEqual([...ALLOWED].sort())
  })

  describe('the finder, on snippets typed by the real TenantStore', () => {
    proveFinder({ finder: findCollectionScans, snippet, caught: CAUGHT, passed: PASSED })
  })
})

import type ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { findSignatureComparisons } from './signature-comparisons-test-kit.ts'
import { PROGRAM_TIMEOUT, proveFinder, sourceProgram } from '../source-program-test-kit.ts'

/** What the snippets import: the real types, so the finder resolves them as it does in the sources. */
const IMPORTS = `import type { Tenant, TenantOptions } from '../kernel/tenant.ts'
import type { BuyQuote } from '../contract/index.ts'
import { portableHmacSha256 as mac } from '../kernel/hmac.ts'
import { nodeHmacSha256 } from '../adapters/node-http/node-hmac.ts'
`

/** Snippets each comparing a signature by value, and the comparisons the finder must report. */
const CAUGHT: Record<string, { body: string; found: string[] }> = {
  'a local holding tenant.sign(m)': {
    body: 'const expected = tenant.sign(m); return expected === sig',
    found: ['expected === sig'],
  },
  'tenant.sign(m) with loose ==': { body: 'return tenant.sign(m) == sig', found: ['tenant.sign(m) == sig'] },
  'a local annotated string': { body: 'const s: string = tenant.sign(m); return s !== sig', found: ['s !== sig'] },
  'two quote signatures': {
    body: 'return quote.signature === other.signature',
    found: ['quote.signature === other.signature'],
  },
  'a loose != against a signature': { body: 'return sig != quote.signature', found: ['sig != quote.signature'] },
  'a renamed import of an HMAC': { body: "return mac('key', m) !== sig", found: ["mac('key', m) !== sig"] },
  'the node HMAC': { body: "return sig === nodeHmacSha256('key', m)", found: ["sig === nodeHmacSha256('key', m)"] },
  'an HmacSha256-typed option': {
    body: "return options.hmac('key', m) === sig",
    found: ["options.hmac('key', m) === sig"],
  },
  'a destructured and renamed signature': {
    body: 'const { signature: s } = quote; return s === sig',
    found: ['s === sig'],
  },
  'a re-assigned variable': {
    body: "let expected = ''; expected = tenant.sign(m); return expected === sig",
    found: ['expected === sig'],
  },
  'a helper returning a signature': {
    body: 'const expectedFor = (text: string) => tenant.sign(text); return expectedFor(m) === sig',
    found: ['expectedFor(m) === sig'],
  },
  'a bound tenant.sign': {
    body: 'const sign = tenant.sign.bind(tenant); return sign(m) === sig',
    found: ['sign(m) === sig'],
  },
  'an object property holding one': {
    body: 'const expected = { value: tenant.sign(m) }; return expected.value === sig',
    found: ['expected.value === sig'],
  },
  'a signed token (a signature inside)': {
    body: 'const token = `${m}.${tenant.sign(m)}`; return token === sig',
    found: ['token === sig'],
  },
  'part of a signature': {
    body: 'return tenant.sign(m).slice(0, 8) === sig',
    found: ['tenant.sign(m).slice(0, 8) === sig'],
  },
  'a switch case': {
    body: 'switch (sig) { case tenant.sign(m): return true } return false',
    found: ['switch (sig) case tenant.sign(m)'],
  },
}

/** Snippets that touch signatures without comparing one by value: none may be reported. */
const PASSED: Record<string, string> = {
  'a typeof check': "return typeof quote.signature === 'string'",
  'a null check': 'return quote.signature === null',
  'an undefined check': 'return signature !== undefined',
  'an empty-string check': "return quote.signature !== ''",
  'tenant.verify': 'return tenant.verify(m, sig) === true',
  'lengths of signatures': 'return sig.length === tenant.sign(m).length',
  'two header names':
    "const settings = { webhookSignatureHeader: 'a', webhookLegacySignatureHeader: 'b' }; return settings.webhookSignatureHeader === settings.webhookLegacySignatureHeader",
  'other strings': 'return quote.expiresAt === other.expiresAt && m === sig',
}

function snippet(body: string): string {
  return `${IMPORTS}export function check(tenant: Tenant, options: TenantOptions, quote: BuyQuote, other: BuyQuote, m: string, sig: string, signature: string | undefined): boolean {\n  ${body}\n}\n`
}

describe('signature checks', () => {
  let program: ts.Program

  beforeAll(() => {
    program = sourceProgram()
    program.getTypeChecker()
  }, PROGRAM_TIMEOUT)

  it(
    'go through tenant.verify (constant time): no source compares a signature with ===, !==, == or !=',
    () => {
      expect(findSignatureComparisons(program)).toEqual([])
    },
    PROGRAM_TIMEOUT,
  )

  describe('the finder, on snippets typed by the real Tenant, BuyQuote and HMACs', () => {
    proveFinder({ finder: findSignatureComparisons, snippet, caught: CAUGHT, passed: PASSED })
  })
})

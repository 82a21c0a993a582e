import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  forbiddenImports,
  importCircles,
  importGraph,
  importSpecifiers,
  isTest,
  isTestKit,
  resolveSpecifier,
  subpathRooms,
  type ImportGraph,
} from './import-graph-test-kit.ts'

/**
 * The rooms of the repository (decision 0097): a source file sits in the room of the first prefix it starts with.
 * Tests and test kits have rooms too, but their own rule ({@link TEST_REACH}); a production file in no room is a
 * folder the table forgot (`everyFolderHasARoom`).
 */
const ROOMS = [
  ['sandbox/contract/', 'contract'],
  ['sandbox/portable/', 'portable'],
  ['sandbox/kernel/', 'kernel'],
  ['sandbox/domain/', 'domain'],
  ['sandbox/frames/', 'frames'],
  ['sandbox/http/', 'http'],
  ['sandbox/browser/', 'browser'],
  ['sandbox/demo/', 'demo'],
  ['sandbox/record/', 'record'],
  ['sandbox/react-native/', 'react-native'],
  ['sandbox/bundles/', 'bundles'],
  ['sandbox/adapters/', 'adapters'],
  ['sandbox/cli.ts', 'cli'],
  ['sandbox/cli-usage.ts', 'cli'],
  ['sandbox/index.ts', 'cli'],
  ['sandbox/testing/', 'testing'],
  ['sandbox/page-host/', 'page-host'],
  ['fixtures/', 'fixtures'],
  ['scenarios/', 'scenarios'],
  ['harness/', 'harness'],
  ['scripts/', 'scripts'],
  ['bench/', 'bench'],
] as const

type Room = (typeof ROOMS)[number][1]

/** The room of a repository path, if any. */
const roomOf = (file: string): Room | undefined => ROOMS.find(([prefix]) => file.startsWith(prefix))?.[1]

/** The folders that hold the repository's sources (its graph), and what else a resolved import may name. */
const SOURCE_FOLDERS = ['sandbox', 'harness', 'fixtures', 'scenarios', 'scripts', 'bench']
const REPOSITORY_FOLDERS = [...SOURCE_FOLDERS, 'dist', 'docs', 'bin']

/** An import target that is a file of this repository (not a package such as `zod` or `node:fs`). */
const isRepositoryFile = (target: string) =>
  REPOSITORY_FOLDERS.includes(target.split('/')[0]!) || (!target.includes('/') && /\.(ts|js|json)$/.test(target))

/** The package's entry points (package.json "exports", as sources): the public API a scenario or a partner imports. */
const PUBLIC_API = Object.values(
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).exports as Record<
    string,
    string | { default: string }
  >,
).flatMap((target) =>
  typeof target === 'string' ? [] : [target.default.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts')],
)

/** What a scenario is written in: the harness's scenario DSL (what `ramp-sandbox/harness` re-exports). */
const HARNESS_DSL = [
  'harness/scenario.ts',
  'harness/steps.ts',
  'harness/widget-api-steps.ts',
  'harness/match-sequence.ts',
]

const EVERY_ROOM: readonly Room[] = [...new Set(ROOMS.map(([, room]) => room))]

/**
 * One room's rule: the rooms (or single files) it may import, files it may not although their room is allowed, the
 * packages it may import (any when unsaid), and whether it may import test code (tests, test kits).
 */
interface RoomRule {
  readonly may: ReadonlyArray<Room | `${string}.ts`>
  readonly never?: readonly string[]
  readonly packages?: RegExp
  readonly testCode?: true
}

/** No node built-in: the code runs in a page (or a React Native app). */
const NO_NODE_BUILTIN = /^(?!node:)/

/** The server side up to http, top down: what record, demo, adapters and the command line each stand on. */
const SERVER_CHAIN: readonly Room[] = ['http', 'frames', 'domain', 'kernel', 'portable', 'contract', 'fixtures']

/**
 * The arrows (decision 0097), each room's allowed imports, itself included:
 * contract ← portable ← kernel ← domain ← frames ← http ← demo, record ← adapters ← cli/index; fixtures stands on the
 * contract alone, below the kernel; bundles (esbuild's output, read from disk) below every server room; browser and
 * react-native on portable and the contract (react-native on the browser client too); harness above all of sandbox/;
 * scripts and bench anything.
 */
const LAYERS: Record<Room, RoomRule> = {
  contract: { may: ['contract'], packages: /^zod(\/|$)/ },
  portable: { may: ['portable', 'contract'], packages: NO_NODE_BUILTIN },
  fixtures: { may: ['fixtures', 'contract'] },
  bundles: { may: ['bundles'] },
  kernel: { may: ['kernel', 'portable', 'contract', 'fixtures'], never: ['fixtures/catalog.ts'] },
  domain: { may: ['domain', 'kernel', 'portable', 'contract', 'fixtures'] },
  frames: { may: ['frames', 'domain', 'kernel', 'portable', 'contract', 'fixtures', 'bundles'] },
  http: { may: ['http', 'frames', 'domain', 'kernel', 'portable', 'contract', 'fixtures', 'bundles'] },
  browser: { may: ['browser', 'portable', 'contract'], packages: NO_NODE_BUILTIN },
  'react-native': { may: ['react-native', 'browser', 'portable', 'contract'], packages: NO_NODE_BUILTIN },
  record: { may: ['record', ...SERVER_CHAIN] },
  demo: { may: ['demo', 'record', ...SERVER_CHAIN, 'bundles'] },
  adapters: { may: ['adapters', 'demo', 'record', ...SERVER_CHAIN, 'bundles'] },
  cli: { may: ['cli', 'adapters', 'demo', 'record', ...SERVER_CHAIN, 'bundles'] },
  'page-host': { may: ['page-host'] },
  testing: {
    may: EVERY_ROOM.filter((room) => !['harness', 'scenarios', 'scripts', 'bench'].includes(room)),
    testCode: true,
  },
  harness: { may: EVERY_ROOM.filter((room) => !['scenarios', 'scripts', 'bench'].includes(room)) },
  scenarios: { may: ['scenarios', ...HARNESS_DSL, ...PUBLIC_API] as Array<`${string}.ts`> },
  scripts: { may: EVERY_ROOM, testCode: true },
  bench: { may: EVERY_ROOM, testCode: true },
}

/**
 * Tests and test kits stand outside the chain: they drive the sandbox whole (a domain test sends HTTP requests), so
 * each may import any file of the top folders its own top folder reaches, test kits included; what sits above
 * stays out of reach (nothing under sandbox/, not even a test, imports harness/ or scenarios/).
 */
const TEST_REACH: Record<string, readonly string[]> = {
  sandbox: ['sandbox', 'fixtures', 'scripts'],
  fixtures: ['fixtures', 'sandbox'],
  harness: ['harness', 'sandbox', 'fixtures', 'scenarios', 'scripts'],
  scenarios: ['scenarios', 'harness', 'sandbox', 'fixtures'],
  scripts: REPOSITORY_FOLDERS,
  bench: REPOSITORY_FOLDERS,
}

/** What a production file may import by the table; a message naming the arrow when it may not. */
function arrowFault(room: Room, target: string): string | undefined {
  const rule = LAYERS[room]
  if (!isRepositoryFile(target))
    return rule.packages === undefined || rule.packages.test(target) ? undefined : `${room} ↛ package ${target}`
  if ((isTest(target) || isTestKit(target)) && rule.testCode === undefined) return `${room} ↛ test code`
  const targetRoom = roomOf(target)
  // A file in no room is reported once, by everyFolderHasARoom.
  if (targetRoom === undefined) return undefined
  if (rule.never?.includes(target)) return `${room} ↛ ${target}`
  return rule.may.includes(targetRoom) || rule.may.includes(target as `${string}.ts`)
    ? undefined
    : `${room} ↛ ${targetRoom}`
}

/** Which room's `#` prefix a repository path sits under (package.json "imports"), if any. */
const subpathRoomOf = (file: string) => subpathRooms().find(({ folder }) => file.startsWith(folder))

/** The layer rules, each over an import graph: what breaks it, as `file -> import: the arrow` (or the files of a circle). */
const RULES = {
  /** Each production file imports only what its room's rule allows (LAYERS). */
  arrowsFollowTheTable: (graph: ImportGraph) =>
    [...graph].flatMap(([file, targets]) => {
      const room = roomOf(file)
      if (room === undefined || isTest(file) || isTestKit(file)) return []
      return targets.flatMap((target) => {
        const fault = arrowFault(room, target)
        return fault === undefined ? [] : [`${file} -> ${target}: ${fault}`]
      })
    }),
  /** Tests and test kits import only within the top folders theirs reaches (TEST_REACH). */
  testsStayInReach: (graph: ImportGraph) =>
    forbiddenImports(
      graph,
      (file) => isTest(file) || isTestKit(file),
      (target, file) =>
        isRepositoryFile(target) && !(TEST_REACH[file.split('/')[0]!] ?? []).includes(target.split('/')[0]!),
    ),
  /** Every production source sits in a room of the table: a new folder gets its rule before its first file ships. */
  everyFolderHasARoom: (graph: ImportGraph) => [
    ...new Set(
      [...graph.keys()]
        .filter((file) => roomOf(file) === undefined && !isTest(file) && !isTestKit(file))
        .map((file) => `${file.slice(0, file.lastIndexOf('/') + 1)}: in no room`),
    ),
  ],
  /**
   * The effects (on the server) take no rules from the machines: a rule both use sits in portable/ beside the machines
   * (card-entry, purchase-rules). Named apart from the table, the machines being one folder of a room.
   */
  effectsTakeNoRulesFromMachines: (graph: ImportGraph) =>
    forbiddenImports(
      graph,
      (file) => file.startsWith('sandbox/frames/effects/') && !isTest(file) && !isTestKit(file),
      (target) => /^sandbox\/portable\/frames\/machines\//.test(target),
    ),
  /** Arrows point one way: no file reaches itself through its imports. */
  noImportCircle: (graph: ImportGraph) => importCircles(graph).map((files) => files.join(' ⇄ ')),
} satisfies Record<string, (graph: ImportGraph) => string[]>

/**
 * Imports as written: a relative import that leaves its `#` room for another is `#room/…`, and a `#` import within its
 * own room is relative (scripts/subpath-imports.ts writes both).
 */
function subpathFaults(specifiers: Map<string, string[]>): string[] {
  return [...specifiers].flatMap(([file, written]) =>
    written.flatMap((specifier) => {
      if (!specifier.startsWith('.') && !specifier.startsWith('#')) return []
      const from = subpathRoomOf(file)?.prefix
      const to = subpathRoomOf(resolveSpecifier(file, specifier))?.prefix
      if (specifier.startsWith('.') && to !== undefined && to !== from)
        return [`${file} -> ${specifier}: leaves its room, write ${to}…`]
      if (specifier.startsWith('#') && to === from)
        return [`${file} -> ${specifier}: within its room, write it relative`]
      return []
    }),
  )
}

describe('the layers of the repository', () => {
  const graph = importGraph(SOURCE_FOLDERS, { tests: true })
  const faults = Object.fromEntries(Object.entries(RULES).map(([rule, check]) => [rule, check(graph)]))

  it('reads the tree: hundreds of sources and tests of every folder, the route table among them', () => {
    expect(graph.size).toBeGreaterThan(800)
    expect(graph.get('sandbox/http/routes/index.ts')).toEqual(
      expect.arrayContaining(['sandbox/http/routes/widget-routes.ts']),
    )
    for (const folder of SOURCE_FOLDERS)
      expect(
        [...graph.keys()].some((file) => file.startsWith(`${folder}/`)),
        folder,
      ).toBe(true)
  })

  it.each(Object.keys(RULES) as Array<keyof typeof RULES>)('hold %s', (rule) => {
    expect(faults[rule]).toEqual([])
  })

  it('writes an import that leaves its room as #room/…, and one within its room relative', () => {
    expect(subpathFaults(importSpecifiers(SOURCE_FOLDERS, { tests: true }))).toEqual([])
  })

  it('has a # room for every folder room of the table, each naming an existing folder', () => {
    const folderRooms = ROOMS.filter(([prefix]) => prefix.endsWith('/')).map(([prefix]) => prefix)
    expect(subpathRooms().map(({ folder }) => folder)).toEqual(
      expect.arrayContaining(folderRooms.filter((folder) => [...graph.keys()].some((file) => file.startsWith(folder)))),
    )
  })
})

describe('each layer rule, broken on purpose', () => {
  const broken = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges))

  it('arrowsFollowTheTable finds http importing the browser client', () => {
    const graph = broken({
      'sandbox/http/x.ts': [
        'sandbox/browser/client/index.ts',
        'sandbox/frames/effects/index.ts',
        'sandbox/bundles/browser-bundle.ts',
      ],
    })
    expect(RULES.arrowsFollowTheTable(graph)).toEqual([
      'sandbox/http/x.ts -> sandbox/browser/client/index.ts: http ↛ browser',
    ])
  })

  it('arrowsFollowTheTable finds a browser file importing the kernel or a node built-in, and lets it import portable and the contract', () => {
    const graph = broken({
      'sandbox/browser/frame-page/frame-app.ts': [
        'sandbox/kernel/origin-matches.ts',
        'sandbox/portable/origin-rules.ts',
        'sandbox/contract/index.ts',
        'node:crypto',
        'zod',
      ],
    })
    expect(RULES.arrowsFollowTheTable(graph)).toEqual([
      'sandbox/browser/frame-page/frame-app.ts -> sandbox/kernel/origin-matches.ts: browser ↛ kernel',
      'sandbox/browser/frame-page/frame-app.ts -> node:crypto: browser ↛ package node:crypto',
    ])
  })

  it("arrowsFollowTheTable finds the kernel importing fixtures' catalog, and lets it import a seed builder", () => {
    const graph = broken({
      'sandbox/kernel/tenant.ts': ['fixtures/catalog.ts', 'fixtures/tenant-seed.ts', 'sandbox/portable/base64url.ts'],
    })
    expect(RULES.arrowsFollowTheTable(graph)).toEqual([
      'sandbox/kernel/tenant.ts -> fixtures/catalog.ts: kernel ↛ fixtures/catalog.ts',
    ])
  })

  it('arrowsFollowTheTable finds sandbox/ importing harness/ or scenarios/', () => {
    const graph = broken({
      'sandbox/domain/triggers.ts': ['harness/steps.ts'],
      'sandbox/adapters/msw/msw-tenant.ts': ['scenarios/onramp/card-buy.scenario.ts'],
      'sandbox/testing/browser-sandbox.ts': ['harness/index.ts'],
    })
    expect(RULES.arrowsFollowTheTable(graph)).toEqual([
      'sandbox/domain/triggers.ts -> harness/steps.ts: domain ↛ harness',
      'sandbox/adapters/msw/msw-tenant.ts -> scenarios/onramp/card-buy.scenario.ts: adapters ↛ scenarios',
      'sandbox/testing/browser-sandbox.ts -> harness/index.ts: testing ↛ harness',
    ])
  })

  it('arrowsFollowTheTable finds each room reaching one room too high', () => {
    const graph = broken({
      'sandbox/contract/a.ts': ['sandbox/kernel/tenant.ts', 'node:fs', 'zod/v4/locales/en.js'],
      'sandbox/portable/a.ts': ['sandbox/kernel/base64url.ts'],
      'fixtures/a.ts': ['sandbox/domain/geography.ts', '@faker-js/faker'],
      'sandbox/bundles/a.ts': ['sandbox/http/plain-http.ts'],
      'sandbox/kernel/a.ts': ['sandbox/domain/tokens.ts'],
      'sandbox/domain/a.ts': ['sandbox/frames/credentials.ts'],
      'sandbox/frames/a.ts': ['sandbox/http/sandbox-core.ts'],
      'sandbox/http/a.ts': ['sandbox/record/record-scenario.ts'],
      'sandbox/react-native/a.ts': ['sandbox/domain/tokens.ts', 'sandbox/browser/client/index.ts'],
      'sandbox/record/a.ts': ['sandbox/demo/demo-routes.ts'],
      'sandbox/demo/a.ts': ['sandbox/adapters/node-http/index.ts'],
      'sandbox/adapters/a.ts': ['sandbox/cli.ts'],
      'sandbox/cli.ts': ['sandbox/testing/chromium.ts'],
      'harness/a.ts': ['scenarios/onramp/card-buy.scenario.ts'],
      'scenarios/a.scenario.ts': [
        'harness/steps.ts',
        'harness/drivers/node-driver.ts',
        'sandbox/index.ts',
        'sandbox/kernel/tenant.ts',
      ],
      'scripts/a.ts': ['scenarios/a.scenario.ts', 'harness/a.ts', 'sandbox/kernel/a.ts'],
      'bench/a.ts': ['scripts/a.ts', 'sandbox/testing/chromium.ts'],
    })
    expect(RULES.arrowsFollowTheTable(graph)).toEqual([
      'sandbox/contract/a.ts -> sandbox/kernel/tenant.ts: contract ↛ kernel',
      'sandbox/contract/a.ts -> node:fs: contract ↛ package node:fs',
      'sandbox/portable/a.ts -> sandbox/kernel/base64url.ts: portable ↛ kernel',
      'fixtures/a.ts -> sandbox/domain/geography.ts: fixtures ↛ domain',
      'sandbox/bundles/a.ts -> sandbox/http/plain-http.ts: bundles ↛ http',
      'sandbox/kernel/a.ts -> sandbox/domain/tokens.ts: kernel ↛ domain',
      'sandbox/domain/a.ts -> sandbox/frames/credentials.ts: domain ↛ frames',
      'sandbox/frames/a.ts -> sandbox/http/sandbox-core.ts: frames ↛ http',
      'sandbox/http/a.ts -> sandbox/record/record-scenario.ts: http ↛ record',
      'sandbox/react-native/a.ts -> sandbox/domain/tokens.ts: react-native ↛ domain',
      'sandbox/record/a.ts -> sandbox/demo/demo-routes.ts: record ↛ demo',
      'sandbox/demo/a.ts -> sandbox/adapters/node-http/index.ts: demo ↛ adapters',
      'sandbox/adapters/a.ts -> sandbox/cli.ts: adapters ↛ cli',
      'sandbox/cli.ts -> sandbox/testing/chromium.ts: cli ↛ testing',
      'harness/a.ts -> scenarios/onramp/card-buy.scenario.ts: harness ↛ scenarios',
      'scenarios/a.scenario.ts -> harness/drivers/node-driver.ts: scenarios ↛ harness',
      'scenarios/a.scenario.ts -> sandbox/kernel/tenant.ts: scenarios ↛ kernel',
    ])
  })

  it('arrowsFollowTheTable finds production code importing a test kit or a test', () => {
    const graph = broken({
      'sandbox/http/a.ts': ['sandbox/http/routes/platform-test-kit.ts', 'sandbox/http/b.test.ts'],
      'harness/a.ts': ['harness/tenant-handle-test-kit.ts'],
    })
    expect(RULES.arrowsFollowTheTable(graph)).toEqual([
      'sandbox/http/a.ts -> sandbox/http/routes/platform-test-kit.ts: http ↛ test code',
      'sandbox/http/a.ts -> sandbox/http/b.test.ts: http ↛ test code',
      'harness/a.ts -> harness/tenant-handle-test-kit.ts: harness ↛ test code',
    ])
  })

  it('testsStayInReach finds a sandbox test or test kit importing harness/, and lets tests drive the whole sandbox', () => {
    const graph = broken({
      'sandbox/adapters/msw/msw-tenant.test.ts': [
        'harness/vitest-matchers.ts',
        'sandbox/http/test-request.ts',
        'vitest',
      ],
      'sandbox/domain/quotes.test.ts': [
        'sandbox/http/routes/platform-test-kit.ts',
        'fixtures/catalog.ts',
        'scripts/statistics.ts',
      ],
      'sandbox/portable/frames/machines/purchase-test-kit.ts': [
        'scenarios/onramp/card-buy.scenario.ts',
        'sandbox/frames/server/in-process-frame.ts',
      ],
      'fixtures/countries.test.ts': ['sandbox/domain/geography.ts', 'harness/steps.ts'],
      'harness/cli/record-replay.test.ts': ['scenarios/onramp/card-buy.scenario.ts', 'bench/a.ts'],
      'scripts/docs-triggers.test.ts': ['harness/scenario.ts', 'scenarios/x.scenario.ts'],
    })
    expect(RULES.testsStayInReach(graph)).toEqual([
      'sandbox/adapters/msw/msw-tenant.test.ts -> harness/vitest-matchers.ts',
      'sandbox/portable/frames/machines/purchase-test-kit.ts -> scenarios/onramp/card-buy.scenario.ts',
      'fixtures/countries.test.ts -> harness/steps.ts',
      'harness/cli/record-replay.test.ts -> bench/a.ts',
    ])
  })

  it('everyFolderHasARoom names a folder the table does not know, once, and leaves tests and test kits alone', () => {
    const graph = broken({
      'sandbox/client/index.ts': [],
      'sandbox/client/api-calls.ts': [],
      'sandbox/layers.test.ts': [],
      'sandbox/import-graph-test-kit.ts': [],
      'sandbox/cli.ts': [],
    })
    expect(RULES.everyFolderHasARoom(graph)).toEqual(['sandbox/client/: in no room'])
  })

  it('effectsTakeNoRulesFromMachines finds an effect importing a machine, and leaves test kits alone', () => {
    const graph = broken({
      'sandbox/frames/effects/account-effects.ts': [
        'sandbox/portable/frames/machines/add-card.ts',
        'sandbox/portable/frames/card-entry.ts',
      ],
      'sandbox/frames/effects/frame-context.ts': ['sandbox/portable/frames/machines/widget.ts'],
      'sandbox/frames/effects/purchase-test-kit.ts': ['sandbox/portable/frames/machines/buy.ts'],
    })
    expect(RULES.effectsTakeNoRulesFromMachines(graph)).toEqual([
      'sandbox/frames/effects/account-effects.ts -> sandbox/portable/frames/machines/add-card.ts',
      'sandbox/frames/effects/frame-context.ts -> sandbox/portable/frames/machines/widget.ts',
    ])
  })

  it('noImportCircle finds a circle of three files and a file importing itself, and no circle in a chain', () => {
    const graph = broken({
      'a.ts': ['b.ts'],
      'b.ts': ['c.ts'],
      'c.ts': ['a.ts', 'd.ts'],
      'd.ts': ['e.ts'],
      'e.ts': [],
      'f.ts': ['f.ts'],
    })
    expect(RULES.noImportCircle(graph)).toEqual(['a.ts ⇄ b.ts ⇄ c.ts', 'f.ts'])
  })

  it('the subpath rule finds a deep relative import leaving its room and a # import within its room', () => {
    const specifiers = new Map([
      [
        'sandbox/http/routes/quote-routes.ts',
        ['../../kernel/tenant.ts', '../plain-http.ts', '#domain/quotes.ts', '#http/route.ts', 'zod'],
      ],
      ['sandbox/kernel/store/tenant-store.ts', ['../../source-program-test-kit.ts', '../tenant.ts']],
    ])
    expect(subpathFaults(specifiers)).toEqual([
      'sandbox/http/routes/quote-routes.ts -> ../../kernel/tenant.ts: leaves its room, write #kernel/…',
      'sandbox/http/routes/quote-routes.ts -> #http/route.ts: within its room, write it relative',
    ])
  })
})

import { describe, expect, it } from 'vitest'
import { forbiddenImports, importCircles, importGraph, type ImportGraph } from './import-graph-test-kit.ts'

/** Test utilities (`*-test-kit.ts`) read sources and drive the whole sandbox: they stand outside the layers. */
const isTestKit = (file: string) => file.endsWith('-test-kit.ts')

/** The layer rules, each over an import graph: what breaks it, as `file -> import` (or the files of a circle). */
const RULES = {
  /** The contract is the interface everyone shares: it stands on zod alone. */
  contractStandsOnZod: (graph: ImportGraph) =>
    forbiddenImports(graph, (file) => file.startsWith('sandbox/contract/'), (target) => target !== 'zod' && !target.startsWith('sandbox/contract/')),
  /** The kernel is what the domain stands on: it reaches up to nothing in sandbox/ but the contract. */
  kernelStandsBelowTheDomain: (graph: ImportGraph) =>
    forbiddenImports(graph, (file) => file.startsWith('sandbox/kernel/') && !isTestKit(file), (target) => target.startsWith('sandbox/') && !/^sandbox\/(kernel|portable|contract)\//.test(target)),
  /** The domain never sees HTTP, a frame or a page: it stands on the kernel and the contract. */
  domainStandsOnTheKernel: (graph: ImportGraph) =>
    forbiddenImports(graph, (file) => file.startsWith('sandbox/domain/') && !isTestKit(file), (target) => target.startsWith('sandbox/') && !/^sandbox\/(domain|kernel|portable|contract)\//.test(target)),
  /** The adapters sit on top: only they, the command line, the package's index and test utilities import them. */
  onlyTheTopImportsAdapters: (graph: ImportGraph) =>
    forbiddenImports(
      graph,
      (file) => file.startsWith('sandbox/') && !/^sandbox\/(adapters\/|testing\/|cli\.ts$|index\.ts$)|-test-kit\.ts$/.test(file),
      (target) => target.startsWith('sandbox/adapters/'),
    ),
  /** A frame's page (in the browser) and the frames origin (on the server) share only what sits in portable/frames/. */
  framePageAndServerApart: (graph: ImportGraph) =>
    forbiddenImports(
      graph,
      (file) => /^sandbox\/(browser\/frame-page|frames\/server)\//.test(file),
      (target, file) => target.startsWith(file.startsWith('sandbox/browser/frame-page/') ? 'sandbox/frames/server/' : 'sandbox/browser/frame-page/'),
    ),
  /**
   * The effects (on the server) take no rules from the machines: a rule both use sits beside them in portable/frames/
   * (`card-entry.ts`, `purchase-rules.ts`). The machines also run in the page, so they reach neither the effects nor
   * the server (test kits drive whole frames and stand outside).
   */
  effectsTakeNoRulesFromMachines: (graph: ImportGraph) =>
    forbiddenImports(
      graph,
      (file) => /^sandbox\/(frames\/effects|portable\/frames\/machines)\//.test(file) && !isTestKit(file),
      (target, file) => (file.startsWith('sandbox/frames/effects/') ? /^sandbox\/portable\/frames\/machines\// : /^sandbox\/frames\/(effects|server)\//).test(target),
    ),
  /** Arrows point one way: no file reaches itself through its imports. */
  noImportCircle: (graph: ImportGraph) => importCircles(graph).map((files) => files.join(' ⇄ ')),
} satisfies Record<string, (graph: ImportGraph) => string[]>

describe('the layers of sandbox/ and harness/', () => {
  const graph = importGraph(['sandbox', 'harness'])

  it('reads the tree: hundreds of sources, the route table among them', () => {
    expect(graph.size).toBeGreaterThan(200)
    expect(graph.get('sandbox/http/routes/index.ts')).toEqual(expect.arrayContaining(['sandbox/http/routes/widget-routes.ts']))
  })

  it.each(Object.keys(RULES) as Array<keyof typeof RULES>)('hold %s', (rule) => {
    expect(RULES[rule](graph)).toEqual([])
  })
})

describe('each layer rule, broken on purpose', () => {
  const broken = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges))

  it('contractStandsOnZod finds a contract file importing the core or a package other than zod', () => {
    const graph = broken({ 'sandbox/contract/a.ts': ['zod', 'sandbox/contract/b.ts', 'sandbox/kernel/tenant.ts', 'node:fs'], 'sandbox/contract/b.ts': ['zod'] })
    expect(RULES.contractStandsOnZod(graph)).toEqual(['sandbox/contract/a.ts -> sandbox/kernel/tenant.ts', 'sandbox/contract/a.ts -> node:fs'])
  })

  it('kernelStandsBelowTheDomain finds the kernel importing the domain or the HTTP layer, and leaves its test kits alone', () => {
    const graph = broken({
      'sandbox/kernel/tenant.ts': ['sandbox/kernel/journal.ts', 'sandbox/contract/index.ts', 'sandbox/domain/tokens.ts', 'fixtures/tenant-seed.ts'],
      'sandbox/kernel/store/tenant-store.ts': ['sandbox/http/plain-http.ts', '@msw/data'],
      'sandbox/kernel/store/collection-scans-test-kit.ts': ['sandbox/source-program-test-kit.ts'],
    })
    expect(RULES.kernelStandsBelowTheDomain(graph)).toEqual([
      'sandbox/kernel/tenant.ts -> sandbox/domain/tokens.ts',
      'sandbox/kernel/store/tenant-store.ts -> sandbox/http/plain-http.ts',
    ])
  })

  it('domainStandsOnTheKernel finds the domain importing the HTTP layer or a frame', () => {
    const graph = broken({
      'sandbox/domain/sessions.ts': ['sandbox/kernel/tenant.ts', 'sandbox/domain/tokens.ts', 'sandbox/http/authenticate.ts'],
      'sandbox/domain/purchase-gate.ts': ['sandbox/frames/effects/purchase-effects.ts', 'sandbox/portable/frames/purchase-rules.ts', 'zod'],
    })
    expect(RULES.domainStandsOnTheKernel(graph)).toEqual([
      'sandbox/domain/sessions.ts -> sandbox/http/authenticate.ts',
      'sandbox/domain/purchase-gate.ts -> sandbox/frames/effects/purchase-effects.ts',
    ])
  })

  it('onlyTheTopImportsAdapters finds the domain importing an adapter, and leaves the top and test utilities alone', () => {
    const graph = broken({
      'sandbox/domain/a.ts': ['sandbox/adapters/node-http/start-server.ts'],
      'sandbox/cli.ts': ['sandbox/adapters/node-http/index.ts'],
      'sandbox/testing/browser-sandbox.ts': ['sandbox/adapters/node-http/index.ts'],
      'sandbox/http/routes/platform-test-kit.ts': ['sandbox/adapters/msw/index.ts'],
      'harness/playwright.ts': ['sandbox/adapters/node-http/index.ts'],
    })
    expect(RULES.onlyTheTopImportsAdapters(graph)).toEqual(['sandbox/domain/a.ts -> sandbox/adapters/node-http/start-server.ts'])
  })

  it('framePageAndServerApart finds the page importing the server and the server importing the page', () => {
    const graph = broken({
      'sandbox/browser/frame-page/frame-app.ts': ['sandbox/frames/server/frame-origins.ts', 'sandbox/portable/frames/frame-page-config.ts'],
      'sandbox/frames/server/frames-handler.ts': ['sandbox/browser/frame-page/frame-page-html.ts', 'sandbox/frames/server/frame-page-html.ts'],
    })
    expect(RULES.framePageAndServerApart(graph)).toEqual([
      'sandbox/browser/frame-page/frame-app.ts -> sandbox/frames/server/frame-origins.ts',
      'sandbox/frames/server/frames-handler.ts -> sandbox/browser/frame-page/frame-page-html.ts',
    ])
  })

  it('effectsTakeNoRulesFromMachines finds an effect importing a machine and a machine importing an effect or the server, and leaves test kits alone', () => {
    const graph = broken({
      'sandbox/frames/effects/account-effects.ts': ['sandbox/portable/frames/machines/add-card.ts', 'sandbox/portable/frames/card-entry.ts', 'sandbox/frames/effects/effect-handler.ts'],
      'sandbox/portable/frames/machines/buy.ts': ['sandbox/frames/effects/purchase-effects.ts', 'sandbox/frames/server/frame-ticket.ts', 'sandbox/portable/frames/purchase-rules.ts', 'sandbox/portable/frames/machines/purchase-flow.ts'],
      'sandbox/portable/frames/machines/purchase-test-kit.ts': ['sandbox/frames/server/in-process-frame.ts'],
      'sandbox/frames/server/frames-handler.ts': ['sandbox/frames/effects/index.ts', 'sandbox/portable/frames/machines/index.ts'],
    })
    expect(RULES.effectsTakeNoRulesFromMachines(graph)).toEqual([
      'sandbox/frames/effects/account-effects.ts -> sandbox/portable/frames/machines/add-card.ts',
      'sandbox/portable/frames/machines/buy.ts -> sandbox/frames/effects/purchase-effects.ts',
      'sandbox/portable/frames/machines/buy.ts -> sandbox/frames/server/frame-ticket.ts',
    ])
  })

  it('noImportCircle finds a circle of three files and a file importing itself, and no circle in a chain', () => {
    const graph = broken({ 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts', 'd.ts'], 'd.ts': ['e.ts'], 'e.ts': [], 'f.ts': ['f.ts'] })
    expect(RULES.noImportCircle(graph)).toEqual(['a.ts ⇄ b.ts ⇄ c.ts', 'f.ts'])
  })
})

// `npm run mutants [-- --only <name>]`: breaks the code on purpose, one named mutation at a time, in a scratch worktree
// of HEAD, and checks that a test catches each (issue 16: "each mutation makes at least one test fail"). The checkout
// itself is never touched. Exits 1 when a mutation survives or no longer applies.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

/** One deliberate defect: in `file`, `from` (which must occur exactly once) becomes `to`; `tests` must catch it. */
interface Mutant {
  name: string
  file: string
  from: string
  to: string
  tests: string[]
}

const QUOTES = ['sandbox/domain/sell-quote.test.ts', 'sandbox/domain/buy-quote-amounts.test.ts', 'sandbox/domain/pricing.test.ts']
const BOUNDARIES = ['sandbox/frames/browser/frame-boundaries.browser.test.ts']

const MUTANTS: Mutant[] = [
  { name: 'sell price × 1.5', file: 'sandbox/domain/sell-quote.ts', from: 'const price = priceAt(pair, tenant.catalog.walk(crypto.code), now - tenant.catalog.priceEpoch)', to: 'const price = priceAt(pair, tenant.catalog.walk(crypto.code), now - tenant.catalog.priceEpoch) * 1.5', tests: QUOTES },
  { name: 'sell fee × 2', file: 'sandbox/domain/sell-quote.ts', from: 'percentOfMinor(grossMinor, fee.feePercent)', to: 'percentOfMinor(grossMinor, fee.feePercent * 2)', tests: QUOTES },
  { name: 'buy exchangeRate × 1.5', file: 'sandbox/domain/buy-quote.ts', from: 'exchangeRate: price,', to: 'exchangeRate: price * 1.5,', tests: QUOTES },
  { name: 'price-walk amplitude × 10', file: 'sandbox/domain/pricing.ts', from: 'factor += wave.amplitude * Math.sin(', to: 'factor += wave.amplitude * 10 * Math.sin(', tests: QUOTES },
  {
    name: "a destination's source scan stopping below its proven upper bound", file: 'sandbox/domain/buy-amounts.ts',
    from: 'ceilDiv(withNetwork + BP, keep)', to: 'ceilDiv(withNetwork - BP, keep)',
    tests: ['sandbox/domain/buy-amounts.test.ts'],
  },
  {
    // Still correct, but its steps grow with the amount: 10^16 of them for the limits search's largest probes.
    name: "a destination's source scan starting from 1", file: 'sandbox/domain/buy-amounts.ts',
    from: 'const lowest = maxOf(1n, ceilDiv(withNetwork - 9_998n, keep), ceilDiv(withFloor - 4_999n, keepWithFloor))', to: 'const lowest = 1n',
    tests: ['scripts/quote-sweep.test.ts'],
  },
  { name: 'a next page after an exact last page (< → <=)', file: 'sandbox/domain/list-transactions.ts', from: 'start + limit < matching.length', to: 'start + limit <= matching.length', tests: ['sandbox/domain/list-transactions.test.ts'] },
  {
    name: 'signature compared with === through a variable', file: 'sandbox/kernel/tenant.ts',
    from: "return typeof signature === 'string' && constantTimeEqual(this.sign(message), signature)",
    to: 'const expected = this.sign(message)\n    return expected === signature',
    tests: ['sandbox/kernel/signature-comparisons.test.ts'],
  },
  {
    name: 'signature compared with a loose !=', file: 'sandbox/domain/list-transactions.ts',
    from: 'if (position === undefined || !tenant.verify(`cursor:${position}`, signature)) {',
    to: 'if (position === undefined || tenant.sign(`cursor:${position}`) != signature) {',
    tests: ['sandbox/kernel/signature-comparisons.test.ts'],
  },
  {
    name: 'a destructured collection scanned', file: 'sandbox/domain/sessions.ts',
    from: "    : store.sessions.where('byExternalCustomer', request.externalCustomerId!).filter((s) => s.revokedAt === null)",
    to: '    : (({ sessions }) => sessions.filter((s) => s.externalCustomerId === request.externalCustomerId && s.revokedAt === null))(store)',
    tests: ['sandbox/kernel/store/request-path-scans.test.ts'],
  },
  {
    name: "a collection's raw @msw/data collection queried", file: 'sandbox/domain/payment-methods.ts',
    from: "paymentMethods: store.cards.where('byCustomer', customerId).map(",
    to: 'paymentMethods: store.cards.collection.findMany((q) => q.where({ customerId } as never)).map(',
    tests: ['sandbox/kernel/store/request-path-scans.test.ts'],
  },
  { name: "frame's origin check deleted", file: 'sandbox/frames/page/frame-app.ts', from: 'if (event.origin !== origin) return journal(', to: 'if (false) return journal(', tests: BOUNDARIES },
  { name: "frame's source check deleted", file: 'sandbox/frames/page/frame-app.ts', from: 'if (event.source !== window.parent) return journal(', to: 'if (false) return journal(', tests: BOUNDARIES },
  {
    name: 'a zombie npm counted as running', file: 'sandbox/cli.ts',
    from: "return parentStat.ppid === npm && npmStat !== undefined && npmStat.state !== 'Z' && npmStat.state !== 'X'",
    to: 'return npmStat !== undefined',
    tests: ['sandbox/cli.test.ts'],
  },
  {
    name: "npm's sh read when the CLI serves, not when it starts", file: 'sandbox/cli.ts',
    from: "stopWithNpm(launch, () => shutdown('npm went away'))", to: "stopWithNpm(launchNow(), () => shutdown('npm went away'))",
    tests: ['sandbox/cli.test.ts'],
  },
]

const { values } = parseArgs({ options: { only: { type: 'string' } } })
const chosen = MUTANTS.filter((mutant) => values.only === undefined || mutant.name.includes(values.only))
const repo = join(dirname(fileURLToPath(import.meta.url)), '..')
const scratch = mkdtempSync(join(tmpdir(), 'ramp-sandbox-mutants-'))
const tree = join(scratch, 'tree')

/** Names of the tests vitest's JSON report says failed. */
function failedTests(reportFile: string): string[] {
  if (!existsSync(reportFile)) return []
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as { testResults: Array<{ assertionResults: Array<{ status: string; fullName: string }> }> }
  return report.testResults.flatMap((file) => file.assertionResults.filter((test) => test.status === 'failed').map((test) => test.fullName))
}

let survivors = 0
try {
  execFileSync('git', ['worktree', 'add', '--detach', tree, 'HEAD'], { cwd: repo, stdio: 'ignore' })
  symlinkSync(join(repo, 'node_modules'), join(tree, 'node_modules'), 'dir')
  // dist/ once, for tests that load the package; a mutant's edit must not make vitest's global setup rebuild it.
  execFileSync(process.execPath, ['scripts/ensure-built.js'], { cwd: tree, stdio: 'inherit' })
  const fresh = () => utimesSync(join(tree, 'dist/.built'), new Date(), new Date(Date.now() + 86_400_000))
  for (const mutant of chosen) {
    const path = join(tree, mutant.file)
    const original = readFileSync(path, 'utf8')
    if (original.split(mutant.from).length !== 2) {
      console.log(`✗ ${mutant.name}: no longer applies (${mutant.file} does not hold its line exactly once)`)
      survivors++
      continue
    }
    writeFileSync(path, original.replace(mutant.from, mutant.to))
    fresh()
    const reportFile = join(scratch, 'report.json')
    rmSync(reportFile, { force: true })
    const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...mutant.tests, '--reporter=json', `--outputFile=${reportFile}`], { cwd: tree, stdio: 'ignore' })
    writeFileSync(path, original)
    const caught = failedTests(reportFile)
    if (run.status === 0 || caught.length === 0) {
      survivors++
      console.log(`✗ ${mutant.name}: survived ${mutant.tests.join(', ')}`)
    } else {
      console.log(`✓ ${mutant.name}: caught by ${caught.length} test${caught.length === 1 ? '' : 's'}, e.g. "${caught[0]}"`)
    }
  }
} finally {
  spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: repo, stdio: 'ignore' })
  rmSync(scratch, { recursive: true, force: true })
}
console.log(`mutants: ${chosen.length - survivors} of ${chosen.length} caught`)
process.exitCode = survivors === 0 ? 0 : 1

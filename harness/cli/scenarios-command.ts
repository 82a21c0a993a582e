import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { checkScenario } from '../check-scenario.ts'
import type { BrowserEnv } from '../drivers/browser-driver.ts'
import { reactNativeExclusion } from '../drivers/host-exclusions.ts'
import { runInNode } from '../drivers/node-driver.ts'
import { sameSequence } from '../drivers/same-sequence.ts'
import type { Recording } from '../recording.ts'
import type { Scenario } from '../scenario.ts'
import { createScenarioLoader, LoaderMissing } from './load-scenario-file.ts'
import { DEFAULT_SCENARIO_GLOB, findScenarioFiles, scenarioId } from './scenario-files.ts'
import {
  driverLabel,
  jsonReport,
  junitReport,
  listLine,
  summaryLine,
  type DriverChoice,
  type RunReport,
  type ScenarioResult,
} from './scenario-report.ts'
import { tagLabels } from '../scenario-tags.ts'

export const SCENARIOS_USAGE = `Usage: ramp-sandbox scenarios [globs…] [options]

Runs scenario files (default export: defineScenario({…}) from 'ramp-sandbox/harness').
Globs, directories or files, relative to the working directory; default ${DEFAULT_SCENARIO_GLOB}.
.js/.mjs files load as they are; .ts files need tsx in your project (npm i -D tsx).

Options:
  --driver node|browser|both|react-native|all
                              node: in process, no browser (default); browser: Chromium through a real server
                              (needs playwright-core and a Chromium); both: each scenario under both, and
                              their event sequences must agree; react-native: Chromium with every frame top-level
                              and the React Native bridge injected, its sequences equal to the web host's
                              (scenarios tagged @web-host-only are skipped, with the reason); all: all three
  --grep <regexp>             only scenarios whose title or @tags match (e.g. --grep @checkout)
  --shard <i>/<n>             the i-th of n shares of the selected scenarios (by file path, every n-th)
  --seed <n>                  fixture seed of scenarios that set none (default 1)
  --reporter list|junit|json  list: readable, with a diff on failure (default); junit: JUnit XML; json
  --out <file>                write the report to this file (junit and json go to stdout otherwise)
  -h, --help                  show this help

Exit code: 0 all passed, 1 a scenario failed (or none was found), 2 bad options or nothing could run.`

/** Where the command reads and writes: the working directory and the two output streams (tests pass their own). */
interface CommandIO {
  cwd: string
  stdout(text: string): void
  stderr(text: string): void
}

const processIO = (): CommandIO => ({
  cwd: process.cwd(),
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
})

class UsageError extends Error {}

interface Options {
  globs: string[]
  driver: DriverChoice
  grep?: RegExp
  shard?: { index: number; of: number }
  seed?: number
  reporter: 'list' | 'junit' | 'json'
  out?: string
  help: boolean
}

/** What each --driver runs, in order: the web host before the React Native host it is compared with. */
const RUNS = new Map<DriverChoice, Array<'node' | 'browser' | 'react-native'>>([
  ['node', ['node']],
  ['browser', ['browser']],
  ['both', ['browser', 'node']],
  ['react-native', ['browser', 'react-native']],
  ['all', ['browser', 'node', 'react-native']],
])
const isDriverChoice = (driver: string): driver is DriverChoice => RUNS.has(driver as DriverChoice)

/** The command line, checked; throws UsageError naming the flag and its rule. */
function parseOptions(argv: string[]): Options {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        driver: { type: 'string' },
        grep: { type: 'string' },
        shard: { type: 'string' },
        seed: { type: 'string' },
        reporter: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const { values, positionals } = parsed
  const driver = values.driver ?? 'node'
  if (!isDriverChoice(driver))
    throw new UsageError(`--driver must be node, browser, both, react-native or all, not ${driver}`)
  const reporter = values.reporter ?? 'list'
  if (reporter !== 'list' && reporter !== 'junit' && reporter !== 'json')
    throw new UsageError(`--reporter must be list, junit or json, not ${reporter}`)
  let grep: RegExp | undefined
  if (values.grep !== undefined) {
    try {
      grep = new RegExp(values.grep)
    } catch (error) {
      throw new UsageError(`--grep must be a regular expression: ${(error as Error).message}`)
    }
  }
  let shard: Options['shard']
  if (values.shard !== undefined) {
    const match = /^(\d+)\/(\d+)$/.exec(values.shard)
    const [index, of] = match ? [Number(match[1]), Number(match[2])] : [0, 0]
    if (!match || of < 1 || index < 1 || index > of)
      throw new UsageError(`--shard must be i/n with 1 ≤ i ≤ n, such as 1/4, not ${values.shard}`)
    shard = { index, of }
  }
  let seed: number | undefined
  if (values.seed !== undefined) {
    if (!/^\d{1,10}$/.test(values.seed) || Number(values.seed) > 2 ** 31 - 1)
      throw new UsageError(`--seed must be a whole number from 0 to 2147483647, not ${values.seed}`)
    seed = Number(values.seed)
  }
  return { globs: positionals, driver, grep, shard, seed, reporter, out: values.out, help: values.help ?? false }
}

/** `@tag` words after the title: what --grep reads (as `npm run scenarios` names its tests). */
const grepText = (scenario: Scenario) => `${scenario.title} ${tagLabels(scenario)}`

/** The message of an error a driver threw, with the step timeline it recorded so far when it has one. */
function describeError(driver: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const recording = (error as { recording?: Recording } | undefined)?.recording
  const timeline = recording?.timeline.map((entry) => `  ${entry.actor} → ${entry.target}: ${entry.what}`).join('\n')
  return `${driver} driver: ${message}${timeline ? `\ntimeline:\n${timeline}` : ''}`
}

/** Starts the browser driver's environment, or explains what is missing (playwright-core, a Chromium). */
async function startBrowser(): Promise<BrowserEnv> {
  let driver: typeof import('../drivers/browser-driver.ts')
  try {
    driver = await import('../drivers/browser-driver.ts')
  } catch (error) {
    if (
      (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' &&
      /playwright/.test((error as Error).message)
    ) {
      throw new LoaderMissing(
        '--driver browser needs playwright-core in your project: npm i -D playwright-core (or @playwright/test).',
      )
    }
    throw error
  }
  try {
    return await driver.startBrowserEnv()
  } catch (error) {
    throw new LoaderMissing(`--driver browser could not start Chromium: ${(error as Error).message}`)
  }
}

/** Runs one scenario under one driver (or host); each host has its own server, so the same account on both. */
async function runUnder(
  name: 'node' | 'browser' | 'react-native',
  run: Scenario,
  browser: () => Promise<BrowserEnv>,
): Promise<Recording> {
  if (name === 'node') return runInNode(run)
  const { runInBrowser } = await import('../drivers/browser-driver.ts')
  return runInBrowser(await browser(), run, { host: name === 'react-native' ? 'react-native' : 'web' })
}

/**
 * Runs one scenario under the chosen driver(s) and checks it: expectations, and where two ran, their agreement (node
 * with browser, React Native host with web host). A scenario the React Native host cannot run is skipped there, with why.
 */
async function runOne(
  scenario: Scenario,
  driver: DriverChoice,
  browser: () => Promise<BrowserEnv>,
  account: string,
): Promise<{ failures: string[]; skipped?: string }> {
  // One account for both drivers (each has its own core), so their seeded data are the same.
  const run = { ...scenario, account: scenario.account ?? account }
  const skipped = reactNativeExclusion(scenario)
  let names = RUNS.get(driver)!
  if (skipped && names.includes('react-native')) {
    if (driver === 'react-native') return { failures: [], skipped }
    names = names.filter((name) => name !== 'react-native')
  }
  const failures: string[] = []
  const recordings: Partial<Record<'node' | 'browser' | 'react-native', Recording>> = {}
  for (const name of names) {
    try {
      recordings[name] = await runUnder(name, run, browser)
    } catch (error) {
      if (error instanceof LoaderMissing) throw error
      failures.push(describeError(name, error))
      continue
    }
    const unmet = checkScenario(run, recordings[name]!)
    failures.push(...(names.length > 1 ? unmet.map((failure) => `${name} driver: ${failure}`) : unmet))
  }
  if (recordings.browser && recordings.node) {
    const same = sameSequence(recordings.browser, recordings.node)
    if (!same.pass) failures.push(`the browser and node drivers disagree:\n${same.differences.join('\n\n')}`)
  }
  if (recordings['react-native'] && recordings.browser) {
    const same = sameSequence(recordings['react-native'], recordings.browser, ['react-native', 'web'])
    if (!same.pass) failures.push(`the React Native and web hosts disagree:\n${same.differences.join('\n\n')}`)
  }
  return { failures, ...(skipped && names.length > 0 && driver === 'all' ? { skipped } : {}) }
}

let runs = 0

/**
 * `ramp-sandbox scenarios [globs…] --driver --grep --shard --seed --reporter --out`: finds a project's scenario files,
 * loads them, selects (grep, then shard), runs each under the node driver, the browser driver or both, checks them with
 * the harness's matching engine, and reports. Resolves to the exit code: 0 all passed, 1 a failure (or no scenario
 * found), 2 a usage error or a run that cannot start (no tsx for .ts files, no Chromium for the browser driver).
 *
 * @example
 * process.exitCode = await runScenariosCommand(['scenarios/checkout', '--driver', 'both', '--reporter', 'junit', '--out', 'junit.xml'])
 */
export async function runScenariosCommand(argv: string[], io: CommandIO = processIO()): Promise<number> {
  let options: Options
  try {
    options = parseOptions(argv)
  } catch (error) {
    io.stderr(`ramp-sandbox scenarios: ${(error as Error).message}\n\n${SCENARIOS_USAGE}\n`)
    return 2
  }
  if (options.help) {
    io.stdout(`${SCENARIOS_USAGE}\n`)
    return 0
  }
  const started = performance.now()
  // A machine report on stdout keeps stdout to itself: the readable lines go to stderr then.
  const say = options.reporter !== 'list' && options.out === undefined ? io.stderr : io.stdout
  const files = findScenarioFiles(options.globs, io.cwd)
  if (files.length === 0) {
    io.stderr(
      `ramp-sandbox scenarios: no scenario files match ${(options.globs.length ? options.globs : [DEFAULT_SCENARIO_GLOB]).join(' ')} in ${io.cwd}\n`,
    )
    return 1
  }

  const loader = createScenarioLoader(io.cwd)
  let browser: Promise<BrowserEnv> | undefined
  const results: ScenarioResult[] = []
  try {
    const loaded: Array<{ id: string; file: string; scenario?: Scenario; error?: string }> = []
    for (const file of files) {
      const id = scenarioId(file, io.cwd)
      try {
        loaded.push({ id, file, scenario: await loader.load(file) })
      } catch (error) {
        if (error instanceof LoaderMissing) throw error
        loaded.push({ id, file, error: `could not load ${file}: ${(error as Error).message}` })
      }
    }
    // A file that does not load is a failure whatever --grep says: its title is unknown.
    const matching = loaded.filter(
      ({ scenario }) => !scenario || !options.grep || options.grep.test(grepText(scenario)),
    )
    const selected = options.shard
      ? matching.filter((_, index) => index % options.shard!.of === options.shard!.index - 1)
      : matching
    say(
      `ramp-sandbox scenarios: ${selected.length} of ${files.length} scenario file${files.length === 1 ? '' : 's'}` +
        `${options.grep ? ` (--grep ${options.grep.source})` : ''}${options.shard ? ` (shard ${options.shard.index}/${options.shard.of})` : ''}` +
        `, ${driverLabel(options.driver)}${options.seed === undefined ? '' : `, seed ${options.seed}`}\n\n`,
    )
    if (matching.length === 0) {
      io.stderr(`ramp-sandbox scenarios: no scenario matches --grep ${options.grep!.source}\n`)
      return 1
    }
    const browserEnv = () => (browser ??= startBrowser())
    // Chromium and the server start before the first scenario, so its time is its own.
    if (options.driver !== 'node' && selected.some(({ scenario }) => scenario)) await browserEnv()
    for (const { id, file, scenario, error } of selected) {
      const begin = performance.now()
      const base = { id, file: relative(io.cwd, file), title: scenario?.title ?? id, tags: scenario?.tags ?? [] }
      const run = scenario && { ...scenario, seed: scenario.seed ?? options.seed }
      const { failures, skipped } = run
        ? await runOne(run, options.driver, browserEnv, `cli_${process.pid}_${++runs}`)
        : { failures: [error!] }
      const status =
        failures.length > 0 ? 'failed' : skipped && options.driver === 'react-native' ? 'skipped' : 'passed'
      const result: ScenarioResult = {
        ...base,
        status,
        ...(skipped ? { skipped } : {}),
        durationMs: performance.now() - begin,
        failures,
      }
      results.push(result)
      say(`${listLine(result)}\n`)
    }
  } catch (error) {
    if (!(error instanceof LoaderMissing)) throw error
    io.stderr(`ramp-sandbox scenarios: ${error.message}\n`)
    return 2
  } finally {
    await loader.close()
    if (browser) await (await browser.catch(() => undefined))?.close()
  }

  const report: RunReport = {
    driver: options.driver,
    seed: options.seed,
    grep: options.grep?.source,
    shard: options.shard && `${options.shard.index}/${options.shard.of}`,
    durationMs: performance.now() - started,
    results,
  }
  say(`\n${summaryLine(report)}\n`)
  const text =
    options.reporter === 'junit' ? junitReport(report) : options.reporter === 'json' ? jsonReport(report) : undefined
  if (options.out !== undefined) {
    const out = resolve(io.cwd, options.out)
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(out, text ?? `${results.map(listLine).join('\n')}\n\n${summaryLine(report)}\n`)
    say(`report: ${out}\n`)
  } else if (text !== undefined) io.stdout(text)
  return results.some((result) => result.status === 'failed') ? 1 : 0
}

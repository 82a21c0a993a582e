// `npm run scenarios`: the scenario catalog under the node driver (vitest) and the browser driver (@playwright/test),
// whose frames run on a web host page or, with `--driver react-native`, as a React Native app shows them.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

const USAGE = `npm run scenarios -- [--driver node|browser|both|react-native|all] [--grep <pattern>] [--shard i/n] [--seed <n>] [--accounts <n>]
  --driver    which driver runs the catalog (default both = node and browser); react-native: the browser driver with
              every frame top-level and the React Native bridge injected (RAMP_HOST=react-native), compared with the
              web host; all: node, browser and react-native
  --grep      only scenarios whose title or tags match (vitest -t, playwright --grep), e.g. @connect
  --shard     this shard of the catalog, e.g. 1/4 (both runners' --shard)
  --seed      the seed of scenarios that set none (RAMP_SCENARIO_SEED, default 1)
  --accounts  instead, the node driver runs every scenario under n random accounts (harness/catalog-across-accounts.test.ts):
              the same numbers under any account (docs/decisions/0052)
Reports: reports/node/junit.xml, reports/node/html/index.html, reports/browser/junit.xml, reports/browser/html/index.html,
  reports/react-native/junit.xml, reports/react-native/html/index.html`

const DRIVERS = ['node', 'browser', 'both', 'react-native', 'all'] as const
type Driver = (typeof DRIVERS)[number]

/** What the command line asks for; throws with the usage on anything else. */
function options() {
  const { values } = parseArgs({
    options: {
      driver: { type: 'string', default: 'both' },
      grep: { type: 'string' },
      shard: { type: 'string' },
      seed: { type: 'string' },
      accounts: { type: 'string' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  if (!DRIVERS.includes(values.driver as Driver))
    throw new Error(`--driver must be node, browser, both, react-native or all\n${USAGE}`)
  if (values.shard !== undefined && !/^\d+\/\d+$/.test(values.shard))
    throw new Error(`--shard must look like 1/4\n${USAGE}`)
  if (values.seed !== undefined && !/^\d+$/.test(values.seed))
    throw new Error(`--seed must be a whole number\n${USAGE}`)
  if (values.accounts !== undefined && !/^[1-9]\d*$/.test(values.accounts))
    throw new Error(`--accounts must be a whole number from 1\n${USAGE}`)
  if (values.accounts !== undefined && values.driver !== 'node' && values.driver !== 'both')
    throw new Error(`--accounts runs the node driver only\n${USAGE}`)
  if (values.accounts !== undefined && values.shard !== undefined)
    throw new Error(`--accounts runs the whole catalog: no --shard\n${USAGE}`)
  return values as { driver: Driver; grep?: string; shard?: string; seed?: string; accounts?: string }
}

const bin = (name: string) => join('node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name)

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv): boolean {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  if (result.error) console.error(`${label}: ${result.error.message}`)
  return result.status === 0
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** Per scenario, the node driver's test durations (ms) from vitest's JUnit report. */
function nodeTimes(): number[] {
  const file = 'reports/node/junit.xml'
  if (!existsSync(file)) return []
  const cases = [
    ...readFileSync(file, 'utf8').matchAll(
      /<testcase [^>]*name="([^"]*)"[^>]*time="([\d.]+)"[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g,
    ),
  ]
  return cases
    .filter(([, name, , body]) => name!.includes(': ') && !body?.includes('<skipped'))
    .map(([, , time]) => Number(time) * 1000)
}

/** Per scenario, the browser driver's run (ms), as the spec annotates it (`browser-driver-ms`) in Playwright's JSON report. */
function browserTimes(file = 'reports/browser/results.json'): number[] {
  if (!existsSync(file)) return []
  const times: number[] = []
  const walk = (suite: any) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? []) {
          const annotation = [...(result.annotations ?? []), ...(test.annotations ?? [])].find(
            (a: { type: string }) => a.type === 'browser-driver-ms',
          )
          if (annotation) times.push(Number(annotation.description))
        }
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite)
  return times
}

/** `--accounts n`: the node driver's catalog under n random accounts, one vitest run. */
function acrossAccounts(accounts: string, grep: string | undefined, env: NodeJS.ProcessEnv): number {
  const started = Date.now()
  const args = ['run', 'harness/catalog-across-accounts.test.ts', ...(grep === undefined ? [] : ['-t', grep])]
  const ok = run(`node driver under ${accounts} accounts (vitest)`, bin('vitest'), args, {
    ...env,
    RAMP_SCENARIO_ACCOUNTS: accounts,
  })
  console.log(
    `\nscenarios under ${accounts} accounts (${((Date.now() - started) / 1000).toFixed(1)} s): ${ok ? 'passed' : 'FAILED'}`,
  )
  return ok ? 0 : 1
}

function main(): number {
  const { driver, grep, shard, seed, accounts } = options()
  const env: NodeJS.ProcessEnv = { ...process.env, ...(seed === undefined ? {} : { RAMP_SCENARIO_SEED: seed }) }
  if (accounts !== undefined) return acrossAccounts(accounts, grep, env)
  const outcomes: Array<[string, boolean]> = []
  const started = Date.now()
  // Timings come from this run's reports only.
  for (const file of ['reports/node/junit.xml', 'reports/browser/results.json', 'reports/react-native/results.json'])
    rmSync(file, { force: true })
  if (driver === 'node' || driver === 'both' || driver === 'all') {
    const args = [
      'run',
      'harness/node-catalog.test.ts',
      '--reporter=default',
      '--reporter=junit',
      '--outputFile.junit=reports/node/junit.xml',
      '--reporter=html',
      '--outputFile.html=reports/node/html/index.html',
    ]
    if (grep !== undefined) args.push('-t', grep)
    // vitest shards by file and the catalog is one file: the catalog test shards itself by RAMP_SCENARIO_SHARD.
    if (shard !== undefined) env.RAMP_SCENARIO_SHARD = shard
    outcomes.push(['node driver', run('node driver (vitest)', bin('vitest'), args, env)])
  }
  const args = ['test']
  if (grep !== undefined) args.push('--grep', grep)
  if (shard !== undefined) args.push('--shard', shard)
  if (driver === 'browser' || driver === 'both' || driver === 'all') {
    outcomes.push([
      'browser driver',
      run('browser driver (@playwright/test)', bin('playwright'), args, { ...env, RAMP_HOST: 'web' }),
    ])
  }
  if (driver === 'react-native' || driver === 'all') {
    outcomes.push([
      'react-native host',
      run('browser driver, React Native host (@playwright/test)', bin('playwright'), args, {
        ...env,
        RAMP_HOST: 'react-native',
      }),
    ])
  }
  console.log(
    `\nscenarios (${((Date.now() - started) / 1000).toFixed(1)} s${seed === undefined ? '' : `, seed ${seed}`}):`,
  )
  const times: Record<string, number[]> = {
    'node driver': nodeTimes(),
    'browser driver': browserTimes(),
    'react-native host': browserTimes('reports/react-native/results.json'),
  }
  for (const [label, ok] of outcomes) {
    const list = times[label]!
    const timing =
      list.length > 0 ? `${list.length} scenarios, median ${median(list).toFixed(0)} ms per scenario` : 'no timings'
    console.log(`  ${ok ? 'passed' : 'FAILED'}  ${label}: ${timing}`)
  }
  return outcomes.every(([, ok]) => ok) ? 0 : 1
}

try {
  process.exitCode = main()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 2
}

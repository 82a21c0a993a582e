// `npm run repeat -- [--times 10] [--load 1] [--keep-going] -- <command …>`: runs a command again and again, optionally
// with busy loops holding cores, and counts the runs that passed. What "run it 50 times on a loaded machine" means.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

const USAGE = `npm run repeat -- [--times N] [--load CORES] [--keep-going] [--logs DIR] -- <command> [args…]
  --times       how many runs (default 10)
  --load        busy loops running beside every run, each holding one core (default 0)
  --keep-going  go on after a failed run (default: stop at the first)
  --logs        where each failed run's output is written (default reports/repeat)
Example: npm run repeat -- --times 50 --load 1 -- npx vitest run sandbox/frames/browser/frame-boundaries.browser.test.ts`

interface Options {
  times: number
  load: number
  keepGoing: boolean
  logs: string
  command: string[]
}

function options(argv: string[]): Options {
  const split = argv.indexOf('--')
  const { values } = parseArgs({
    args: split === -1 ? argv : argv.slice(0, split),
    options: {
      times: { type: 'string', default: '10' },
      load: { type: 'string', default: '0' },
      'keep-going': { type: 'boolean', default: false },
      logs: { type: 'string', default: 'reports/repeat' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  const command = split === -1 ? [] : argv.slice(split + 1)
  const times = Number(values.times)
  const load = Number(values.load)
  if (command.length === 0 || !Number.isInteger(times) || times < 1 || !Number.isInteger(load) || load < 0) {
    console.error(USAGE)
    process.exit(2)
  }
  return { times, load, keepGoing: values['keep-going']!, logs: values.logs!, command }
}

/** A process spinning one core until it is killed. */
function busyLoop(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
}

/** One run of the command: whether it passed, how long it took, and everything it printed. */
function runOnce(command: string[]): Promise<{ passed: boolean; seconds: number; output: string }> {
  const started = performance.now()
  return new Promise((done) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', (error) =>
      done({ passed: false, seconds: (performance.now() - started) / 1000, output: `${output}\n${error.message}` }),
    )
    child.once('close', (code) => done({ passed: code === 0, seconds: (performance.now() - started) / 1000, output }))
  })
}

const { times, load, keepGoing, logs, command } = options(process.argv.slice(2))
const hogs = Array.from({ length: load }, busyLoop)
const stopHogs = () => {
  for (const hog of hogs) hog.kill('SIGKILL')
}
process.once('SIGINT', () => (stopHogs(), process.exit(130)))
process.once('SIGTERM', () => (stopHogs(), process.exit(143)))

const results: Array<{ passed: boolean; seconds: number }> = []
try {
  for (let run = 1; run <= times; run++) {
    const result = await runOnce(command)
    results.push(result)
    let line = `run ${run}/${times}: ${result.passed ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(1)} s`
    if (!result.passed) {
      mkdirSync(logs, { recursive: true })
      const file = join(logs, `run-${run}.log`)
      writeFileSync(file, result.output)
      line += ` (output: ${file})`
    }
    console.log(line)
    if (!result.passed && !keepGoing) break
  }
} finally {
  stopHogs()
}
const passed = results.filter((result) => result.passed).length
const seconds = results.map((result) => result.seconds).sort((a, b) => a - b)
console.log(
  `repeat: ${passed} of ${results.length} passed (${command.join(' ')}; ${load} core${load === 1 ? '' : 's'} loaded; median ${seconds[Math.floor(seconds.length / 2)]!.toFixed(1)} s, slowest ${seconds.at(-1)!.toFixed(1)} s)`,
)
process.exitCode = passed === results.length && results.length === times ? 0 : 1

/**
 * Start-up time and idle memory of the built sandbox, against a bare node:http
 * process, measured side by side in one run (alternating rounds):
 *
 * - start-up: from spawn to the first stdout line of `node dist/sandbox/cli.js serve --port 0 --frames-port 0`,
 *   and of a `node -e` http server that prints a line when listening; median of the rounds, ratio (target ≤ 2.5×, issue 25);
 * - RSS: resident memory of each, a second after its ready line, before any request (target ≤ 80 MB, issue 25).
 *
 *   npm run bench                       # builds dist/ if stale, then this, then the throughput bench
 *   BENCH_START_ROUNDS=9 node --import tsx bench/start-up.ts
 *
 * Both run with the flags `npm start` uses (`--max-semi-space-size=32`).
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { processRssMb } from '#scripts/process-rss.ts'

const rounds = Number(process.env.BENCH_START_ROUNDS ?? 7)
const FLAGS = ['--max-semi-space-size=32']
const SANDBOX = [...FLAGS, 'dist/sandbox/cli.js', 'serve', '--port', '0', '--frames-port', '0']
const BARE = [
  ...FLAGS,
  '-e',
  "require('node:http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', () => console.log('ready'))",
]
const SETTLE_MS = 1_000
/** The targets (issue 25): start to ready within 2.5 × a bare node process, idle RSS within 80 MB. */
const MAX_RATIO = 2.5
const MAX_RSS_MB = 80

if (!existsSync('dist/sandbox/cli.js')) throw new Error('no dist/: run `npm run build` first (npm run bench does)')

/** Spawns node with `args`, waits for its first stdout line; the time to it (ms) and the RSS a moment later. */
function startOnce(args: string[]): Promise<{ ms: number; rss: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    let ms: number | undefined
    child.stdout.on('data', (chunk: Buffer) => {
      if (ms !== undefined || !chunk.includes('\n')) return
      const ready = performance.now() - started
      ms = ready
      setTimeout(() => {
        const rss = processRssMb(child.pid!)
        child.kill('SIGKILL')
        resolve({ ms: ready, rss })
      }, SETTLE_MS)
    })
    child.once(
      'exit',
      (code) => ms === undefined && reject(new Error(`node ${args.join(' ')} exited ${code} before its ready line`)),
    )
  })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

console.log(`start-up and idle RSS: ${rounds} rounds, sandbox from dist/ against a bare node:http process`)
await startOnce(BARE) // warm the file cache for both
await startOnce(SANDBOX)
const bare: Array<{ ms: number; rss: number }> = []
const sandbox: Array<{ ms: number; rss: number }> = []
for (let round = 0; round < rounds; round++) {
  // Alternate which goes first, so a drift in the machine's load hits both sides.
  if (round % 2 === 0) {
    bare.push(await startOnce(BARE))
    sandbox.push(await startOnce(SANDBOX))
  } else {
    sandbox.push(await startOnce(SANDBOX))
    bare.push(await startOnce(BARE))
  }
  console.log(
    `  round ${round + 1}: bare ${bare.at(-1)!.ms.toFixed(0)} ms, ${bare.at(-1)!.rss.toFixed(0)} MB; sandbox ${sandbox.at(-1)!.ms.toFixed(0)} ms, ${sandbox.at(-1)!.rss.toFixed(0)} MB`,
  )
}
const startRatio = median(sandbox.map((s) => s.ms)) / median(bare.map((b) => b.ms))
const sandboxRss = median(sandbox.map((s) => s.rss))
console.log(
  `start-up: bare ${median(bare.map((b) => b.ms)).toFixed(0)} ms, sandbox ${median(sandbox.map((s) => s.ms)).toFixed(0)} ms (medians); sandbox/bare = ${startRatio.toFixed(2)} (target <= ${MAX_RATIO})`,
)
console.log(
  `idle RSS: bare ${median(bare.map((b) => b.rss)).toFixed(0)} MB, sandbox ${sandboxRss.toFixed(0)} MB (medians; target <= ${MAX_RSS_MB} MB)`,
)
process.exitCode = startRatio <= MAX_RATIO && sandboxRss <= MAX_RSS_MB ? 0 : 1

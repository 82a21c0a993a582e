/**
 * Throughput of the sell-quote endpoint over real HTTP, as a ratio against a
 * bare node:http server answering a same-sized JSON body, measured in the same
 * run (alternating rounds, load from a second process).
 *
 *   npm run bench            # prints sandbox/bare = R (target: R >= 0.5)
 *   BENCH_SECONDS=3 BENCH_ROUNDS=3 npm run bench
 *
 * Both servers run in this process with the flags `npm start` uses
 * (`--max-semi-space-size=32`, see docs/decisions), so the baseline and the
 * sandbox share one runtime configuration.
 */
import { execFile, execFileSync } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { startServer } from '../sandbox/adapters/node-http/index.ts'
import { median } from '../scripts/statistics.ts'

const run = promisify(execFile)
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const rounds = Number(process.env.BENCH_ROUNDS ?? 7)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
const QUOTE = '/v3/currencies/eth/sell_quote?apiKey=pk_test_bench&quoteCurrencyCode=usd&baseCurrencyAmount=0.5&payoutMethod=sepa_bank_transfer'

// On a multi-core Linux machine, the servers (this process) and the load
// generator get a core each, so the scheduler does not move them onto one.
function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-cp', '0', String(process.pid)], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
const pinned = hasTaskset()
const loadCommand = pinned ? ['taskset', '-c', '1', process.execPath] : [process.execPath]

/** Requests per second, and this process's CPU time per request (µs, GC threads included). */
async function measure(url: string): Promise<{ rate: number; cpuUs: number }> {
  const [command, ...prefix] = loadCommand as [string, ...string[]]
  const cpuBefore = process.cpuUsage()
  const { stdout } = await run(command, [...prefix, '--import', 'tsx', 'bench/load.ts', url, String(connections), String(seconds)])
  const cpu = process.cpuUsage(cpuBefore)
  const result = JSON.parse(stdout) as { requests: number; non2xx: number; errors: number }
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { rate: result.requests, cpuUs: (cpu.user + cpu.system) / (result.requests * seconds) }
}


const sandbox = await startServer({ port: 0, framesPort: 0, logger: () => {} })
const sample = await (await fetch(`${sandbox.apiUrl}${QUOTE}`)).text()
const bare: Server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(sample)) })
  response.end(sample)
})
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}${QUOTE}`

console.log(`sell-quote throughput: ${rounds} rounds x ${seconds}s, ${connections} connections, body ${Buffer.byteLength(sample)} bytes${pinned ? ', servers on core 0, load on core 1' : ''}`)
await measure(bareUrl)
await measure(`${sandbox.apiUrl}${QUOTE}`)
// Paired rounds: bare and sandbox back to back, so drift in the machine's load
// affects both sides of each ratio; the median ratio is reported.
const bareRates: number[] = []
const sandboxRates: number[] = []
const ratios: number[] = []
const cpuRatios: number[] = []
for (let round = 0; round < rounds; round++) {
  const first = round % 2 === 0 ? 'bare' : 'sandbox'
  const a = await measure(first === 'bare' ? bareUrl : `${sandbox.apiUrl}${QUOTE}`)
  const b = await measure(first === 'bare' ? `${sandbox.apiUrl}${QUOTE}` : bareUrl)
  const [bareRun, sandboxRun] = first === 'bare' ? [a, b] : [b, a]
  bareRates.push(bareRun.rate)
  sandboxRates.push(sandboxRun.rate)
  ratios.push(sandboxRun.rate / bareRun.rate)
  cpuRatios.push(bareRun.cpuUs / sandboxRun.cpuUs)
  console.log(
    `  round ${round + 1}: bare ${bareRun.rate.toFixed(0)} req/s (${bareRun.cpuUs.toFixed(1)} µs CPU/req), ` +
      `sandbox ${sandboxRun.rate.toFixed(0)} req/s (${sandboxRun.cpuUs.toFixed(1)} µs CPU/req), ratio ${ratios.at(-1)!.toFixed(2)}`,
  )
}
const ratio = median(ratios)
console.log(`bare = ${median(bareRates).toFixed(0)} req/s (median)`)
console.log(`sandbox = ${median(sandboxRates).toFixed(0)} req/s (median)`)
console.log(`CPU per request, bare/sandbox = ${median(cpuRatios).toFixed(2)} (median; steadier than throughput on a busy machine)`)
console.log(`sandbox/bare = ${ratio.toFixed(2)} (median of ${rounds} paired rounds; target >= 0.5)`)
bare.close()
await sandbox.close()
process.exitCode = ratio >= 0.5 ? 0 : 1

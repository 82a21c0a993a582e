/**
 * Throughput of every route family over real HTTP, each as a ratio against a bare `node:http` server answering a body
 * of the same size, measured in the same run: paired rounds (bare and sandbox back to back, the order alternating),
 * load from a second process (`bench/load-generator.ts`: wrk when installed, autocannon otherwise), the median ratio
 * per family. Targets: the sell quote ≥ 0.6, every other family ≥ 0.35 (issue 25).
 *
 *   npm run bench
 *   BENCH_SECONDS=2 BENCH_ROUNDS=5 BENCH_ONLY='journal|openapi' node --max-semi-space-size=32 --import tsx bench/route-families.ts
 *
 * The servers run in this process, with the flags `npm start` uses (`--max-semi-space-size=32`).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startServer } from '../dist/sandbox/adapters/node-http/index.js'
import { median } from '#scripts/statistics.ts'
import { loadGenerator, type LoadSpec } from './load-generator.ts'
import { prepareFamilies } from './route-family-setup.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 2)
const rounds = Number(process.env.BENCH_ROUNDS ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined

// Sessions are made as fast as the server answers (several thousand a second since decision 0103): the caps one
// account may hold are raised so that a run at full speed never meets them (what is measured is the answer, not a 429).
const sandbox = await startServer({
  port: 0,
  framesPort: 0,
  logger: () => {},
  limits: { sessions: 1_000_000, records: 1_000_000, accountBytes: 1024 * 1024 * 1024, bytes: 1024 * 1024 * 1024 },
})
const families = (await prepareFamilies(sandbox)).filter((family) => !only || only.test(family.name))

// The bare server answers whatever body the family in measure sent, with the same content type.
let bareBody = Buffer.alloc(0)
let bareType = 'application/json; charset=utf-8'
const bare = createServer((request, response) => {
  request.resume()
  request.on('end', () => {
    response.writeHead(200, { 'content-type': bareType, 'content-length': String(bareBody.length) })
    response.end(bareBody)
  })
})
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
const bareOrigin = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`

const load = loadGenerator()
/** Requests per second, and this process's CPU time per request (µs): the servers run here. */
async function measure(
  spec: Omit<LoadSpec, 'connections' | 'seconds'>,
  runSeconds = seconds,
): Promise<{ rate: number; cpuUs: number }> {
  // The servers share this process: the sandbox's garbage is collected before each run, not during the next one.
  globalThis.gc?.()
  const cpuBefore = process.cpuUsage()
  const result = await load.run({ ...spec, connections, seconds: runSeconds })
  const cpu = process.cpuUsage(cpuBefore)
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${spec.method ?? 'GET'} ${spec.url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { rate: result.rate, cpuUs: (cpu.user + cpu.system) / (result.rate * runSeconds) }
}

console.log(
  `route families: ${rounds} paired rounds x ${seconds} s, ${connections} connections, load by ${load.name}${load.pinned ? ', servers on core 0, load on core 1' : ''}`,
)
const rows: Array<{
  name: string
  bytes: number
  bare: number
  sandbox: number
  ratio: number
  cpuRatio: number
  target: number
}> = []
for (const family of families) {
  await family.beforeRun?.()
  const sample = await fetch(family.request.url, {
    method: family.request.method ?? 'GET',
    headers: family.request.headers ?? {},
    ...(family.request.body === undefined ? {} : { body: family.request.body }),
  })
  bareBody = Buffer.from(await sample.arrayBuffer())
  bareType = sample.headers.get('content-type') ?? 'application/octet-stream'
  if (!sample.ok) throw new Error(`${family.name}: answered ${sample.status}: ${bareBody.toString()}`)
  const bareSpec = { ...family.request, url: `${bareOrigin}${new URL(family.request.url).pathname}` }
  const sandboxRun = async () => (await family.beforeRun?.(), measure(family.request))
  // A short warm-up of each, so both run optimised code.
  await measure(bareSpec, 1)
  await family.beforeRun?.()
  await measure(family.request, 1)
  const ratios: number[] = []
  const cpuRatios: number[] = []
  const bareRates: number[] = []
  const sandboxRates: number[] = []
  for (let round = 0; round < rounds; round++) {
    const bareFirst = round % 2 === 0
    const a = bareFirst ? await measure(bareSpec) : await sandboxRun()
    const b = bareFirst ? await sandboxRun() : await measure(bareSpec)
    const [bareResult, sandboxResult] = bareFirst ? [a, b] : [b, a]
    bareRates.push(bareResult.rate)
    sandboxRates.push(sandboxResult.rate)
    ratios.push(sandboxResult.rate / bareResult.rate)
    cpuRatios.push(bareResult.cpuUs / sandboxResult.cpuUs)
  }
  const row = {
    name: family.name,
    bytes: bareBody.length,
    bare: median(bareRates),
    sandbox: median(sandboxRates),
    ratio: median(ratios),
    cpuRatio: median(cpuRatios),
    target: family.target,
  }
  rows.push(row)
  console.log(`  ${row.name}: ratios ${ratios.map((r) => r.toFixed(3)).join(' ')}`)
}
load.close()
bare.close()
await sandbox.close()

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
console.log('')
console.log(
  '| route family | body | bare req/s | sandbox req/s | sandbox / bare | CPU per request, bare / sandbox | target |',
)
console.log('|---|---|---|---|---|---|---|')
for (const row of rows) {
  const mark = row.ratio >= row.target ? '' : ' **below**'
  console.log(
    `| ${row.name} | ${kb(row.bytes)} | ${row.bare.toFixed(0)} | ${row.sandbox.toFixed(0)} | ${row.ratio.toFixed(2)}${mark} | ${row.cpuRatio.toFixed(2)} | ≥ ${row.target} |`,
  )
}
const missed = rows.filter((row) => row.ratio < row.target)
console.log(
  missed.length === 0
    ? 'route families: every family meets its target'
    : `route families: below target: ${missed.map((row) => row.name).join(', ')}`,
)
process.exitCode = missed.length === 0 ? 0 : 1

/**
 * A burst of new accounts (issue 17): N accounts make their first store-loading call (a session create) at once,
 * while one account already built asks for sell quotes one after another. Printed for a server that builds each
 * new store in slices, yielding to the event loop between them (the default), and one that builds it in one go,
 * in the same run: the burst's duration, the new accounts' latency, and the other account's latency during the
 * burst against its latency with no burst (the baseline). Since decision 0103 a new account builds nothing of its own:
 * only the first account on a seed and mode draws the shared seed (in slices, or in one go), so the two servers
 * differ in the first build alone.
 *
 *   npm run bench:new-accounts -- [N=500] [rounds=3]
 */
import { Agent, request } from 'node:http'
import { median, quantile } from '#scripts/statistics.ts'
import { spawnBenchServer } from './spawn-bench-server.ts'

const accounts = Number(process.argv[2] ?? 500)
const rounds = Number(process.argv[3] ?? 3)
/** The burst's connections, and the other account's own: its requests never wait for a socket behind the burst. */
const burstAgent = new Agent({ keepAlive: true, maxSockets: 64 })
const probeAgent = new Agent({ keepAlive: true, maxSockets: 1 })

/** One request; resolves with its status and how long it took (ms). */
function timed(
  agent: Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; ms: number }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (res) => {
      res.resume().once('end', () => resolve({ status: res.statusCode!, ms: performance.now() - started }))
    })
    req.once('error', reject)
    req.end(body)
  })
}

const sellQuote = (api: string) =>
  timed(
    probeAgent,
    `${api}/v3/currencies/eth/sell_quote?apiKey=pk_test_probe&quoteCurrencyCode=usd&baseCurrencyAmount=0.5`,
    'GET',
    {},
  )
const firstCall = (api: string, account: string) =>
  timed(
    burstAgent,
    `${api}/platform/v1/sessions`,
    'POST',
    { 'x-api-key': `sk_test_${account}`, 'content-type': 'application/json' },
    JSON.stringify({ externalCustomerId: 'first', deviceIp: '203.0.113.7' }),
  )

/** Asks for sell quotes one after another until `until` settles; their latencies. */
async function probe(api: string, until: Promise<unknown>): Promise<number[]> {
  let done = false
  void until.finally(() => (done = true))
  const latencies: number[] = []
  while (!done) latencies.push((await sellQuote(api)).ms)
  return latencies
}

async function measure(inOneGo: boolean, round: number) {
  const { child, api } = await spawnBenchServer(accounts + 10, inOneGo ? ['--in-one-go'] : [])
  try {
    await firstCall(api, 'probe')
    for (let i = 0; i < 200; i++) await sellQuote(api)
    const idle = await probe(api, new Promise((resolve) => setTimeout(resolve, 1_000)))
    const started = performance.now()
    const burst = Promise.all(Array.from({ length: accounts }, (_, i) => firstCall(api, `burst_${round}_${i}`)))
    const during = await probe(api, burst)
    const calls = await burst
    const seconds = (performance.now() - started) / 1_000
    const failed = calls.filter((call) => call.status !== 201).length
    if (failed > 0) throw new Error(`${failed} of ${accounts} first calls did not answer 201`)
    const byMs = (values: number[]) => values.sort((a, b) => a - b)
    const [news, before, while_] = [byMs(calls.map((call) => call.ms)), byMs(idle), byMs(during)]
    return {
      seconds,
      newP50: quantile(news, 0.5),
      newP99: quantile(news, 0.99),
      idleP99: quantile(before, 0.99),
      duringP50: quantile(while_, 0.5),
      duringP99: quantile(while_, 0.99),
      duringMax: quantile(while_, 1),
    }
  } finally {
    child.kill('SIGTERM')
  }
}

const rows: Array<{ mode: string } & Awaited<ReturnType<typeof measure>>> = []
for (let round = 0; round < rounds; round++) {
  rows.push({ mode: 'in slices', ...(await measure(false, round)) })
  rows.push({ mode: 'in one go', ...(await measure(true, round)) })
}
const f = (value: number) => value.toFixed(1).padStart(8)
console.log(`new-account burst: ${accounts} accounts' first calls at once (64 connections), ${rounds} paired rounds`)
console.log(
  'mode         burst s  new p50  new p99  other p50  other p99  other max  other idle p99  other p99 / idle p99',
)
for (const row of rows)
  console.log(
    `${row.mode.padEnd(11)} ${f(row.seconds)} ${f(row.newP50)} ${f(row.newP99)} ${f(row.duringP50)}   ${f(row.duringP99)}  ${f(row.duringMax)}  ${f(row.idleP99)}        ${(row.duringP99 / row.idleP99).toFixed(1)}`,
  )
const medianOf = (mode: string, pick: (row: (typeof rows)[number]) => number) =>
  median(rows.filter((row) => row.mode === mode).map(pick))
console.log(
  JSON.stringify({
    newAccounts: {
      accounts,
      rounds,
      otherP99Ms: {
        inSlices: medianOf('in slices', (r) => r.duringP99),
        inOneGo: medianOf('in one go', (r) => r.duringP99),
      },
      newP99Ms: { inSlices: medianOf('in slices', (r) => r.newP99), inOneGo: medianOf('in one go', (r) => r.newP99) },
    },
  }),
)
burstAgent.destroy()
probeAgent.destroy()

/**
 * A new account's first session against a warm account's (issue 43): on one keep-alive connection to a started
 * server, pairs of `POST /platform/v1/sessions` alternate between a NEW account (its first call: the account and its
 * store are made for it) and one WARM account (made and used before), the order within a pair alternating too. A few
 * warm-up pairs are not counted. Prints the medians and p90 of both and the ratio of the medians, new / warm
 * (target ≤ 3); exits 1 when the target is missed or any call is not answered 201.
 *
 *   npm run bench:first-session -- [pairs=300] [warm-up pairs=10]
 *
 * The server runs in a process of its own (`bench/new-accounts-server.ts`, with the flag `npm start` uses:
 * `--max-semi-space-size=32`) so the client's work in this process is not counted in either figure; it has room for
 * every account of the run and their records, so none is evicted or refused.
 */
import { Agent, request } from 'node:http'
import { median, quantile } from '#scripts/statistics.ts'
import { spawnBenchServer } from './spawn-bench-server.ts'

const pairs = Number(process.argv[2] ?? 300)
const warmUps = Number(process.argv[3] ?? 10)
/** The target (issue 43): a new account's first session costs at most this many times a warm account's. */
const MAX_RATIO = 3
/** One connection, kept alive: both kinds of call go down the same socket, one at a time. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 })
const BODY = JSON.stringify({ externalCustomerId: 'first', deviceIp: '203.0.113.7' })

/** A call that was not answered 201: its status and body, for the report. */
interface Refusal {
  account: string
  status: number
  body: string
}
const refusals: Refusal[] = []
/** Connections opened after the first: should stay 0 (one keep-alive connection for the whole run). */
let reconnects = 0

/** One session create for `account`; how long it took (ms), from the request's start to its answer's last byte. */
function createSession(api: string, account: string, first: boolean): Promise<number> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = request(
      `${api}/platform/v1/sessions`,
      {
        method: 'POST',
        agent,
        headers: { 'x-api-key': `sk_test_${account}`, 'content-type': 'application/json' },
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
        res.once('end', () => {
          const ms = performance.now() - started
          if (res.statusCode !== 201) refusals.push({ account, status: res.statusCode!, body })
          resolve(ms)
        })
      },
    )
    req.once('socket', () => {
      if (!first && !req.reusedSocket) reconnects++
    })
    req.once('error', reject)
    req.end(BODY)
  })
}

const { child, api } = await spawnBenchServer(pairs + warmUps + 10)
try {
  // The warm account: made, its store built, and used a few times.
  const WARM = 'firstsession_warm'
  await createSession(api, WARM, true)
  for (let i = 0; i < 20; i++) await createSession(api, WARM, false)
  const newMs: number[] = []
  const warmMs: number[] = []
  for (let pair = 0; pair < warmUps + pairs; pair++) {
    const account = `firstsession_new_${pair}`
    // Alternate which goes first, so whatever the one before left behind (garbage, a store built in slices) falls on both.
    let fresh: number
    let warm: number
    if (pair % 2 === 0) {
      fresh = await createSession(api, account, false)
      warm = await createSession(api, WARM, false)
    } else {
      warm = await createSession(api, WARM, false)
      fresh = await createSession(api, account, false)
    }
    if (pair < warmUps) continue
    newMs.push(fresh)
    warmMs.push(warm)
  }
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
  const figures = (values: number[]) => ({
    median: Number(median(values).toFixed(3)),
    p90: Number(quantile(sorted(values), 0.9).toFixed(3)),
  })
  const fresh = figures(newMs)
  const warm = figures(warmMs)
  const ratio = fresh.median / warm.median
  console.log(`first session: ${pairs} pairs (${warmUps} warm-up pairs not counted), one keep-alive connection`)
  console.log(`  new account's first POST /platform/v1/sessions: median ${fresh.median} ms, p90 ${fresh.p90} ms`)
  console.log(`  warm account's POST /platform/v1/sessions:      median ${warm.median} ms, p90 ${warm.p90} ms`)
  console.log(`  new / warm (medians) = ${ratio.toFixed(2)} (target <= ${MAX_RATIO})`)
  for (const refusal of refusals.filter((one, i) => refusals.findIndex((other) => other.status === one.status) === i))
    console.error(
      `first session: ${refusals.filter((one) => one.status === refusal.status).length} calls answered ${refusal.status}, e.g. ${refusal.account}: ${refusal.body}`,
    )
  if (reconnects > 0) console.error(`first session: ${reconnects} calls opened a new connection`)
  console.log(
    JSON.stringify({
      firstSession: {
        pairs,
        warmUps,
        newMs: fresh,
        warmMs: warm,
        ratio: Number(ratio.toFixed(3)),
        target: MAX_RATIO,
        non201: refusals.length,
        reconnects,
      },
    }),
  )
  process.exitCode = ratio <= MAX_RATIO && refusals.length === 0 ? 0 : 1
} finally {
  agent.destroy()
  child.kill('SIGTERM')
}

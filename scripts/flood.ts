/**
 * `npm run flood`: the hostile accounts of issue 37 against one real sandbox process (the built CLI, on loopback, with
 * a state file), all at once, while a victim account in a process of its own measures its latency: limits requests at
 * many instants (the loop that never returned), backtracking patterns in a fault and a verification with 16 kB
 * fields, faults with the largest answer bodies, frame journals filled with the longest messages with only a
 * publishable key, webhook triggers with the largest data to 16 duplicating endpoints whose receiver never answers,
 * a clock advance over many due jobs, and many accounts at once filling their byte budgets. Judged: the victim's p99
 * under 50 ms, RSS under 400 MB (sampled each second), no 5xx anywhere, the state file saving throughout, and the
 * receiver never holding more connections than the caps allow. Figures on stdout; exit 1 when a judgement fails.
 *
 *   npm run flood -- [--seconds 60] [--hostile-accounts 4]
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { processRssMb } from './process-rss.ts'
import { measureServerMemory } from './soak/server-memory.ts'
import { startSandbox } from './soak/start-sandbox.ts'
import { quantile } from './statistics.ts'

const Flags = z.object({
  seconds: z.coerce.number().positive().max(3_600).default(60),
  hostileAccounts: z.coerce.number().int().min(1).max(500).default(4),
})
const USAGE = 'usage: npm run flood -- [--seconds 60] [--hostile-accounts 4]'
const RSS_BOUND_MB = 400
const P99_BOUND_MS = 50
const JSON_TYPE = { 'content-type': 'application/json' }

/** What each flood did: statuses seen, by flood. */
const statuses = new Map<string, Map<number, number>>()
function count(flood: string, status: number): void {
  const seen = statuses.get(flood) ?? new Map<number, number>()
  seen.set(status, (seen.get(status) ?? 0) + 1)
  statuses.set(flood, seen)
}

/** Sends one request and counts its status under `flood` (0: the connection failed). */
async function call(flood: string, url: string, init: RequestInit = {}): Promise<Response | undefined> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) })
    count(flood, response.status)
    return response
  } catch {
    count(flood, 0)
    return undefined
  }
}

/** Runs `step` again and again until `until`, one at a time. */
async function loop(until: number, step: (n: number) => Promise<unknown>): Promise<void> {
  for (let n = 0; performance.now() < until; n++) await step(n)
}

/** A receiver that takes connections and never answers: what holds sockets open (item 5). */
function hangingReceiver(): Promise<{ server: Server; url: string; peak: () => number }> {
  return new Promise((resolve) => {
    let open = 0
    let peak = 0
    const server = createServer(() => undefined)
    server.on('connection', (socket) => {
      open++
      peak = Math.max(peak, open)
      socket.on('close', () => open--)
    })
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, peak: () => peak }),
    )
  })
}

const secretOf = (account: string) => ({ ...JSON_TYPE, 'x-api-key': `sk_test_${account}` })

/** Limits requests for every fiat and method, fees in or out: the search that never ended (item 1). */
async function limitsFlood(api: string, until: number): Promise<void> {
  const fiats = ['usd', 'eur', 'gbp']
  const methods = ['credit_debit_card', 'apple_pay', 'google_pay']
  const cryptos = ['eth', 'btc', 'usdc', 'sol']
  await loop(until, (n) =>
    call(
      'limits',
      `${api}/v3/currencies/${cryptos[n % 4]}/limits?apiKey=pk_test_floodlimits&baseCurrencyCode=${fiats[n % 3]}&paymentMethod=${methods[Math.floor(n / 3) % 3]}${n % 2 ? '&areFeesIncluded=true' : ''}`,
    ),
  )
}

/** A fault and a verification matching `^(a+)+$`, then requests whose field is 16 kB of `a` and a `!` (item 2). */
async function regexFlood(api: string, until: number): Promise<void> {
  const headers = secretOf('floodregex')
  await call('regex', `${api}/__sandbox/faults`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      path: '/v3/currencies',
      query: { q: { matches: '^(a+)+$' } },
      status: 503,
      times: 1_000_000,
    }),
  })
  const field = `${'a'.repeat(16_000)}!`
  const matcher = encodeURIComponent(JSON.stringify({ q: { matches: '^(a+)+$' } }))
  await loop(until, async (n) => {
    await call('regex', `${api}/v3/currencies?apiKey=pk_test_floodregex&q=${field}`)
    if (n % 10 === 0)
      await call('regex', `${api}/__sandbox/requests/count?path=/v3/currencies&query=${matcher}`, { headers })
  })
}

/** Faults with the largest unchecked answer bodies, until the budget refuses, then cleared, again and again (item 3). */
async function faultFlood(api: string, until: number, account: string): Promise<void> {
  const headers = secretOf(account)
  const body = JSON.stringify({
    path: '/nowhere/**',
    status: 418,
    responseBody: { pad: 'x'.repeat(65_000) },
    unchecked: true,
  })
  await loop(until, async () => {
    const answer = await call('faults', `${api}/__sandbox/faults`, { method: 'POST', headers, body })
    if (answer?.status === 429) await call('faults', `${api}/__sandbox/faults`, { method: 'DELETE', headers })
  })
}

/** Frame journals filled with the longest error messages a frame may journal, with only a publishable key (items 3, 4). */
async function frameFlood(target: { frames: string }, until: number, account: string): Promise<void> {
  const page = await (
    await fetch(`${target.frames}/platform/v1/reset?channelId=ch_flood&apiKey=pk_test_${account}`)
  ).text()
  const config = JSON.parse(/<script type="application\/json" id="frame-config">(.*?)<\/script>/s.exec(page)![1]!) as {
    ticket: string
  }
  const body = JSON.stringify({
    ticket: config.ticket,
    direction: 'out',
    message: { kind: 'error', payload: { code: 'unknown', message: 'm'.repeat(16_000) } },
  })
  await loop(until, () =>
    call('frames', `${target.frames}/__frames/event`, { method: 'POST', headers: JSON_TYPE, body }),
  )
}

/** 16 duplicating endpoints on a receiver that never answers, and triggers with the largest data (items 3, 5). */
async function webhookFlood(api: string, until: number, receiver: string): Promise<void> {
  const headers = secretOf('floodhooks')
  for (let i = 0; i < 16; i++)
    await call('webhooks', `${api}/__sandbox/webhooks/endpoints`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: `${receiver}${i}`, duplicate: true }),
    })
  const body = JSON.stringify({ type: 'transaction_failed', data: { failureReason: 'r'.repeat(16_000) } })
  await loop(until, async (n) => {
    await call('webhooks', `${api}/__sandbox/webhooks/trigger`, { method: 'POST', headers, body })
    if (n % 50 === 49)
      await call('webhooks', `${api}/__sandbox/clock/advance`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ by: '1h' }),
      })
  })
}

/** Many sessions, each with a job on the clock, then one advance that makes them all due (item 6c). */
async function clockFlood(api: string, until: number): Promise<void> {
  const headers = secretOf('floodclock')
  await loop(until, async (n) => {
    await call('clock', `${api}/platform/v1/sessions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ externalCustomerId: `c${n}`, deviceIp: '203.0.113.7' }),
    })
    if (n % 2_000 === 1_999)
      await call('clock', `${api}/__sandbox/clock/advance`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ by: '2d' }),
      })
  })
}

/** The victim: an ordinary account's sell quotes, sessions and transaction reads, one at a time, timed (run in its own process). */
async function victim(api: string, seconds: number): Promise<void> {
  const until = performance.now() + seconds * 1_000
  const latencies: number[] = []
  const failures: number[] = []
  const headers = secretOf('victim')
  for (let n = 0; performance.now() < until; n++) {
    const started = performance.now()
    const response =
      n % 3 === 0
        ? await fetch(
            `${api}/v3/currencies/eth/sell_quote?apiKey=pk_test_victim&quoteCurrencyCode=usd&baseCurrencyAmount=0.${10 + (n % 80)}`,
          )
        : n % 3 === 1
          ? await fetch(`${api}/platform/v1/sessions`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ externalCustomerId: `v${n % 500}`, deviceIp: '203.0.113.7' }),
            })
          : await fetch(`${api}/__sandbox/fixtures`, { headers })
    await response.arrayBuffer()
    latencies.push(performance.now() - started)
    if (response.status >= 400) failures.push(response.status)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  process.stdout.write(`${JSON.stringify({ latencies, failures })}\n`)
}

/** Runs the victim in a process of its own, so the floods' client work never delays its measurements. */
function runVictim(api: string, seconds: number): Promise<{ latencies: number[]; failures: number[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--victim', api, '--seconds', String(seconds)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
    child.on('error', reject)
    child.on('close', () => {
      try {
        resolve(JSON.parse(out) as { latencies: number[]; failures: number[] })
      } catch (error) {
        reject(error)
      }
    })
  })
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string' },
      'hostile-accounts': { type: 'string' },
      victim: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return (process.stdout.write(`${USAGE}\n`), 0)
  const flags = Flags.safeParse({ seconds: values.seconds, hostileAccounts: values['hostile-accounts'] })
  if (!flags.success)
    return (
      process.stderr.write(
        `flood: ${flags.error.issues.map((issue) => `--${String(issue.path[0])}: ${issue.message}`).join('; ')}\n${USAGE}\n`,
      ),
      2
    )
  const { seconds, hostileAccounts } = flags.data
  if (values.victim) return (await victim(values.victim, seconds), 0)

  const dir = await mkdtemp(join(tmpdir(), 'ramp-flood-'))
  const { child, target } = await startSandbox(['--state-file', join(dir, 'state.json')])
  const receiver = await hangingReceiver()
  try {
    const rss: number[] = []
    const saving: string[] = []
    const sampler = setInterval(() => {
      rss.push(processRssMb(child.pid!))
      void fetch(`${target.api}/__sandbox/health`).then(
        async (response) => saving.push(((await response.json()) as { status: string }).status),
        () => saving.push('unreachable'),
      )
    }, 1_000)
    process.stdout.write(
      `flood: ${seconds} s against ${target.api}: limits, regex, faults, frames, webhooks, clock, ${hostileAccounts} accounts filling their budgets; a victim measuring\n`,
    )
    const until = performance.now() + seconds * 1_000
    const measured = runVictim(target.api, seconds)
    await Promise.all([
      limitsFlood(target.api, until),
      regexFlood(target.api, until),
      frameFlood(target, until, 'floodframesone'),
      frameFlood(target, until, 'floodframestwo'),
      webhookFlood(target.api, until, receiver.url),
      clockFlood(target.api, until),
      ...Array.from({ length: hostileAccounts }, (_, i) => faultFlood(target.api, until, `floodfaults${i}`)),
    ])
    const { latencies, failures } = await measured
    clearInterval(sampler)
    const settled = await measureServerMemory(child).catch(() => undefined)
    const sorted = Float64Array.from(latencies).sort()
    const p99 = quantile(sorted, 0.99)
    const maxRss = Math.max(...rss)
    const serverErrors = [...statuses.values()].reduce(
      (sum, seen) => sum + [...seen].filter(([status]) => status >= 500).reduce((total, [, n]) => total + n, 0),
      0,
    )
    const degraded = saving.filter((state) => state !== 'ok').length
    for (const [flood, seen] of statuses)
      process.stdout.write(
        `  ${flood.padEnd(9)} ${[...seen]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')}\n`,
      )
    process.stdout.write(
      `  victim    ${latencies.length} requests, p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms, ${failures.length} refused (${[...new Set(failures)].join(', ') || 'none'})\n`,
    )
    process.stdout.write(
      `  server    RSS max ${maxRss.toFixed(0)} MB (bound ${RSS_BOUND_MB}), last ${rss.at(-1)?.toFixed(0)} MB; after full collections RSS ${settled?.rssMb.toFixed(0)} MB, heap ${settled?.heapUsedMb.toFixed(0)} MB; health not ok ${degraded} of ${saving.length} samples\n`,
    )
    process.stdout.write(`  receiver  at most ${receiver.peak()} connections open at once\n`)
    const verdicts = [
      [p99 < P99_BOUND_MS, `victim p99 ${p99.toFixed(1)} ms under ${P99_BOUND_MS} ms`],
      [maxRss < RSS_BOUND_MB, `RSS ${maxRss.toFixed(0)} MB under ${RSS_BOUND_MB} MB`],
      [serverErrors === 0, `${serverErrors} answers of 5xx`],
      [failures.length === 0, `the victim refused ${failures.length} times`],
      [degraded === 0, `the state file saved throughout (${degraded} degraded samples)`],
    ] as const
    for (const [ok, what] of verdicts) process.stdout.write(`  ${ok ? 'ok  ' : 'FAIL'} ${what}\n`)
    return verdicts.every(([ok]) => ok) ? 0 : 1
  } finally {
    child.kill('SIGKILL')
    receiver.server.closeAllConnections()
    receiver.server.close()
    await rm(dir, { recursive: true, force: true })
  }
}

process.exitCode = await main()

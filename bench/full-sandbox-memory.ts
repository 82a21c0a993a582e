/**
 * The sandbox at every memory limit at once (issue 17; docs/decisions/0044, 0047): the built CLI, with its default
 * limits unless flags say otherwise, is filled with `--max-accounts` accounts (default 2 000, the CLI's), each with its
 * store built and its journal full of small entries (the costliest kind per character), then with sessions
 * until the record budget answers 429, then with faults of the largest answer bodies until the sandbox-wide byte budget
 * does (decision 0084). RSS is sampled each second and read after full collections at each stage.
 * What the sandbox holds at every limit (RSS after full collections) must stay under decision 0047's 400 MB; the peak
 * sampled while filling (garbage V8 has not collected yet: 468 MB here, decision 0103) is printed as what to provision.
 *
 *   npm run bench:full-memory -- [accounts=2000] [-- extra serve flags]
 */
import { Agent, request } from 'node:http'
import { processRssMb } from '#scripts/process-rss.ts'
import { measureServerMemory } from '#scripts/soak/server-memory.ts'
import { readUsage } from '#scripts/soak/server-usage.ts'
import { startSandbox } from '#scripts/soak/start-sandbox.ts'

const separator = process.argv.indexOf('--')
const accounts = Number(process.argv[2] && process.argv[2] !== '--' ? process.argv[2] : 2_000)
const extraFlags = separator === -1 ? [] : process.argv.slice(separator + 1)
const JOURNAL_FILL = 1_100
const CONNECTIONS = 16
const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS })

/**
 * One request's status. A kept-alive socket the server closed while it sat idle between stages (its keep-alive
 * timeout, 5 s) fails the request sent on it at that moment with ECONNRESET: that request is sent again, once, on a
 * new socket, as Node's documentation advises (`request.reusedSocket`).
 */
function send(url: string, method: string, key: string, body?: string, retried = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, agent, headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) } },
      (res) => res.resume().once('end', () => resolve(res.statusCode!)),
    )
    req.once('error', (error: NodeJS.ErrnoException) => {
      if (!retried && req.reusedSocket && error.code === 'ECONNRESET') resolve(send(url, method, key, body, true))
      else reject(error)
    })
    req.end(body)
  })
}

/** Runs `work(i)` for i in 0..count-1 over {@link CONNECTIONS} loops. */
async function spread(count: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < count) await work(next++)
    }),
  )
}

const { child, target } = await startSandbox(['--max-accounts', String(accounts), ...extraFlags])
const samples: number[] = []
const sampler = setInterval(() => samples.push(processRssMb(child.pid!)), 1_000)
let sampledBefore = 0
const stage = async (name: string) => {
  const peak = Math.max(0, ...samples.slice(sampledBefore))
  sampledBefore = samples.length
  const memory = await measureServerMemory(child)
  const now = await readUsage(target.api)
  console.log(
    `${name.padEnd(34)} RSS ${memory.rssMb.toFixed(0).padStart(4)} MB, heap ${memory.heapUsedMb.toFixed(0).padStart(4)} MB (after full collections; at most ${peak.toFixed(0)} MB sampled while filling); ${now.accounts.held} accounts, ${now.records.held} of ${now.records.limit} records`,
  )
  return memory
}
try {
  const start = await stage('started')
  await spread(
    accounts,
    async (i) =>
      void (await send(
        `${target.api}/platform/v1/sessions`,
        'POST',
        `sk_test_full_${i}`,
        JSON.stringify({ externalCustomerId: 'first', deviceIp: '203.0.113.7' }),
      )),
  )
  const stores = await stage(`${accounts} accounts, stores built`)
  await spread(
    accounts * JOURNAL_FILL,
    async (n) =>
      void (await send(
        `${target.api}/platform/v1/customers/cus_missing${n % 97}`,
        'GET',
        `sk_test_full_${n % accounts}`,
      )),
  )
  const journals = await stage(`journals full (${JOURNAL_FILL} small entries each)`)
  let refused = 0
  let created = 0
  await spread(1_000_000, async (n) => {
    if (refused > CONNECTIONS * 4) return
    const status = await send(
      `${target.api}/platform/v1/sessions`,
      'POST',
      `sk_test_full_${n % accounts}`,
      JSON.stringify({ externalCustomerId: `fill-${n}`, deviceIp: '203.0.113.7' }),
    )
    if (status === 201) created++
    else if (status === 429) refused++
    else throw new Error(`a session create answered ${status}`)
  })
  const full = await stage(`record budget full (+${created} sessions)`)
  // Then the sandbox-wide byte budget (decision 0084), with the largest things an account may hold: faults with 64 KiB answer bodies.
  let faults = 0
  let faultsRefused = 0
  const fault = JSON.stringify({
    path: '/nowhere/**',
    status: 418,
    responseBody: { pad: 'x'.repeat(65_000) },
    unchecked: true,
  })
  await spread(1_000_000, async (n) => {
    if (faultsRefused > CONNECTIONS * 4) return
    const status = await send(`${target.api}/__sandbox/faults`, 'POST', `sk_test_full_${n % accounts}`, fault)
    if (status === 201) faults++
    else if (status === 429) faultsRefused++
    else throw new Error(`a fault answered ${status}`)
  })
  const bytes = await stage(`byte budget full (+${faults} faults of 64 KiB)`)
  clearInterval(sampler)
  const mb = (from: number, to: number, count: number) => (((to - from) * 1024) / count).toFixed(0)
  console.log(
    `per account: store ${mb(start.heapUsedMb, stores.heapUsedMb, accounts)} KB heap; full journal ${mb(stores.heapUsedMb, journals.heapUsedMb, accounts)} KB heap; per session ${(((full.heapUsedMb - journals.heapUsedMb) * 1024 * 1024) / created).toFixed(0)} B heap`,
  )
  const held = Math.max(...[start, stores, journals, full, bytes].map((reading) => reading.rssMb))
  console.log(
    `RSS held at every limit ${held.toFixed(0)} MB after full collections (bound 400 MB); at most ${Math.max(...samples).toFixed(0)} MB sampled each second while filling (provision for it)`,
  )
  if (held >= 400) process.exitCode = 1
  console.log(
    JSON.stringify({
      fullSandboxMemory: {
        accounts,
        extraFlags,
        rssMaxMb: Math.round(Math.max(...samples)),
        stages: { start, stores, journals, full, bytes },
        sessions: created,
        faults,
      },
    }),
  )
} finally {
  clearInterval(sampler)
  agent.destroy()
  child.kill('SIGTERM')
}

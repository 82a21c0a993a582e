/**
 * Thousands of accounts in one process (issue 43's done-when): the built CLI, started as a partner starts it (the
 * flag `npm start` uses, `--max-semi-space-size=32`, and `--max-accounts 5000`, on loopback), serves N accounts
 * (default 4 000) that each make a session (`POST /platform/v1/sessions`) and then a sell quote
 * (`GET /v3/currencies/eth/sell_quote`), over 16 keep-alive connections. Prints the answers by call and status (one
 * body of each status that is not 2xx), the server's RSS sampled from /proc every 250 ms (the peak while serving,
 * the end, and after full collections), the seconds it took, and `GET /__sandbox/health`'s `usage` at the end.
 * Targets: no call refused (every answer 2xx), peak RSS ≤ 400 MB, and the health answer says the bytes held;
 * exits 1 when one is missed.
 *
 *   npm run bench:many-accounts -- [accounts=4000] [connections=16]
 *
 * The server also gets the soak's memory probe (`--expose-gc` and a preload that collects garbage only when asked
 * over IPC, decision 0047), for the reading after full collections; nothing else changes how it runs.
 */
import { Agent, request } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { z } from 'zod'
import { processRssMb } from '#scripts/process-rss.ts'
import { measureServerMemory } from '#scripts/soak/server-memory.ts'
import { startSandbox } from '#scripts/soak/start-sandbox.ts'

const accounts = Number(process.argv[2] ?? 4_000)
const connections = Number(process.argv[3] ?? 16)
const MAX_ACCOUNTS = 5_000
/** The bound of decision 0047, which issue 43 holds the sandbox to with thousands of accounts. */
const MAX_RSS_MB = 400
const agent = new Agent({ keepAlive: true, maxSockets: connections })

/** Answers by call and status, with the first body of each status. */
const answers = new Map<string, { count: number; body: string }>()

function send(url: string, method: string, headers: Record<string, string>, call: string, body?: string) {
  return new Promise<void>((resolve, reject) => {
    const req = request(url, { method, agent, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
      res.once('end', () => {
        const key = `${call} ${res.statusCode}`
        const seen = answers.get(key)
        if (seen) seen.count++
        else answers.set(key, { count: 1, body: text.slice(0, 600) })
        resolve()
      })
    })
    req.once('error', reject)
    req.end(body)
  })
}

const Health = z.object({
  usage: z.looseObject({ bytes: z.looseObject({ held: z.number() }).optional() }),
})

const { child, target } = await startSandbox(['--max-accounts', String(MAX_ACCOUNTS)])
const samples: number[] = []
const sample = () => samples.push(processRssMb(child.pid!))
const sampler = setInterval(sample, 250)
try {
  sample()
  const startedRssMb = samples[0]!
  const started = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < accounts) {
        const account = `many_${next++}`
        await send(
          `${target.api}/platform/v1/sessions`,
          'POST',
          { 'x-api-key': `sk_test_${account}`, 'content-type': 'application/json' },
          'POST /platform/v1/sessions',
          JSON.stringify({ externalCustomerId: 'first', deviceIp: '203.0.113.7' }),
        )
        await send(
          `${target.api}/v3/currencies/eth/sell_quote?apiKey=pk_test_${account}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5`,
          'GET',
          {},
          'GET /v3/currencies/eth/sell_quote',
        )
      }
    }),
  )
  const seconds = (performance.now() - started) / 1_000
  sample()
  const servedPeakMb = Math.max(...samples)
  // A moment idle, still sampled: what the process settles to without being asked to collect.
  await sleep(2_000)
  clearInterval(sampler)
  sample()
  const endRssMb = samples.at(-1)!
  const peakRssMb = Math.max(...samples)
  const collected = await measureServerMemory(child)
  const health = Health.parse(await (await fetch(`${target.api}/__sandbox/health`)).json())

  const refused = [...answers].filter(([key]) => !/ 2\d\d$/.test(key))
  console.log(
    `many accounts: ${accounts} accounts, each a session and a sell quote, over ${connections} connections, --max-accounts ${MAX_ACCOUNTS}: ${seconds.toFixed(1)} s`,
  )
  for (const [key, { count }] of answers) console.log(`  ${key}: ${count}`)
  for (const [key, { body }] of refused) console.log(`  ${key}, e.g.: ${body}`)
  console.log(
    `  RSS: ${startedRssMb.toFixed(0)} MB at start, peak ${peakRssMb.toFixed(0)} MB (bound ${MAX_RSS_MB} MB), ${endRssMb.toFixed(0)} MB at the end, ${collected.rssMb.toFixed(0)} MB after full collections (heap ${collected.heapUsedMb.toFixed(0)} MB)`,
  )
  console.log(`  /__sandbox/health usage: ${JSON.stringify(health.usage)}`)
  const refusedCount = refused.reduce((sum, [, { count }]) => sum + count, 0)
  const missed = [
    ...(refusedCount > 0 ? [`${refusedCount} answers not 2xx`] : []),
    ...(peakRssMb > MAX_RSS_MB ? [`peak RSS ${peakRssMb.toFixed(0)} MB > ${MAX_RSS_MB} MB`] : []),
    ...(health.usage.bytes === undefined ? ['/__sandbox/health does not say the bytes held'] : []),
  ]
  console.log(missed.length === 0 ? 'many accounts: every target met' : `many accounts: missed: ${missed.join('; ')}`)
  console.log(
    JSON.stringify({
      manyAccounts: {
        accounts,
        connections,
        maxAccounts: MAX_ACCOUNTS,
        seconds: Number(seconds.toFixed(1)),
        answers: Object.fromEntries([...answers].map(([key, { count }]) => [key, count])),
        notTwoHundreds: refusedCount,
        rssMb: {
          start: Math.round(startedRssMb),
          peakWhileServing: Math.round(servedPeakMb),
          peak: Math.round(peakRssMb),
          end: Math.round(endRssMb),
          afterCollections: Math.round(collected.rssMb),
        },
        heapAfterCollectionsMb: Math.round(collected.heapUsedMb),
        usage: health.usage,
      },
    }),
  )
  process.exitCode = missed.length === 0 ? 0 : 1
} finally {
  clearInterval(sampler)
  agent.destroy()
  child.kill('SIGTERM')
}

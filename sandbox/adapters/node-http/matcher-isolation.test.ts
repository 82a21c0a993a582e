import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { quantile } from '#scripts/statistics.ts'

/**
 * The server runs in a child process: were its matchers to backtrack, a 16 kB field would hold its event loop for
 * ever, and this test must then fail (the bystander's requests time out), not hang with it.
 */
const START = fileURLToPath(new URL('./start-server.ts', import.meta.url))
const CHILD = `
const { startServer } = await import(${JSON.stringify(START)})
const sandbox = await startServer({ port: 0, framesPort: 0, logger: () => undefined, warn: () => undefined })
process.stdout.write(JSON.stringify({ apiUrl: sandbox.apiUrl }) + '\\n')
`

const ATTACKER = { sk: 'sk_test_attacker', pk: 'pk_test_attacker' }
const BYSTANDER_PK = 'pk_test_bystander'
/** Nested quantifiers: a backtracking engine takes seconds on 31 characters, doubling with each one more. */
const PATTERN = '^(a+)+$'
/** Near the longest query field the node server takes (its headers, request line included, stop at 16 kB). */
const LONG = 'a'.repeat(16_000)
const SAMPLES = 60
const REQUEST_TIMEOUT_MS = 4_000
/**
 * Loose: the test machine is shared and busy (the bystander's p99 reached 0.76 s at load 16 on 2 cores with nothing
 * backtracking); a backtracking match of a 16 kB field never ends, so any bound below the timeout tells.
 */
const P99_BOUND_MS = 1_500
/** The attacker's requests: a hung server lets the test end this long after the bystander's first timeout. */
const ATTACKER_TIMEOUT_MS = 10_000

let child: ChildProcess
let api: string

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [line] = (await once(child.stdout!, 'data')) as [Buffer]
  api = (JSON.parse(line.toString()) as { apiUrl: string }).apiUrl
}, 60_000)
afterAll(async () => {
  if (child.exitCode === null) {
    child.kill('SIGKILL')
    await once(child, 'exit')
  }
})

const fetchWithin = (path: string, init: RequestInit = {}) =>
  fetch(`${api}${path}`, { ...init, signal: AbortSignal.timeout(ATTACKER_TIMEOUT_MS) })
const currencies = (apiKey: string, q?: string) => `/v3/currencies?apiKey=${apiKey}${q === undefined ? '' : `&q=${q}`}`
const countPath = `/__sandbox/requests/count?path=/v3/currencies&query=${encodeURIComponent(JSON.stringify({ q: { matches: PATTERN } }))}`

/** The bystander's latencies while the attacker runs: one request at a time; the first one to time out ends the run. */
async function bystanderLatencies(): Promise<number[]> {
  const latencies: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now()
    try {
      const response = await fetch(`${api}${currencies(BYSTANDER_PK)}`, {
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
      expect(response.status).toBe(200)
      await response.arrayBuffer()
      latencies.push(performance.now() - started)
    } catch {
      latencies.push(performance.now() - started)
      break
    }
  }
  return latencies
}

describe('regular expressions in matchers, on a server every account shares', () => {
  it("leave another account's latency alone while a fault and a verification match ^(a+)+$ on 16 kB fields, and match as RE2 says", async () => {
    const armed = await fetchWithin('/__sandbox/faults', {
      method: 'POST',
      headers: { 'x-api-key': ATTACKER.sk, 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/v3/currencies', query: { q: { matches: PATTERN } }, status: 503, times: 1_000 }),
    })
    expect(armed.status).toBe(201)
    await (await fetchWithin(currencies(BYSTANDER_PK))).arrayBuffer()

    let done = false
    const attackerStatuses: number[] = []
    const counts: number[] = []
    const attack = async () => {
      while (!done) {
        const [field, verification] = await Promise.allSettled([
          fetchWithin(currencies(ATTACKER.pk, `${LONG}!`)).then(
            async (response) => (await response.arrayBuffer(), response.status),
          ),
          fetchWithin(countPath, { headers: { 'x-api-key': ATTACKER.sk } }).then(
            async (response) => ((await response.json()) as { data: { count: number } }).data.count,
          ),
        ])
        if (field.status === 'rejected' || verification.status === 'rejected') return
        attackerStatuses.push(field.value)
        counts.push(verification.value)
      }
    }
    const attacking = attack()
    const latencies = await bystanderLatencies().finally(() => (done = true))
    await attacking

    const sorted = [...latencies].sort((a, b) => a - b)
    expect(latencies.length, `the bystander timed out after ${latencies.length} requests`).toBe(SAMPLES)
    expect(quantile(sorted, 0.99), `bystander p99 (ms) of ${latencies.length}`).toBeLessThan(P99_BOUND_MS)
    // The attacker ran meanwhile: its 16 kB fields ending in "!" do not match ^(a+)+$, so no fault and no count.
    expect(attackerStatuses.length).toBeGreaterThan(0)
    expect(new Set(attackerStatuses)).toEqual(new Set([200]))
    expect(new Set(counts)).toEqual(new Set([0]))

    // A field of only "a" matches: the fault answers 503, and the verification counts that one call.
    expect((await fetchWithin(currencies(ATTACKER.pk, LONG))).status).toBe(503)
    const counted = (await (await fetchWithin(countPath, { headers: { 'x-api-key': ATTACKER.sk } })).json()) as {
      data: { count: number }
    }
    expect(counted.data.count).toBe(1)
  }, 60_000)
})

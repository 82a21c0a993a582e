/**
 * Request-path lookups do not grow with what a tenant holds (issue 12; docs/decisions/0044): the same calls,
 * timed on an account holding 100 sessions and on one at the session cap (10 000), in one run, as a ratio
 * (target ≤ 2×; a scan would make it ~100×):
 *
 * - `DELETE /platform/v1/sessions?externalCustomerId=` (an index, then an in-place update);
 * - `POST /platform/v1/sessions` (the expiry sweep looks at the oldest session only).
 *
 *   npm run bench
 *   node --import tsx bench/store-lookups.ts
 *
 * Also prints the heap a session costs (run with --expose-gc for a settled figure).
 */
import { DEFAULT_TENANT_LIMITS } from '#kernel/store/tenant-limits.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { send } from '#http/test-request.ts'
import { median } from '#scripts/statistics.ts'

const ROUNDS = 300
const headers = { 'x-api-key': 'sk_test_bench' }
const body = (externalCustomerId: string) => ({ externalCustomerId, deviceIp: '203.0.113.7' })

async function medianMs(held: number): Promise<{ revoke: number; create: number; bytesPerSession: number }> {
  const core = createSandboxCore({ limits: { sessions: held + ROUNDS + 10 } })
  await send(core, 'POST /platform/v1/sessions', { headers, body: body('warm') })
  globalThis.gc?.()
  const heapBefore = process.memoryUsage().heapUsed
  for (let i = 1; i < held; i++) await send(core, 'POST /platform/v1/sessions', { headers, body: body(`other-${i}`) })
  globalThis.gc?.()
  const bytesPerSession = (process.memoryUsage().heapUsed - heapBefore) / (held - 1)
  const revoke: number[] = []
  const create: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    let start = performance.now()
    await send(core, 'POST /platform/v1/sessions', { headers, body: body('target') })
    create.push(performance.now() - start)
    start = performance.now()
    await send(core, 'DELETE /platform/v1/sessions?externalCustomerId=target', { headers })
    revoke.push(performance.now() - start)
  }
  return { revoke: median(revoke), create: median(create), bytesPerSession }
}

const small = await medianMs(100)
const large = await medianMs(DEFAULT_TENANT_LIMITS.sessions)
const row = (name: string, a: number, b: number) =>
  `${name.padEnd(48)} ${a.toFixed(3)} ms  ${b.toFixed(3)} ms  at cap/small = ${(b / a).toFixed(2)} (target ≤ 2)`
console.log(`store lookups, median of ${ROUNDS}: 100 sessions vs ${DEFAULT_TENANT_LIMITS.sessions}`)
console.log(row('DELETE /platform/v1/sessions?externalCustomerId=', small.revoke, large.revoke))
console.log(row('POST /platform/v1/sessions', small.create, large.create))
console.log(
  `heap per session: ${Math.round(large.bytesPerSession)} bytes${globalThis.gc ? '' : ' (unsettled: run with --expose-gc)'}`,
)

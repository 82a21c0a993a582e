import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningSandbox } from '#adapters/node-http/start-server.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { MIX_SCHEDULE, provisionTenant, REQUEST_MIX, type SoakTarget, type SoakTenant } from './request-mix.ts'
import { runLoad, type LoadResult } from './run-load.ts'

describe('the soak mix', () => {
  it('covers every route family of the core, every kind of authentication, the frames origin and the browser client', () => {
    const routes = createSandboxCore().routes
    const families = new Set(REQUEST_MIX.map((entry) => entry.family))
    for (const route of routes) expect(families, `route family ${route.family}`).toContain(route.family)
    const auths = new Set(REQUEST_MIX.map((entry) => entry.auth))
    for (const route of routes) expect(auths, `authentication ${route.auth}`).toContain(route.auth)
    expect(families).toContain('frames')
    expect(families).toContain('client')
  })
})

describe('a short soak against a server in this process', () => {
  let sandbox: RunningSandbox
  let target: SoakTarget
  let tenants: SoakTenant[]

  beforeAll(async () => {
    // A small session cap, so the flood meets it within the run.
    sandbox = await startServer({
      port: 0,
      framesPort: 0,
      clock: 'wall',
      limits: { sessions: 100 },
      logger: () => undefined,
    })
    target = { api: sandbox.apiUrl, frames: sandbox.framesUrl }
    tenants = await Promise.all(
      ['soaktest1', 'soaktest2', 'soaktest3'].map((account) => provisionTenant(target, account)),
    )
  }, 60_000)
  afterAll(() => sandbox.close())

  it('answers every request of the mix as expected: no 5xx, none dropped, and the flood meets the cap with 429', async () => {
    // Until every tenant has had the whole schedule and the flood has been refused, however long that takes this machine.
    const until = (seen: LoadResult) =>
      seen.requests - seen.flood.created - seen.flood.refused >= MIX_SCHEDULE.length * tenants.length &&
      seen.flood.refused > 0
    const result = await runLoad({
      target,
      tenants,
      connections: 8,
      durationMs: 90_000,
      maxRequests: 50_000,
      floodKey: 'sk_test_soaktestflood',
      until,
    })
    expect(result.samples).toEqual([])
    expect({ serverErrors: result.serverErrors, dropped: result.dropped, unexpected: result.unexpected }).toEqual({
      serverErrors: 0,
      dropped: 0,
      unexpected: 0,
    })
    expect(
      until(result),
      `stopped by the 90 s ceiling: ${result.requests} requests, flood ${JSON.stringify(result.flood)}`,
    ).toBe(true)
    expect(result.flood.created).toBe(100)
  }, 120_000)
})

describe('a record churn against a server in this process', () => {
  it('fills the record budget, evicts idle accounts for the next ones, and answers every write with 201 or 429', async () => {
    // A small budget and accounts idle 300 ms after their last use, so a short run churns the budget many times.
    const sandbox = await startServer({
      port: 0,
      framesPort: 0,
      limits: { records: 2_000, activeWindowMs: 300 },
      logger: () => undefined,
    })
    try {
      let peak = 0
      const sampler = setInterval(() => (peak = Math.max(peak, sandbox.core.tenants.usage().records.held)), 5)
      const target = { api: sandbox.apiUrl, frames: sandbox.framesUrl }
      // Twice the budget written, over at least 20 accounts, however long that takes this machine.
      const until = (seen: LoadResult) => seen.churn.accounts >= 20 && seen.churn.created >= 4_000
      const result = await runLoad({
        target,
        tenants: [],
        connections: 0,
        durationMs: 90_000,
        maxRequests: 100_000,
        churn: { writers: 4, sessionsPerAccount: 300 },
        until,
      })
      clearInterval(sampler)
      expect(result.samples).toEqual([])
      expect({ serverErrors: result.serverErrors, dropped: result.dropped, unexpected: result.unexpected }).toEqual({
        serverErrors: 0,
        dropped: 0,
        unexpected: 0,
      })
      expect(until(result), `stopped by the 90 s ceiling: ${JSON.stringify(result.churn)}`).toBe(true)
      // Writes and new accounts' seeds alike are refused when no idle account is left: the budget is never passed.
      expect(peak).toBeGreaterThan(1_500)
      expect(peak).toBeLessThanOrEqual(2_000)
      expect(sandbox.core.tenants.evictionCount).toBeGreaterThan(0)
    } finally {
      await sandbox.close()
    }
  }, 120_000)
})

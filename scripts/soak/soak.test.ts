import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningSandbox } from '../../sandbox/adapters/node-http/start-server.ts'
import { createSandboxCore } from '../../sandbox/core/sandbox-core.ts'
import { provisionTenant, REQUEST_MIX, type SoakTarget, type SoakTenant } from './request-mix.ts'
import { runLoad } from './run-load.ts'

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
    sandbox = await startServer({ port: 0, framesPort: 0, clock: 'wall', limits: { sessions: 100 }, logger: () => undefined })
    target = { api: sandbox.apiUrl, frames: sandbox.framesUrl }
    tenants = await Promise.all(['soaktest1', 'soaktest2', 'soaktest3'].map((account) => provisionTenant(target, account)))
  }, 60_000)
  afterAll(() => sandbox.close())

  it('answers every request of the mix as expected: no 5xx, none dropped, and the flood meets the cap with 429', async () => {
    const result = await runLoad({ target, tenants, connections: 8, durationMs: 3_000, maxRequests: 50_000, floodKey: 'sk_test_soaktestflood' })
    expect(result.samples).toEqual([])
    expect({ serverErrors: result.serverErrors, dropped: result.dropped, unexpected: result.unexpected }).toEqual({ serverErrors: 0, dropped: 0, unexpected: 0 })
    expect(result.requests).toBeGreaterThan(REQUEST_MIX.length * 3)
    expect(result.flood.created).toBe(100)
    expect(result.flood.refused).toBeGreaterThan(0)
  }, 60_000)
})

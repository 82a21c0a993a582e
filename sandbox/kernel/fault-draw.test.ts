import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { send } from '#http/test-request.ts'

describe('a rate fault’s seeded draw', () => {
  it('fires on about its rate of the matching requests (0.1 of 400: between 20 and 60)', async () => {
    const core = createSandboxCore({ seed: 1 })
    const headers = { 'x-api-key': 'sk_test_draws' }
    await send(core, 'POST /__sandbox/faults', {
      headers,
      body: { method: 'GET', path: '/v3/currencies', rate: 0.1, status: 503 },
    })
    let failed = 0
    for (let i = 0; i < 400; i++)
      if ((await send(core, 'GET /v3/currencies?apiKey=pk_test_draws')).status === 503) failed++
    expect(failed).toBeGreaterThanOrEqual(20)
    expect(failed).toBeLessThanOrEqual(60)
  })
})

import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import './vitest-matchers.ts'
import { createSandbox } from '#adapters/msw/create-sandbox.ts'

const BASE = 'http://ramp-tenant.test'
const sandbox = createSandbox({ baseUrl: BASE, seed: 1 })
const server = setupServer(...sandbox.handlers)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

/** What a partner's server does: create a session with its secret key over fetch. */
async function createSession(secretKey: string, externalCustomerId: string) {
  const response = await fetch(`${BASE}/platform/v1/sessions`, {
    method: 'POST',
    headers: { 'x-api-key': secretKey, 'content-type': 'application/json' },
    body: JSON.stringify({ externalCustomerId, deviceIp: '203.0.113.7' }),
  })
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown }
}

describe('MswSandbox.tenant', () => {
  it('names the default account the keys pk_test_sandbox and sk_test_sandbox', () => {
    expect(sandbox.tenant()).toMatchObject({
      account: 'sandbox',
      mode: 'test',
      publishableKey: 'pk_test_sandbox',
      secretKey: 'sk_test_sandbox',
    })
  })

  it('arms a fault that the partner code meets through msw', async () => {
    const tenant = sandbox.tenant('msw_fault')
    await tenant.addFault({
      method: 'POST',
      path: '/platform/v1/sessions',
      status: 429,
      responseHeaders: { 'retry-after': '2' },
    })
    const reply = await createSession(tenant.secretKey, 'u1')
    expect(reply.status).toBe(429)
    expect(reply.headers.get('retry-after')).toBe('2')
    expect(await tenant.listFaults()).toEqual([])
  })

  it('verifies what the partner code sent with toHaveReceived', async () => {
    const tenant = sandbox.tenant('msw_verify')
    await createSession(tenant.secretKey, 'u1')
    await createSession(tenant.secretKey, 'u2')
    await expect(tenant).toHaveReceived(
      { method: 'POST', path: '/platform/v1/sessions', body: { externalCustomerId: 'u1' } },
      { times: 1 },
    )
    await expect(tenant).not.toHaveReceived({
      method: 'POST',
      path: '/platform/v1/sessions',
      body: { externalCustomerId: 'u3' },
    })
    expect(await tenant.countRequests({ path: '/platform/**' })).toMatchObject({ count: 2 })
  })

  it('clears faults and throws the field of a refused one', async () => {
    const tenant = sandbox.tenant('msw_clear')
    await tenant.addFault({ method: 'GET', path: '/v3/currencies', status: 503, times: 5 })
    await tenant.clearFaults()
    expect(await tenant.listFaults()).toEqual([])
    await expect(tenant.addFault({ path: '/__sandbox/clock', status: 500 })).rejects.toThrow(
      /refused the fault \(400\): path: path cannot target the control API/,
    )
  })
})

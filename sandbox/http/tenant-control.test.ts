import { describe, expect, it } from 'vitest'
import { createSandboxCore } from './sandbox-core.ts'
import { requestsQueryString, tenantControl } from './tenant-control.ts'
import { send } from './test-request.ts'

const core = createSandboxCore({ seed: 1 })
let accounts = 0
const control = () => {
  const account = `ctl_${++accounts}`
  return {
    account,
    control: tenantControl(
      (method, path, headers, body) => send(core, `${method} ${path}`, { headers, body }),
      `sk_test_${account}`,
    ),
  }
}

describe('tenantControl', () => {
  it('encodes query, headers and body matchers as JSON objects and leaves scalars as text', () => {
    const text = requestsQueryString({
      method: 'POST',
      path: '/platform/v1/sessions',
      body: { externalCustomerId: 'u1' },
      since: 3,
    })
    expect(new URLSearchParams(text.slice(1)).get('body')).toBe('{"externalCustomerId":"u1"}')
    expect(text).toContain('since=3')
    expect(requestsQueryString({})).toBe('')
  })

  it('adds, lists and clears faults', async () => {
    const { control: c } = control()
    const fault = await c.addFault({ method: 'GET', path: '/v3/currencies', status: 503 })
    expect(fault).toMatchObject({ method: 'GET', path: '/v3/currencies', status: 503, remaining: 1 })
    expect((await c.listFaults()).map((f) => f.id)).toEqual([fault.id])
    await c.clearFaults()
    expect(await c.listFaults()).toEqual([])
  })

  it('counts and finds the calls that match a body matcher', async () => {
    const { account, control: c } = control()
    for (const externalCustomerId of ['u1', 'u2', 'u1']) {
      await send(core, 'POST /platform/v1/sessions', {
        headers: { 'x-api-key': `sk_test_${account}` },
        body: { externalCustomerId, deviceIp: '203.0.113.7' },
      })
    }
    const matcher = { method: 'POST', path: '/platform/v1/sessions', body: { externalCustomerId: 'u1' } }
    expect(await c.countRequests(matcher)).toMatchObject({ count: 2, truncated: false })
    const found = await c.findRequests({ ...matcher, limit: 1 })
    expect(found.count).toBe(2)
    expect(found.requests).toHaveLength(1)
    expect(found.requests[0]).toMatchObject({
      method: 'POST',
      path: '/platform/v1/sessions',
      requestBody: { externalCustomerId: 'u1' },
    })
  })

  it('throws the field and rule of a refused matcher', async () => {
    const { control: c } = control()
    await expect(c.countRequests({ body: { a: { matches: '(' } } })).rejects.toThrow(
      /refused the request count \(400\): body\.a\.matches: matches must be a valid regular expression/,
    )
    await expect(c.addFault({ path: 'nope', status: 500 })).rejects.toThrow(
      /refused the fault \(400\): path: path must start with \//,
    )
  })
})

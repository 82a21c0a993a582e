import { describe, expect, it } from 'vitest'
import './vitest-matchers.ts'
import { waitForRequests } from './wait-for-requests.ts'
import { useSandbox } from './vitest-sandbox.ts'

const sandbox = useSandbox()
const sessions = { method: 'POST', path: '/platform/v1/sessions' }

/** A tenant whose partner server created sessions for these customers. */
async function tenantWithSessions(...customers: string[]) {
  const tenant = sandbox.tenant()
  for (const externalCustomerId of customers)
    await sandbox.request(tenant, 'POST /platform/v1/sessions', {
      body: { externalCustomerId, deviceIp: '203.0.113.7' },
    })
  return tenant
}

describe('toHaveReceived', () => {
  it('passes when exactly the expected number of calls match the body', async () => {
    const tenant = await tenantWithSessions('u1', 'u2')
    await expect(tenant).toHaveReceived({ ...sessions, body: { externalCustomerId: 'u1' } }, { times: 1 })
    await expect(tenant).toHaveReceived(sessions, { atLeast: 2, atMost: 2 })
  })

  it('means at least once without a count', async () => {
    const tenant = await tenantWithSessions('u1')
    await expect(tenant).toHaveReceived(sessions)
  })

  it('passes .not when no call matches, reading once', async () => {
    const tenant = await tenantWithSessions('u1')
    await expect(tenant).not.toHaveReceived({ ...sessions, body: { externalCustomerId: 'u9' } })
  })

  it('fails with the count seen and the near-misses to the same method and path', async () => {
    const tenant = await tenantWithSessions('u2', 'u3')
    const result = await waitForRequests(
      tenant,
      { ...sessions, body: { externalCustomerId: 'u1' } },
      { times: 1, timeout: 0 },
    )
    expect(result.pass).toBe(false)
    expect(result.actual).toBe(0)
    expect(result.message).toMatch(
      /^expected POST \/platform\/v1\/sessions body \{"externalCustomerId":"u1"\} to be received exactly 1 time\(s\), received 0 after waiting \d+ ms \(timeout 0 ms\)/,
    )
    expect(result.message).toContain('calls to POST /platform/v1/sessions that did not match (2 of 2):')
    expect(result.message).toMatch(
      /#\d+ POST \/platform\/v1\/sessions body \{"externalCustomerId":"u2","deviceIp":"203\.0\.113\.7"\} → 201/,
    )
  })

  it('fails at once when the count is already past the most allowed', async () => {
    const tenant = await tenantWithSessions('u1', 'u1')
    const result = await waitForRequests(
      tenant,
      { ...sessions, body: { externalCustomerId: 'u1' } },
      { times: 1, timeout: 60_000 },
    )
    expect(result.pass).toBe(false)
    expect(result.message).toContain('received 2 (more than allowed: no use waiting)')
  })

  it('fails .not with the calls that matched', async () => {
    const tenant = await tenantWithSessions('u1')
    await expect(expect(tenant).not.toHaveReceived(sessions)).rejects.toThrow(
      /not to be received at least 1 time\(s\), received 1\nthe calls that matched:/,
    )
  })

  it('says when the journal dropped calls, so the count may be short', async () => {
    const source = { findRequests: async () => ({ count: 0, lastSeq: 900, truncated: true, requests: [] }) }
    const result = await waitForRequests(source, sessions, { timeout: 0 })
    expect(result.message).toContain(
      '(the journal dropped calls from the window, so the count may be short: truncated)',
    )
  })

  it('says what it got when the source is no tenant', async () => {
    const result = await waitForRequests(null as never, sessions, { timeout: 0 })
    expect(result).toMatchObject({ pass: false, message: 'expected a tenant (with findRequests), got null' })
  })
})

import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { send } from '#http/test-request.ts'
import { requestTenant } from './request-tenant.ts'

const core = createSandboxCore()

async function sessionToken(account: string): Promise<string> {
  const reply = await send(core, 'POST /platform/v1/sessions', {
    headers: { 'x-api-key': `sk_test_${account}` },
    body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7' },
  })
  return (reply.body as { data: { sessionToken: string } }).data.sessionToken
}

describe('requestTenant', () => {
  it('names the tenant of the apiKey query parameter', () => {
    expect(requestTenant('/v3/currencies?apiKey=pk_test_quoter', {})).toBe('quoter:test')
  })

  it('names the tenant of an X-Api-Key or Authorization Api-Key header', () => {
    expect(requestTenant('/platform/v1/sessions', { 'x-api-key': 'sk_live_server' })).toBe('server:live')
    expect(requestTenant('/platform/v1/sessions', { authorization: 'Api-Key sk_test_other' })).toBe('other:test')
  })

  it("names the tenant inside a token: a frame page's sessionToken, or a Bearer token", async () => {
    const token = await sessionToken('framer')
    expect(requestTenant(`/platform/v1/check?sessionToken=${token}&channelId=c`, {})).toBe('framer:test')
    expect(requestTenant('/platform/v1/quotes', { authorization: `Bearer ${token}` })).toBe('framer:test')
  })

  it('names no tenant for a request without a key or with a malformed one', () => {
    expect(requestTenant('/openapi.json', {})).toBeUndefined()
    expect(requestTenant('/v3/currencies?apiKey=nonsense', { authorization: 'Bearer st_nonsense' })).toBeUndefined()
  })
})

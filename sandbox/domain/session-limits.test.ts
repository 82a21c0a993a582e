import { describe, expect, it } from 'vitest'
import { PlatformError } from '#contract/index.ts'
import { platformAccount } from '#http/routes/platform-test-kit.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'

/** A core whose tenants hold at most 3 live sessions. */
const core = createSandboxCore({ limits: { sessions: 3 } })

async function newSession(account: ReturnType<typeof platformAccount>, externalCustomerId = 'user-1') {
  return send(core, 'POST /platform/v1/sessions', {
    headers: account.headers,
    body: { externalCustomerId, deviceIp: '203.0.113.7' },
  })
}

describe('sessions are bounded per tenant', () => {
  it('answers 429 rate_limited past the cap, saying the cap and how to make room', async () => {
    const account = platformAccount(core)
    for (let i = 0; i < 3; i++) expect((await newSession(account)).status).toBe(201)
    const refused = await newSession(account)
    expect(refused.status).toBe(429)
    const error = conforms(PlatformError, refused.body)
    expect(error.code).toBe('rate_limited')
    expect(error.message).toBe(
      "this account holds 3 sessions, the sandbox's cap for one account (docs/decisions/0044): revoke sessions (DELETE /platform/v1/sessions), let them expire (POST /__sandbox/clock/advance), or POST /__sandbox/reset starts the account afresh",
    )
  })

  it('makes room at the cap by dropping the oldest revoked session', async () => {
    const account = platformAccount(core)
    for (let i = 0; i < 3; i++) await newSession(account, `user-${i}`)
    expect(
      (await send(core, 'DELETE /platform/v1/sessions?externalCustomerId=user-1', { headers: account.headers })).status,
    ).toBe(204)
    expect((await newSession(account, 'user-3')).status).toBe(201)
    const store = await account.tenant().store()
    expect(store.sessions.all().map((s) => s.externalCustomerId)).toEqual(['user-0', 'user-2', 'user-3'])
    expect((await newSession(account)).status).toBe(429)
  })

  it('drops expired sessions, oldest first, and so makes room at the cap', async () => {
    const account = platformAccount(core)
    const first = await newSession(account)
    await send(core, 'POST /__sandbox/clock/advance', { headers: account.headers, body: { by: '1m' } })
    await newSession(account)
    await newSession(account)
    const store = await account.tenant().store()
    expect(store.sessions.size).toBe(3)
    await send(core, 'POST /__sandbox/clock/advance', { headers: account.headers, body: { by: '23h59m' } })
    expect((await newSession(account)).status).toBe(201)
    expect(store.sessions.size).toBe(3)
    const firstToken = (first.body as { data: { sessionToken: string } }).data.sessionToken
    const connect = await send(core, 'POST /__sandbox/connections', {
      headers: account.headers,
      body: { sessionToken: firstToken },
    })
    expect(connect.status).toBe(401)
    expect(JSON.stringify(connect.body)).toContain('sessionToken has expired')
  })

  it('revokes every session of an external customer through the index, and only theirs', async () => {
    const account = platformAccount(core)
    await newSession(account, 'alice')
    await newSession(account, 'bob')
    await newSession(account, 'alice')
    const revoked = await send(core, 'DELETE /platform/v1/sessions?externalCustomerId=alice', {
      headers: account.headers,
    })
    expect(revoked.status).toBe(204)
    const store = await account.tenant().store()
    expect(store.sessions.all().map((s) => [s.externalCustomerId, s.revokedAt !== null])).toEqual([
      ['alice', true],
      ['bob', false],
      ['alice', true],
    ])
    expect(
      (await send(core, 'DELETE /platform/v1/sessions?externalCustomerId=alice', { headers: account.headers })).status,
    ).toBe(404)
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Connection, JournalEntry, PaymentMethodList, PlatformError, SessionCreated, dataOf } from '#contract/index.ts'
import type { PlainReply } from '#http/plain-http.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { conforms, send } from '#http/test-request.ts'

let core: SandboxCore
let suffix = 0

beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

interface Client {
  account: string
  sk: Record<string, string>
  sessionToken: string
  accessToken: string
  tenant: Tenant
  sessionId: string
  customerId: string
}

/** A fresh account and full credentials for active.us-ny. */
async function connect(): Promise<Client> {
  const account = `authbound${++suffix}`
  const sk = { 'x-api-key': `sk_test_${account}` }
  const session = await send(core, 'POST /platform/v1/sessions', {
    headers: sk,
    body: {
      externalCustomerId: 'u1',
      deviceIp: '203.0.113.7',
      email: 'active.us-ny@sandbox.test',
      phoneNumber: '+12125550101',
    },
  })
  const { sessionToken } = conforms(dataOf(SessionCreated), session.body).data
  const connection = conforms(
    dataOf(Connection),
    (await send(core, 'POST /__sandbox/connections', { headers: sk, body: { sessionToken } })).body,
  ).data
  expect(connection.status).toBe('active')
  const tenant = core.tenants.get(account, 'test')
  const sessionId = (await tenant.store()).sessions.all()[0]!.id
  return {
    account,
    sk,
    sessionToken,
    accessToken: connection.credentials.accessToken,
    tenant,
    sessionId,
    customerId: connection.customer!.id,
  }
}

const paymentMethods = (accessToken: string) =>
  send(core, 'GET /platform/v1/payment-methods', { headers: { authorization: `Bearer ${accessToken}` } })

function unauthorized(response: PlainReply): void {
  expect(response.status).toBe(401)
  expect(conforms(PlatformError, response.body).code).toBe('unauthorized')
}

/** `text` with the character at `index` replaced by a different base64url character. */
function changeOne(text: string, index: number): string {
  const replacement = text[index] === 'A' ? 'B' : 'A'
  return `${text.slice(0, index)}${replacement}${text.slice(index + 1)}`
}

describe('access tokens', () => {
  it('work on /platform/v1/payment-methods while their session is live', async () => {
    const response = await paymentMethods((await connect()).accessToken)
    expect(response.status).toBe(200)
    conforms(dataOf(PaymentMethodList), response.body)
  })

  it('answer 401 once their session is revoked with DELETE /platform/v1/sessions', async () => {
    const client = await connect()
    const revoked = await send(core, 'DELETE /platform/v1/sessions', {
      headers: client.sk,
      body: { sessionToken: client.sessionToken },
    })
    expect(revoked.status).toBe(204)
    unauthorized(await paymentMethods(client.accessToken))
  })

  it('answer 401 when one character of the payload is changed', async () => {
    const { accessToken } = await connect()
    const payloadMiddle = Math.floor(accessToken.lastIndexOf('.') / 2)
    unauthorized(await paymentMethods(changeOne(accessToken, payloadMiddle)))
  })

  it('answer 401 when one character of the signature is changed', async () => {
    const { accessToken } = await connect()
    const signatureMiddle = accessToken.lastIndexOf('.') + 10
    unauthorized(await paymentMethods(changeOne(accessToken, signatureMiddle)))
  })

  it('still work 59 minutes after they were issued', async () => {
    const client = await connect()
    client.tenant.clock.advance(59 * 60_000)
    expect((await paymentMethods(client.accessToken)).status).toBe(200)
  })

  it('answer 401 an hour after they were issued', async () => {
    const client = await connect()
    client.tenant.clock.advance(3_600_000)
    unauthorized(await paymentMethods(client.accessToken))
  })
})

describe('session tokens', () => {
  it('answer 401 on POST /__sandbox/connections once revoked', async () => {
    const client = await connect()
    await send(core, 'DELETE /platform/v1/sessions', {
      headers: client.sk,
      body: { sessionToken: client.sessionToken },
    })
    unauthorized(
      await send(core, 'POST /__sandbox/connections', {
        headers: client.sk,
        body: { sessionToken: client.sessionToken },
      }),
    )
  })
})

describe('tenant isolation', () => {
  it("refuses tenant A's session token on tenant B's POST /__sandbox/connections with 401", async () => {
    const a = await connect()
    const b = await connect()
    const response = await send(core, 'POST /__sandbox/connections', {
      headers: { ...b.sk, authorization: `Bearer ${a.accessToken}` },
      body: { sessionToken: a.sessionToken },
    })
    unauthorized(response)
  })

  it("records nothing of tenant A in tenant B's journal", async () => {
    const a = await connect()
    const b = await connect()
    await send(core, 'POST /__sandbox/reset', { headers: b.sk })
    await send(core, 'POST /__sandbox/connections', {
      headers: { ...b.sk, authorization: `Bearer ${a.accessToken}` },
      body: { sessionToken: a.sessionToken },
    })
    const journal = conforms(
      dataOf(z.array(JournalEntry)),
      (await send(core, 'GET /__sandbox/journal', { headers: b.sk })).body,
    ).data
    expect(journal.filter((entry) => entry.kind === 'state' && entry.event !== 'tenant:reset')).toEqual([])
    const text = JSON.stringify(journal)
    expect(text).not.toContain(a.sessionId)
    expect(text).not.toContain(a.customerId)
    expect(text).not.toContain(a.tenant.id)
  })

  it("leaves tenant B's sessions untouched by tenant A's session token", async () => {
    const a = await connect()
    const b = await connect()
    const bStore = await b.tenant.store()
    const before = bStore.sessions.all().map((s) => ({ ...s }))
    await send(core, 'POST /__sandbox/connections', { headers: b.sk, body: { sessionToken: a.sessionToken } })
    expect(bStore.sessions.all()).toEqual(before)
  })

  it("refuses to revoke tenant A's session with tenant B's key, leaving A's token working", async () => {
    const a = await connect()
    const b = await connect()
    unauthorized(
      await send(core, 'DELETE /platform/v1/sessions', { headers: b.sk, body: { sessionToken: a.sessionToken } }),
    )
    expect((await paymentMethods(a.accessToken)).status).toBe(200)
  })
})

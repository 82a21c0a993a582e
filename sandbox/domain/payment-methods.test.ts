import { beforeAll, describe, expect, it } from 'vitest'
import { Connection, PaymentMethodList, PlatformError, SessionCreated, dataOf } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { conforms, send } from '#http/test-request.ts'

let core: SandboxCore
let suffix = 0

beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

interface Client {
  sk: Record<string, string>
  bearer: Record<string, string>
  tenant: Tenant
  customerId: string | null
}

/** A fresh account with credentials for a session of `email`/`phoneNumber` (active.us-ny by default). */
async function connect(email = 'active.us-ny@sandbox.test', phoneNumber = '+12125550101'): Promise<Client> {
  const account = `paymethods${++suffix}`
  const sk = { 'x-api-key': `sk_test_${account}` }
  const session = await send(core, 'POST /platform/v1/sessions', {
    headers: sk,
    body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7', email, phoneNumber },
  })
  const { sessionToken } = conforms(dataOf(SessionCreated), session.body).data
  const connection = conforms(
    dataOf(Connection),
    (await send(core, 'POST /__sandbox/connections', { headers: sk, body: { sessionToken } })).body,
  ).data
  return {
    sk,
    bearer: { authorization: `Bearer ${connection.credentials.accessToken}` },
    tenant: core.tenants.get(account, 'test'),
    customerId: connection.customer?.id ?? null,
  }
}

async function list(client: Client) {
  const response = await send(core, 'GET /platform/v1/payment-methods', { headers: client.bearer })
  expect(response.status).toBe(200)
  return conforms(dataOf(PaymentMethodList), response.body).data
}

/** The seeded cards of the client's customer, straight from the store. */
async function storedCards(client: Client) {
  return (await client.tenant.store()).cards.filter((card) => card.customerId === client.customerId)
}

describe('GET /platform/v1/payment-methods', () => {
  it('answers { data: { paymentMethodConfigs, paymentMethods } }', async () => {
    const response = await send(core, 'GET /platform/v1/payment-methods', { headers: (await connect()).bearer })
    expect(response.status).toBe(200)
    expect(Object.keys(conforms(dataOf(PaymentMethodList), response.body).data).sort()).toEqual([
      'paymentMethodConfigs',
      'paymentMethods',
    ])
  })

  it('lists configs for card, apple_pay and google_pay', async () => {
    const { paymentMethodConfigs } = await list(await connect())
    expect(paymentMethodConfigs.map((config) => config.type).sort()).toEqual(['apple_pay', 'card', 'google_pay'])
  })

  it('lists every config available by default', async () => {
    const { paymentMethodConfigs } = await list(await connect())
    expect(paymentMethodConfigs.every((config) => config.availability.available)).toBe(true)
  })

  it('lists google_pay unavailable with reason wallet_unavailable once the tenant turns googlePayAvailable off', async () => {
    const client = await connect()
    await send(core, 'PUT /__sandbox/settings', { headers: client.sk, body: { googlePayAvailable: false } })
    const { paymentMethodConfigs } = await list(client)
    expect(paymentMethodConfigs.find((config) => config.type === 'google_pay')?.availability).toEqual({
      available: false,
      reason: 'wallet_unavailable',
    })
    expect(
      paymentMethodConfigs
        .filter((config) => config.availability.available)
        .map((config) => config.type)
        .sort(),
    ).toEqual(['apple_pay', 'card'])
  })

  it("lists exactly the customer's stored cards", async () => {
    const client = await connect()
    const { paymentMethods } = await list(client)
    expect(paymentMethods.map((card) => card.id).sort()).toEqual(
      (await storedCards(client)).map((card) => card.id).sort(),
    )
    expect(paymentMethods).toHaveLength(2)
  })

  it('marks the expired card unavailable with reason card_expired', async () => {
    const client = await connect()
    const expired = (await storedCards(client)).find((card) => card.expiryYear < 2025)!
    const listed = (await list(client)).paymentMethods.find((card) => card.id === expired.id)
    expect(listed?.availability).toEqual({ available: false, reason: 'card_expired' })
  })

  it('marks the live card available', async () => {
    const client = await connect()
    const live = (await storedCards(client)).find((card) => card.expiryYear > 2026)!
    const listed = (await list(client)).paymentMethods.find((card) => card.id === live.id)
    expect(listed?.availability).toEqual({ available: true })
  })

  it('answers 403 forbidden to anonymous credentials', async () => {
    const anonymous = await connect('new.person@example.com', '+12125550199')
    const response = await send(core, 'GET /platform/v1/payment-methods', { headers: anonymous.bearer })
    expect(response.status).toBe(403)
    expect(conforms(PlatformError, response.body).code).toBe('forbidden')
  })

  it('answers 401 without Authorization', async () => {
    const response = await send(core, 'GET /platform/v1/payment-methods')
    expect(response.status).toBe(401)
    expect(conforms(PlatformError, response.body).code).toBe('unauthorized')
  })

  it('answers 401 to a secret key in place of an access token', async () => {
    const client = await connect()
    const response = await send(core, 'GET /platform/v1/payment-methods', { headers: client.sk })
    expect(response.status).toBe(401)
    expect(conforms(PlatformError, response.body).code).toBe('unauthorized')
  })
})

describe('DELETE /platform/v1/payment-methods/:id', () => {
  it("answers 204 for one of the customer's cards", async () => {
    const client = await connect()
    const [card] = await storedCards(client)
    const response = await send(core, `DELETE /platform/v1/payment-methods/${card!.id}`, { headers: client.bearer })
    expect(response.status).toBe(204)
  })

  it('leaves the deleted card out of the list', async () => {
    const client = await connect()
    const [card, other] = await storedCards(client)
    await send(core, `DELETE /platform/v1/payment-methods/${card!.id}`, { headers: client.bearer })
    expect((await list(client)).paymentMethods.map((method) => method.id)).toEqual([other!.id])
  })

  it("answers 404 not_found for another customer's card and keeps it", async () => {
    const client = await connect()
    const store = await client.tenant.store()
    const othersCard = store.cards.filter((card) => card.customerId !== client.customerId)[0]!
    const response = await send(core, `DELETE /platform/v1/payment-methods/${othersCard.id}`, {
      headers: client.bearer,
    })
    expect(response.status).toBe(404)
    expect(conforms(PlatformError, response.body).code).toBe('not_found')
    expect(store.cards.get(othersCard.id)).toBeDefined()
  })

  it('answers 404 not_found for an unknown card', async () => {
    const response = await send(core, 'DELETE /platform/v1/payment-methods/pm_doesNotExist00', {
      headers: (await connect()).bearer,
    })
    expect(response.status).toBe(404)
    expect(conforms(PlatformError, response.body).code).toBe('not_found')
  })

  it('answers 403 forbidden to anonymous credentials', async () => {
    const anonymous = await connect('new.person@example.com', '+12125550199')
    const store = await anonymous.tenant.store()
    const someCard = store.cards.all()[0]!
    const response = await send(core, `DELETE /platform/v1/payment-methods/${someCard.id}`, {
      headers: anonymous.bearer,
    })
    expect(response.status).toBe(403)
    expect(conforms(PlatformError, response.body).code).toBe('forbidden')
    expect(store.cards.get(someCard.id)).toBeDefined()
  })

  it('answers 401 without Authorization', async () => {
    const client = await connect()
    const [card] = await storedCards(client)
    const response = await send(core, `DELETE /platform/v1/payment-methods/${card!.id}`)
    expect(response.status).toBe(401)
    expect(conforms(PlatformError, response.body).code).toBe('unauthorized')
  })
})

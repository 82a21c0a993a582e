import { describe, expect, it } from 'vitest'
import { PlatformError, SellTransaction, TenantFixtures, dataOf } from '#contract/index.ts'
import { createSandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import { sellFlow } from './sell-test-kit.ts'

describe('POST /__sandbox/sell_transactions', () => {
  it('starts a sell for the seeded active.us-ny customer when none is named, with a refund address of the network', async () => {
    const flow = await sellFlow()
    const sell = await flow.create()
    expect(sell.customerId).toBe((await flow.tenant.store()).customerByEmail('active.us-ny@sandbox.test')!.id)
    expect(sell.refundWalletAddress).toMatch(/^0x[0-9a-f]{40}$/)
  })

  it.each([
    [{ baseCurrencyAmount: undefined }, 'baseCurrencyAmount'],
    [{ baseCurrencyAmount: '0.5' }, 'baseCurrencyAmount'],
    [{ extraFeePercentage: 11 }, 'extraFeePercentage'],
    [{ surprise: true }, 'surprise'],
  ])('answers 400 naming the field for %o', async (body, field) => {
    const response = await (await sellFlow()).createRaw(body)
    expect(response.status).toBe(400)
    expect(conforms(PlatformError, response.body).errors?.map((error) => error.field)).toContain(field)
  })

  it("answers 429 past the account's cap of sell transactions, saying how to make room", async () => {
    const flow = await sellFlow({ core: createSandboxCore({ limits: { sellTransactions: 1 } }) })
    await flow.create()
    const response = await flow.createRaw()
    expect(response.status).toBe(429)
    expect(conforms(PlatformError, response.body).message).toMatch(/1 sell transactions.*POST \/__sandbox\/reset/)
  })

  it('answers 401 without the secret key', async () => {
    const flow = await sellFlow()
    expect(
      (
        await send(flow.core, 'POST /__sandbox/sell_transactions', {
          body: { baseCurrencyCode: 'eth', quoteCurrencyCode: 'usd', baseCurrencyAmount: 0.5 },
        })
      ).status,
    ).toBe(401)
  })
})

describe('POST /__sandbox/sell_transactions/{id}/deposit, /complete, /fail', () => {
  it('answers 400 naming amount, 404 for an unknown sell', async () => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    const bad = await flow.deposit(id, -1)
    expect(bad.status).toBe(400)
    expect(conforms(PlatformError, bad.body).errors?.[0]?.field).toBe('amount')
    expect((await flow.deposit('sell_nope', 0.5)).status).toBe(404)
  })

  it('completes a pending sell now, and refuses one waiting for its deposit with 409', async () => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    expect(
      (await send(flow.core, `POST /__sandbox/sell_transactions/${id}/complete`, { headers: flow.sk })).status,
    ).toBe(409)
    await flow.deposit(id, 0.5)
    const done = await send(flow.core, `POST /__sandbox/sell_transactions/${id}/complete`, { headers: flow.sk })
    expect(conforms(dataOf(SellTransaction), done.body).data.status).toBe('completed')
  })

  it('fails a sell now at the stage in progress with the reason given, then 409', async () => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    await flow.deposit(id, 0.5)
    const failed = await send(flow.core, `POST /__sandbox/sell_transactions/${id}/fail`, {
      headers: flow.sk,
      body: { failureReason: 'refund' },
    })
    expect(conforms(dataOf(SellTransaction), failed.body).data).toMatchObject({
      status: 'failed',
      failureReason: 'refund',
      stages: [{ status: 'success' }, { status: 'failed', failureReason: 'refund' }, {}, {}],
    })
    expect((await send(flow.core, `POST /__sandbox/sell_transactions/${id}/fail`, { headers: flow.sk })).status).toBe(
      409,
    )
  })

  it('answers 400 naming failureReason for one it does not know', async () => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    const response = await send(flow.core, `POST /__sandbox/sell_transactions/${id}/fail`, {
      headers: flow.sk,
      body: { failureReason: 'bored' },
    })
    expect(conforms(PlatformError, response.body).errors?.[0]?.field).toBe('failureReason')
  })
})

describe('GET /__sandbox/fixtures', () => {
  it('lists the sell triggers beside the buy triggers', async () => {
    const flow = await sellFlow()
    const fixtures = conforms(
      dataOf(TenantFixtures),
      (await send(flow.core, 'GET /__sandbox/fixtures', { headers: flow.sk })).body,
    ).data
    expect(fixtures.sellTriggers?.map((trigger) => trigger.digits)).toEqual(['4113', '4213'])
  })
})

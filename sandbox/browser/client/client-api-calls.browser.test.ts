import { describe, expect, it } from 'vitest'
import { conforms, send } from '#http/test-request.ts'
import { pageOf, Transaction } from '#contract/index.ts'
import { connectedBuyer, WALLET } from '#portable/frames/machines/purchase-test-kit.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'
import { call } from '#testing/host-page-calls.ts'

const env = useBrowserSandbox()

/** The client's API calls answer `{status, body}`. */
type Answer = { status: number; body: any }

async function answer(method: string, args: unknown[]): Promise<Answer> {
  const result = await call<Answer>(env.page, method, args)
  if (!result.ok) throw new Error(`${method} threw ${result.error.message}`)
  return result.value
}

describe('browser client API calls, through real requests from the host page', () => {
  it("getPaymentMethods answers the configs and exactly the customer's stored cards", async () => {
    const buyer = await connectedBuyer(env.sandbox.core)
    const { status, body } = await answer('getPaymentMethods', [buyer.accessToken])
    expect(status).toBe(200)
    expect(body.data.paymentMethodConfigs.map((config: { type: string }) => config.type)).toEqual([
      'card',
      'apple_pay',
      'google_pay',
    ])
    const stored = (await buyer.tenant.store()).cards
      .filter((card) => card.customerId === buyer.customerId)
      .map((card) => card.id)
    expect(body.data.paymentMethods.map((card: { id: string }) => card.id).sort()).toEqual(stored.sort())
  }, 30_000)

  it('deletePaymentMethod answers 204 and the card is gone from getPaymentMethods', async () => {
    const buyer = await connectedBuyer(env.sandbox.core)
    expect((await answer('deletePaymentMethod', [buyer.accessToken, buyer.card.id])).status).toBe(204)
    const { body } = await answer('getPaymentMethods', [buyer.accessToken])
    expect(body.data.paymentMethods.map((card: { id: string }) => card.id)).not.toContain(buyer.card.id)
    expect(body.data.paymentMethods).toHaveLength(1)
  }, 30_000)

  it('getQuote answers an executable buy quote for the request, paying with the chosen card', async () => {
    const buyer = await connectedBuyer(env.sandbox.core)
    const request = {
      source: { asset: { code: 'usd' }, amount: 100 },
      destination: { asset: { code: 'eth' } },
      wallet: WALLET,
      paymentMethod: { type: 'card', id: buyer.card.id },
    }
    const { status, body } = await answer('getQuote', [buyer.accessToken, request])
    expect(status).toBe(200)
    expect(body.data).toMatchObject({
      source: { asset: { code: 'usd' }, amount: 100 },
      destination: { asset: { code: 'eth' } },
      paymentMethod: { type: 'card', id: buyer.card.id },
      executable: true,
      feeBehavior: 'inclusive',
    })
    expect(body.data.signature).toEqual(expect.any(String))
  }, 30_000)

  it('getQuote answers the 400 invalid_request of a request in the flat shape', async () => {
    const buyer = await connectedBuyer(env.sandbox.core)
    const { status, body } = await answer('getQuote', [
      buyer.accessToken,
      { source: 'usd', sourceAmount: 100, walletAddress: WALLET.address, paymentMethod: 'card' },
    ])
    expect(status).toBe(400)
    expect(body.code).toBe('invalid_request')
  }, 30_000)

  it('listTransactions answers a page newest first, and its cursor the next page', async () => {
    const buyer = await connectedBuyer(env.sandbox.core)
    const first = await answer('listTransactions', [buyer.accessToken, '?limit=5'])
    expect(first.status).toBe(200)
    expect(first.body.data).toHaveLength(5)
    const times = first.body.data.map((t: { createdAt: string }) => t.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
    const cursor = first.body.pageInfo.nextCursor as string
    const second = await answer('listTransactions', [
      buyer.accessToken,
      `?limit=5&cursor=${encodeURIComponent(cursor)}`,
    ])
    const ids = (page: Answer) => page.body.data.map((t: { id: string }) => t.id)
    expect(ids(second)).toHaveLength(5)
    expect(ids(second).filter((id: string) => ids(first).includes(id))).toEqual([])
  }, 30_000)

  it("getTransaction answers the customer's transaction with that id", async () => {
    const buyer = await connectedBuyer(env.sandbox.core)
    const listed = await send(env.sandbox.core, 'GET /platform/v1/transactions?limit=3', {
      headers: { authorization: `Bearer ${buyer.accessToken}` },
    })
    const third = conforms(pageOf(Transaction), listed.body).data[2]!
    const { status, body } = await answer('getTransaction', [buyer.accessToken, third.id])
    expect(status).toBe(200)
    expect(body.data).toEqual(JSON.parse(JSON.stringify(third)))
  }, 30_000)

  it('getTransaction answers 404 not_found for an id the customer does not have', async () => {
    const buyer = await connectedBuyer(env.sandbox.core)
    const { status, body } = await answer('getTransaction', [buyer.accessToken, 'txn_nothing'])
    expect(status).toBe(404)
    expect(body.code).toBe('not_found')
  }, 30_000)
})

import { describe, expect, it } from 'vitest'
import type { PaymentMethodType } from '#contract/index.ts'
import { encodeQuote } from '#portable/frames/machines/purchase-flow.ts'
import { connectedBuyer } from '#portable/frames/machines/purchase-test-kit.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'
import { act, call, eventsOf, outcome, startCall, waitForEvent } from '#testing/host-page-calls.ts'

const env = useBrowserSandbox()

/** A connected buyer in a fresh account and an encoded quote of `amount` usd paid by `method`. */
async function buyerWithQuote(amount: number, method: PaymentMethodType) {
  const buyer = await connectedBuyer(env.sandbox.core)
  return { buyer, quote: encodeQuote(await buyer.quote(amount, method)) }
}

/** The customer taps the pay button and confirms the sheet; resolves with the frame's `complete` payload. */
async function tapAndConfirm(id: string) {
  await act(env.page, id, 'tapPay')
  await act(env.page, id, 'confirmSheet')
  return (await waitForEvent(env.page, id, 'complete')).payload
}

describe('browser client purchase setups, through real frames', () => {
  it('setupBuy pays the card quote headless: complete with a pending transaction that getTransaction returns', async () => {
    const { buyer, quote } = await buyerWithQuote(100, 'card')
    const id = await startCall(env.page, 'setupBuy', [buyer.clientToken, quote])
    const { transaction } = (await waitForEvent(env.page, id, 'complete')).payload
    expect(transaction).toEqual({ id: expect.any(String), status: 'pending' })
    const fetched = await call(env.page, 'getTransaction', [buyer.accessToken, transaction.id])
    expect(fetched).toMatchObject({
      ok: true,
      value: { status: 200, body: { data: { id: transaction.id, status: 'pending', source: { amount: 100 } } } },
    })
  }, 30_000)

  it('setupBuyButton renders the button; a tap and a confirmed sheet pay, and listTransactions lists the new transaction first', async () => {
    const { buyer, quote } = await buyerWithQuote(100, 'card')
    const id = await startCall(env.page, 'setupBuyButton', [buyer.clientToken, quote])
    const payload = await tapAndConfirm(id)
    expect((await eventsOf(env.page, id)).map((e) => e.kind)).toEqual([
      'handshake',
      'ready',
      'buttonPressed',
      'complete',
    ])
    expect(payload.transaction.status).toBe('pending')
    const latest = await call(env.page, 'listTransactions', [buyer.accessToken, '?limit=1'])
    expect(latest).toMatchObject({ ok: true, value: { status: 200, body: { data: [{ id: payload.transaction.id }] } } })
  }, 30_000)

  it("setupChallenge loads the challenge of a buy of 48; completing it completes the buy with the challenge's transaction", async () => {
    const { buyer, quote } = await buyerWithQuote(48, 'card')
    const buy = await startCall(env.page, 'setupBuy', [buyer.clientToken, quote])
    const { url } = (await waitForEvent(env.page, buy, 'challenge')).payload
    const challenge = await startCall(env.page, 'setupChallenge', [url], { params: { clientToken: buyer.clientToken } })
    await act(env.page, challenge, 'completeChallenge')
    const completed = (await waitForEvent(env.page, challenge, 'complete')).payload
    expect(completed).toEqual({ flow: 'buy', transaction: { id: expect.any(String), status: 'pending' } })
    const bought = (await waitForEvent(env.page, buy, 'complete')).payload
    expect(bought.transaction).toEqual(completed.transaction)
  }, 30_000)

  it.each([
    ['setupApplePay', 'apple_pay'],
    ['setupGooglePay', 'google_pay'],
  ] as const)(
    '%s resolves once the button is ready; a tap and a confirmed sheet complete a pending transaction',
    async (method, type) => {
      const { buyer, quote } = await buyerWithQuote(100, type)
      const id = await startCall(env.page, method, [buyer.clientToken, quote])
      expect(await outcome(env.page, id)).toEqual({ ok: true, value: { channelId: expect.any(String) } })
      const payload = await tapAndConfirm(id)
      expect((await eventsOf(env.page, id)).map((e) => e.kind)).toEqual([
        'handshake',
        'ready',
        'buttonPressed',
        'complete',
      ])
      expect(await buyer.transaction(payload.transaction.id)).toMatchObject({
        status: 'pending',
        paymentMethod: { type },
      })
    },
    30_000,
  )
})

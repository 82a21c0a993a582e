import { describe, expect, it } from 'vitest'
import { SellRequote, SellTransaction, dataOf } from '#contract/index.ts'
import { sellFlow } from '#http/routes/sell-test-kit.ts'
import { conforms, send } from '#http/test-request.ts'

/** A sell of 0.5 ETH for USD, its deposit recorded (pending), in a fresh account whose endpoint wants every event. */
async function pendingSell() {
  const flow = await sellFlow()
  const sell = await flow.create()
  expect((await flow.deposit(sell.id, 0.5)).status).toBe(200)
  const requote = (body: Record<string, unknown> = {}) =>
    send(flow.core, `POST /__sandbox/sell_transactions/${sell.id}/requote`, { headers: flow.sk, body })
  return { flow, sell, requote }
}

describe('sell requote', () => {
  it('makes a pending sell requoteRequired at the new amount and sends sell_transaction_requote_required with the reduced object of its GET', async () => {
    const { flow, sell, requote } = await pendingSell()
    await flow.advance(3_000)
    const response = await requote({ quoteCurrencyAmount: 900 })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    await flow.tenant.background.settled()
    const now = await flow.read(sell.id)
    expect(conforms(dataOf(SellTransaction), response.body).data).toEqual(now)
    const event = (await flow.events()).at(-1)!
    expect(event.type).toBe('sell_transaction_requote_required')
    expect(conforms(SellRequote.strict(), event.data)).toEqual({
      id: sell.id,
      status: 'requoteRequired',
      createdAt: now.createdAt,
      updatedAt: now.updatedAt,
      baseCurrencyAmount: 0.5,
      quoteCurrencyAmount: 900,
      baseCurrency: 'eth',
      quoteCurrency: 'usd',
      externalCustomerId: now.externalCustomerId,
      walletAddress: now.depositWalletAddress,
      externalTransactionId: now.externalTransactionId,
    })
    expect(now.updatedAt).not.toBe(now.createdAt)
  })

  it('offers 1 % less by default, in the fiat precision', async () => {
    const { flow, sell, requote } = await pendingSell()
    expect((await requote()).status).toBe(200)
    expect((await flow.read(sell.id)).quoteCurrencyAmount).toBe(Math.round(sell.quoteCurrencyAmount * 99) / 100)
  })

  it('holds the sell: it does not settle on the clock until the requote is answered', async () => {
    const { flow, sell, requote } = await pendingSell()
    await requote()
    await flow.advance(60_000)
    expect((await flow.read(sell.id)).status).toBe('requoteRequired')
  })

  it('accepted (complete), completes the sell at the new amount with its stage events', async () => {
    const { flow, sell, requote } = await pendingSell()
    await requote({ quoteCurrencyAmount: 900 })
    const response = await send(flow.core, `POST /__sandbox/sell_transactions/${sell.id}/complete`, {
      headers: flow.sk,
    })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    await flow.tenant.background.settled()
    expect(await flow.read(sell.id)).toMatchObject({ status: 'completed', quoteCurrencyAmount: 900 })
    expect((await flow.events()).at(-1)).toMatchObject({
      type: 'sell_transaction_updated',
      data: { status: 'completed', quoteCurrencyAmount: 900 },
    })
  })

  it('refused (fail), fails the sell with sell_transaction_failed', async () => {
    const { flow, sell, requote } = await pendingSell()
    await requote()
    expect(
      (
        await send(flow.core, `POST /__sandbox/sell_transactions/${sell.id}/fail`, {
          headers: flow.sk,
          body: { failureReason: 'cancelled' },
        })
      ).status,
    ).toBe(200)
    await flow.tenant.background.settled()
    expect((await flow.events()).at(-1)).toMatchObject({
      type: 'sell_transaction_failed',
      data: { status: 'failed', failureReason: 'cancelled' },
    })
  })

  it('is refused with 409 for a sell that is not pending, and 404 for an unknown one', async () => {
    const flow = await sellFlow()
    const waiting = await flow.create()
    const conflict = await send(flow.core, `POST /__sandbox/sell_transactions/${waiting.id}/requote`, {
      headers: flow.sk,
    })
    expect(conflict.status).toBe(409)
    expect(JSON.stringify(conflict.body)).toMatch(/waitingForDeposit: only a pending sell/)
    expect(
      (await send(flow.core, 'POST /__sandbox/sell_transactions/sell_nope/requote', { headers: flow.sk })).status,
    ).toBe(404)
  })

  it('refuses an amount that is not a positive number, naming quoteCurrencyAmount', async () => {
    const { requote } = await pendingSell()
    for (const quoteCurrencyAmount of [0, -1, 'ten', 0.001]) {
      const response = await requote({ quoteCurrencyAmount })
      expect(response.status, String(quoteCurrencyAmount)).toBe(400)
      expect(JSON.stringify(response.body)).toMatch(/quoteCurrencyAmount/)
    }
  })

  it('can be triggered from the control API for a sell in requoteRequired, and refused for one that is not without a status override', async () => {
    const { flow, sell, requote } = await pendingSell()
    const refused = await send(flow.core, 'POST /__sandbox/webhooks/trigger', {
      headers: flow.sk,
      body: { type: 'sell_transaction_requote_required' },
    })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toMatch(/data\.status/)
    await requote({ quoteCurrencyAmount: 900 })
    const response = await send(flow.core, 'POST /__sandbox/webhooks/trigger', {
      headers: flow.sk,
      body: { type: 'sell_transaction_requote_required', transactionId: sell.id },
    })
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    await flow.tenant.background.settled()
    const [triggered, emitted] = (await flow.events())
      .filter((event) => event.type === 'sell_transaction_requote_required')
      .reverse()
    expect(triggered!.data).toEqual(emitted!.data)
  })
})

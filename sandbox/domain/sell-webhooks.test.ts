import { describe, expect, it } from 'vitest'
import { TriggeredWebhook, dataOf } from '#contract/index.ts'
import { sellFlow, sellStages } from '#http/routes/sell-test-kit.ts'
import { conforms, send } from '#http/test-request.ts'

describe('sell webhooks', () => {
  it('send created, updated at the deposit and each stage, and updated completed, in order', async () => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    await flow.deposit(id, 0.5)
    await flow.advance(20_000)
    const sells = (await flow.events()).filter((event) => event.type.startsWith('sell_'))
    expect(sells.map((event) => `${event.type} ${event.data.status} ${sellStages(event.data)}`)).toEqual([
      'sell_transaction_created waitingForDeposit in_progress not_started not_started not_started',
      'sell_transaction_updated pending success in_progress not_started not_started',
      'sell_transaction_updated pending success success in_progress not_started',
      'sell_transaction_updated pending success success success in_progress',
      'sell_transaction_updated completed success success success success',
    ])
  })

  it('carry the sell as GET /v3/sell_transactions/{id} shows it at that moment', async () => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    const [created] = await flow.events()
    expect(created!.data).toEqual(await flow.read(id))
    await flow.deposit(id, 0.5)
    await flow.advance(20_000)
    expect((await flow.events()).at(-1)!.data).toEqual(await flow.read(id))
  })

  it('send sell_transaction_failed for a cancel, an expiry, a refused deposit and a failed payout', async () => {
    const flow = await sellFlow()
    const cancelled = await flow.create()
    await send(flow.core, `DELETE /v3/sell_transactions/${cancelled.id}`, { headers: flow.sk })
    await flow.tenant.background.settled()
    const refused = await flow.create()
    await flow.deposit(refused.id, 0.1)
    const payout = await flow.create({ baseCurrencyAmount: 0.4113 })
    await flow.deposit(payout.id, 0.4113)
    const expired = await flow.create()
    await flow.advance(1_800_000)
    const failed = (await flow.events()).filter((event) => event.type === 'sell_transaction_failed')
    expect(failed.map((event) => [event.data.id, event.data.failureReason])).toEqual([
      [cancelled.id, 'cancelled'],
      [refused.id, 'refund'],
      [payout.id, 'error'],
      [expired.id, 'timeout_deposit'],
    ])
  })

  it('can be triggered on demand for the newest sell, with overrides', async () => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    const response = await send(flow.core, 'POST /__sandbox/webhooks/trigger', {
      headers: flow.sk,
      body: { type: 'sell_transaction_failed', data: { status: 'failed', failureReason: 'error' } },
    })
    expect(response.status).toBe(201)
    expect(conforms(dataOf(TriggeredWebhook), response.body).data.deliveries).toHaveLength(1)
    await flow.tenant.background.settled()
    expect((await flow.events()).at(-1)).toMatchObject({
      type: 'sell_transaction_failed',
      data: { id, status: 'failed', failureReason: 'error' },
    })
    expect((await flow.read(id)).status).toBe('waitingForDeposit')
  })

  it('refuse a trigger naming a sell that does not exist, naming transactionId', async () => {
    const flow = await sellFlow()
    const response = await send(flow.core, 'POST /__sandbox/webhooks/trigger', {
      headers: flow.sk,
      body: { type: 'sell_transaction_updated', transactionId: 'sell_nope' },
    })
    expect(response.status).toBe(400)
    expect(JSON.stringify(response.body)).toMatch(/transactionId names no sell transaction/)
  })
})

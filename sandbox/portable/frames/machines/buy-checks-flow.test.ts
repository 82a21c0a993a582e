import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { signBuyQuote } from '#domain/buy-quote.ts'
import { openInProcessFrame } from '#frames/server/in-process-frame.ts'
import { buyMachine } from './buy.ts'
import { encodeQuote } from './purchase-flow.ts'
import {
  challengeUrl,
  completedId,
  connectedBuyer,
  kinds,
  openChallengeFrame,
  openPurchase,
  until,
} from './purchase-test-kit.ts'

describe('buy frame checks, in process', () => {
  it('posts quoteExpired when the challenge outlives its quote; the stale challenge is then invalid_token and a fresh quote challenges again', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const buy = await openPurchase(core, buyMachine, buyer.clientToken, await buyer.quote(48))
    await until(buy, 'challenge')
    buyer.tenant.clock.advance(30_000)
    await until(buy, 'quoteExpired')
    const stale = await openChallengeFrame(core, challengeUrl(buy), { clientToken: buyer.clientToken })
    expect(stale.events.at(-1)).toMatchObject({ kind: 'error', payload: { code: 'invalid_token' } })
    buy.runtime.receive({ kind: 'setQuote', payload: { quote: await buyer.quote(48) } })
    await until(buy, 'challenge', 2)
    expect(kinds(buy)).toEqual(['handshake', 'challenge', 'quoteExpired', 'challenge'])
  })

  it.each([48, 49])('ignores the %s trigger in live mode and pays at once', async (amount) => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core, 'live')
    const buy = await openPurchase(core, buyMachine, buyer.clientToken, await buyer.quote(amount))
    await buy.runtime.idle()
    expect(kinds(buy)).toEqual(['handshake', 'complete'])
    expect(buy.events[1]).toMatchObject({ payload: { transaction: { status: 'pending' } } })
  })

  it('passes externalTransactionId through: the same id pays once, and a second frame gets the same transaction', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const quote = await buyer.quote(100)
    const first = await openPurchase(core, buyMachine, buyer.clientToken, quote, { externalTransactionId: 'order-1' })
    await first.runtime.idle()
    const second = await openPurchase(core, buyMachine, buyer.clientToken, quote, { externalTransactionId: 'order-1' })
    await second.runtime.idle()
    expect(second.events.at(-1)).toEqual(first.events.at(-1))
    expect((await buyer.transaction(completedId(first)))?.externalTransactionId).toBe('order-1')
    expect((await buyer.tenant.store()).transactions.filter((t) => t.externalTransactionId === 'order-1')).toHaveLength(
      1,
    )
  })

  it('reports invalid_quote for a quote changed after signing or made for another customer', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const quote = await buyer.quote(100)
    const changed = await openPurchase(core, buyMachine, buyer.clientToken, { ...quote, totalAmount: 1 })
    await changed.runtime.idle()
    expect(changed.events.at(-1)).toMatchObject({
      kind: 'error',
      payload: { code: 'invalid_quote', message: expect.stringContaining('signature') },
    })
    const other = await connectedBuyer(core)
    const foreign = await openPurchase(core, buyMachine, other.clientToken, quote)
    await foreign.runtime.idle()
    expect(foreign.events.at(-1)).toMatchObject({ kind: 'error', payload: { code: 'invalid_quote' } })
  })

  it("reports invalid_quote for a signed quote whose amount bought is below the crypto's minBuyAmount, paying nothing", async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const quote = await buyer.quote(100)
    const small = { ...quote, destination: { ...quote.destination, amount: 0.0076 } }
    const before = (await buyer.tenant.store()).transactions.all().length
    const buy = await openPurchase(core, buyMachine, buyer.clientToken, {
      ...small,
      signature: signBuyQuote(buyer.tenant, buyer.customerId, small),
    })
    await buy.runtime.idle()
    expect(buy.events.at(-1)).toEqual({
      kind: 'error',
      payload: {
        code: 'invalid_quote',
        message: 'the amount bought 0.0076 eth is below the minimum buy of 0.0085 eth',
      },
    })
    expect((await buyer.tenant.store()).transactions.all()).toHaveLength(before)
  })

  it('reports invalid_token when opened with an apiKey instead of a customer clientToken', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const frame = await openInProcessFrame(core, buyMachine, {
      channelId: 'channel-key',
      apiKey: `pk_test_${buyer.account.account}`,
      quote: encodeQuote(await buyer.quote(100)),
    })
    frame.runtime.receive({ kind: 'ack' })
    await frame.runtime.idle()
    expect(frame.events.at(-1)).toMatchObject({ kind: 'error', payload: { code: 'invalid_token' } })
  })
})

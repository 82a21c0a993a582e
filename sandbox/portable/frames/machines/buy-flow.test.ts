import { describe, expect, it } from 'vitest'
import { FrameOutbound } from '#contract/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { buyMachine } from './buy.ts'
import {
  challengeUrl,
  completedId,
  connectedBuyer,
  kinds,
  openChallengeFrame,
  openPurchase,
  until,
} from './purchase-test-kit.ts'

const transactionsOf = async (buyer: Awaited<ReturnType<typeof connectedBuyer>>) =>
  (await buyer.tenant.store()).transactions.filter((t) => t.customerId === buyer.customerId).length

describe('buy frame, in process', () => {
  it('pays a card quote after the ack: complete with a pending transaction that settles completed 20 s later', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const frame = await openPurchase(core, buyMachine, buyer.clientToken, await buyer.quote(100))
    await frame.runtime.idle()
    expect(kinds(frame)).toEqual(['handshake', 'complete'])
    expect(frame.events[1]).toEqual({
      kind: 'complete',
      payload: { transaction: { id: expect.stringMatching(/^txn_/), status: 'pending' } },
    })
    const id = completedId(frame)
    expect((await buyer.transaction(id))?.status).toBe('pending')
    buyer.tenant.clock.advance(20_000)
    await buyer.tenant.clock.settled()
    expect((await buyer.transaction(id))?.status).toBe('completed')
  })
  it('completes the transaction when the 48 wallet-ownership challenge is completed', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const buy = await openPurchase(core, buyMachine, buyer.clientToken, await buyer.quote(48))
    await until(buy, 'challenge')
    const url = new URL(challengeUrl(buy))
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:4011/platform/v1/challenge')
    expect([...url.searchParams.keys()]).toEqual(['channelId', 'challengeToken'])
    const before = await transactionsOf(buyer)
    const challenge = await openChallengeFrame(core, url.href, { clientToken: buyer.clientToken })
    expect(challenge.runtime.view().screen).toBe('walletOwnership')
    challenge.runtime.act({ type: 'completeChallenge' })
    await challenge.runtime.idle()
    await buy.runtime.idle()
    const done = challenge.events.at(-1)!
    expect(done).toEqual({
      kind: 'complete',
      payload: { flow: 'buy', transaction: { id: expect.stringMatching(/^txn_/), status: 'pending' } },
    })
    const id =
      done.kind === 'complete' && 'flow' in done.payload && done.payload.flow === 'buy'
        ? done.payload.transaction.id
        : ''
    expect(kinds(buy)).toEqual(['handshake', 'challenge', 'complete'])
    expect(buy.events[2]).toEqual({ kind: 'complete', payload: { transaction: { id, status: 'pending' } } })
    expect(await transactionsOf(buyer)).toBe(before + 1)
  })

  it('fails the purchase as a transaction failed at verification (cancelled) when the challenge is cancelled', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const before = await transactionsOf(buyer)
    const buy = await openPurchase(core, buyMachine, buyer.clientToken, await buyer.quote(48))
    await until(buy, 'challenge')
    const challenge = await openChallengeFrame(core, challengeUrl(buy), { clientToken: buyer.clientToken })
    challenge.runtime.act({ type: 'cancelChallenge' })
    await challenge.runtime.idle()
    await buy.runtime.idle()
    expect(challenge.events.at(-1)).toEqual({ kind: 'cancelled', payload: { flow: 'buy' } })
    expect(buy.events.at(-1)).toEqual({
      kind: 'complete',
      payload: {
        transaction: { id: expect.stringMatching(/^txn_/), status: 'failed' },
        failureCode: 'authorizationDeclined',
        failureReason: 'The customer cancelled the verification challenge.',
      },
    })
    expect(await transactionsOf(buyer)).toBe(before + 1)
    const id = (buy.events.at(-1) as { payload: { transaction: { id: string } } }).payload.transaction.id
    expect((await buyer.tenant.store()).transactions.get(id)).toMatchObject({
      status: 'failed',
      failureCode: 'authorizationDeclined',
      stages: [
        { status: 'success' },
        { stage: 'stage_two_verification', status: 'failed', failureReason: 'cancelled' },
        { status: 'not_started' },
        { status: 'not_started' },
      ],
    })
  })

  it('asks for the CVV again for 49, and completes once 3 digits are entered', async () => {
    const core = createSandboxCore({ origins: { api: 'http://localhost:4010', frames: 'http://localhost:4011' } })
    const buyer = await connectedBuyer(core)
    const buy = await openPurchase(core, buyMachine, buyer.clientToken, await buyer.quote(49), {
      externalTransactionId: 'order-49',
    })
    await until(buy, 'challenge')
    expect(challengeUrl(buy)).toMatch(/^http:\/\/localhost:4011\/platform\/v1\/challenge\?/)
    const challenge = await openChallengeFrame(core, challengeUrl(buy), { clientToken: buyer.clientToken })
    expect(challenge.runtime.view().screen).toBe('cvv')
    challenge.runtime.act({ type: 'enterCvv', cvv: '12' })
    challenge.runtime.act({ type: 'enterCvv', cvv: '123' })
    await challenge.runtime.idle()
    await buy.runtime.idle()
    expect(kinds(challenge)).toEqual(['handshake', 'complete'])
    expect(buy.events.at(-1)).toMatchObject({ kind: 'complete', payload: { transaction: { status: 'pending' } } })
    expect((await buyer.transaction(completedId(buy)))?.externalTransactionId).toBe('order-49')
  })

  it('posts quoteExpired for an expired quote, then pays the fresh quote the host sends with setQuote', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const stale = await buyer.quote(100)
    buyer.tenant.clock.advance(31_000)
    const buy = await openPurchase(core, buyMachine, buyer.clientToken, stale)
    await buy.runtime.idle()
    expect(buy.events.slice(1)).toEqual([{ kind: 'quoteExpired', payload: { expiresAt: stale.expiresAt } }])
    buy.runtime.receive({ kind: 'setQuote', payload: { quote: await buyer.quote(100) } })
    await buy.runtime.idle()
    expect(kinds(buy)).toEqual(['handshake', 'quoteExpired', 'complete'])
    expect(buy.events[2]).toMatchObject({ payload: { transaction: { status: 'pending' } } })
  })

  it("journals the buy and challenge events and the customer's action with their frames and channels, each event a FrameOutbound", async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const buy = await openPurchase(core, buyMachine, buyer.clientToken, await buyer.quote(48))
    await until(buy, 'challenge')
    const challenge = await openChallengeFrame(core, challengeUrl(buy), { clientToken: buyer.clientToken })
    challenge.runtime.act({ type: 'completeChallenge' })
    await challenge.runtime.idle()
    await buy.runtime.idle()
    const journal = buyer.tenant.journal
      .list({ kind: 'frame' })
      .map((e) => (e.kind === 'frame' ? `${e.frame} ${e.direction} ${e.event}` : ''))
    expect(journal).toEqual([
      'buy out handshake',
      'buy in ack',
      'buy out challenge',
      'challenge out handshake',
      'challenge in ack',
      'challenge action completeChallenge',
      'challenge out complete',
      'buy out complete',
    ])
    for (const event of [...buy.events, ...challenge.events])
      expect(FrameOutbound.safeParse(event).success, JSON.stringify(event)).toBe(true)
  })
})

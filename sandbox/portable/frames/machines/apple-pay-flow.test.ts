import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { TEST_TRIGGERS } from '#domain/triggers.ts'
import { applePayMachine } from './apple-pay.ts'
import {
  challengeUrl,
  completedId,
  connectedBuyer,
  kinds,
  openChallengeFrame,
  openPurchase,
  until,
} from './purchase-test-kit.ts'

const failures = TEST_TRIGGERS.flatMap((t) =>
  t.outcome.kind === 'failure' && t.frames.includes('apple-pay')
    ? [[t.amount, t.outcome.failureCode, t.outcome.failureReason] as const]
    : [],
)

describe('apple-pay frame, in process', () => {
  it('posts ready, buttonPressed on the tap, and complete with a pending transaction once the sheet is confirmed', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const frame = await openPurchase(core, applePayMachine, buyer.clientToken, await buyer.quote(100, 'apple_pay'))
    await frame.runtime.idle()
    frame.runtime.act({ type: 'tapPay' })
    frame.runtime.act({ type: 'confirmSheet' })
    await frame.runtime.idle()
    expect(kinds(frame)).toEqual(['handshake', 'ready', 'buttonPressed', 'complete'])
    expect(frame.events[3]).toMatchObject({
      payload: { transaction: { id: expect.stringMatching(/^txn_/), status: 'pending' } },
    })
  })

  it.each(failures)(
    'fails the transaction at once for amount %s with failureCode %s',
    async (amount, failureCode, failureReason) => {
      const core = createSandboxCore()
      const buyer = await connectedBuyer(core)
      const frame = await openPurchase(core, applePayMachine, buyer.clientToken, await buyer.quote(amount, 'apple_pay'))
      frame.runtime.act({ type: 'tapPay' })
      frame.runtime.act({ type: 'confirmSheet' })
      await frame.runtime.idle()
      const complete = frame.events.at(-1)!
      expect(complete).toEqual({
        kind: 'complete',
        payload: { transaction: { id: expect.stringMatching(/^txn_/), status: 'failed' }, failureCode, failureReason },
      })
      expect((await buyer.tenant.store()).transactions.get(completedId(frame))).toMatchObject({
        status: 'failed',
        failureCode,
        failureReason,
      })
    },
  )

  it('covers walletPayMerchantUnavailable among its failures', () => {
    expect(failures.map(([, code]) => code)).toContain('walletPayMerchantUnavailable')
  })

  it('asks for the second factor for 47.13 and pays once the customer confirms it', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const frame = await openPurchase(core, applePayMachine, buyer.clientToken, await buyer.quote(47.13, 'apple_pay'))
    frame.runtime.act({ type: 'tapPay' })
    frame.runtime.act({ type: 'confirmSheet' })
    await frame.runtime.idle()
    expect(kinds(frame)).toEqual(['handshake', 'ready', 'buttonPressed', 'oneTapWalletPaySecondFactorRequired'])
    expect(frame.events[3]).toEqual({ kind: 'oneTapWalletPaySecondFactorRequired', payload: {} })
    frame.runtime.act({ type: 'confirmSecondFactor' })
    await frame.runtime.idle()
    expect(frame.events.at(-1)).toMatchObject({ kind: 'complete', payload: { transaction: { status: 'pending' } } })
  })

  it('challenges wallet ownership for 48 and completes once the challenge is completed', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const frame = await openPurchase(core, applePayMachine, buyer.clientToken, await buyer.quote(48, 'apple_pay'))
    frame.runtime.act({ type: 'tapPay' })
    frame.runtime.act({ type: 'confirmSheet' })
    await until(frame, 'challenge')
    const challenge = await openChallengeFrame(core, challengeUrl(frame), { clientToken: buyer.clientToken })
    expect(challenge.runtime.view().screen).toBe('walletOwnership')
    challenge.runtime.act({ type: 'completeChallenge' })
    await challenge.runtime.idle()
    await frame.runtime.idle()
    expect(kinds(frame)).toEqual(['handshake', 'ready', 'buttonPressed', 'challenge', 'complete'])
    expect(frame.events.at(-1)).toMatchObject({ payload: { transaction: { status: 'pending' } } })
  })

  it('pays normally for 49: the CVV challenge is for cards', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const frame = await openPurchase(core, applePayMachine, buyer.clientToken, await buyer.quote(49, 'apple_pay'))
    frame.runtime.act({ type: 'tapPay' })
    frame.runtime.act({ type: 'confirmSheet' })
    await frame.runtime.idle()
    expect(kinds(frame)).toEqual(['handshake', 'ready', 'buttonPressed', 'complete'])
  })
})

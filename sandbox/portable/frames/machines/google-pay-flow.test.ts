import { describe, expect, it } from 'vitest'
import { dataOf, PaymentMethodList, type BuyQuote } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import { TEST_TRIGGERS } from '#domain/triggers.ts'
import { googlePayMachine } from './google-pay.ts'
import { challengeUrl, connectedBuyer, kinds, openChallengeFrame, openPurchase, until } from './purchase-test-kit.ts'

/** The google-pay frame for a quote, acked, once it has read the wallet's availability (ready or unsupported). */
async function openGooglePay(
  core: SandboxCore,
  clientToken: string,
  quote: BuyQuote,
  extra: Record<string, string> = {},
) {
  const frame = await openPurchase(core, googlePayMachine, clientToken, quote, extra)
  await frame.runtime.idle()
  return frame
}

const failures = TEST_TRIGGERS.flatMap((t) =>
  t.outcome.kind === 'failure' && t.frames.includes('google-pay') ? [[t.amount, t.outcome.failureCode] as const] : [],
)

describe('google-pay frame, in process', () => {
  it('posts unsupported with reason wallet_unavailable when the wallet is missing, and nothing else', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const frame = await openGooglePay(core, buyer.clientToken, await buyer.quote(100, 'google_pay'), {
      walletAvailable: 'false',
    })
    frame.runtime.act({ type: 'tapPay' })
    await frame.runtime.idle()
    expect(frame.events).toEqual([
      { kind: 'handshake' },
      { kind: 'unsupported', payload: { reason: 'wallet_unavailable' } },
    ])
  })

  it('posts unsupported wallet_unavailable, and no ready, when the payment-method config says google_pay is unavailable', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const quote = await buyer.quote(100, 'google_pay')
    await send(core, 'PUT /__sandbox/settings', { headers: buyer.account.headers, body: { googlePayAvailable: false } })
    const frame = await openGooglePay(core, buyer.clientToken, quote)
    frame.runtime.act({ type: 'tapPay' })
    await frame.runtime.idle()
    expect(frame.events).toEqual([
      { kind: 'handshake' },
      { kind: 'unsupported', payload: { reason: 'wallet_unavailable' } },
    ])
    const methods = await send(core, 'GET /platform/v1/payment-methods', {
      headers: { authorization: `Bearer ${buyer.accessToken}` },
    })
    expect(conforms(dataOf(PaymentMethodList), methods.body).data.paymentMethodConfigs).toContainEqual({
      type: 'google_pay',
      availability: { available: false, reason: 'wallet_unavailable' },
    })
  })

  it('posts buttonPressed before a cancelled sheet, and again on the second tap that pays', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const frame = await openGooglePay(core, buyer.clientToken, await buyer.quote(100, 'google_pay'))
    frame.runtime.act({ type: 'tapPay' })
    frame.runtime.act({ type: 'cancelSheet' })
    await frame.runtime.idle()
    expect(kinds(frame)).toEqual(['handshake', 'ready', 'buttonPressed'])
    expect(frame.runtime.view().screen).toBe('button')
    frame.runtime.act({ type: 'tapPay' })
    frame.runtime.act({ type: 'confirmSheet' })
    await frame.runtime.idle()
    expect(kinds(frame)).toEqual(['handshake', 'ready', 'buttonPressed', 'buttonPressed', 'complete'])
    expect(frame.events.at(-1)).toMatchObject({ payload: { transaction: { status: 'pending' } } })
  })

  it.each(failures)('fails the transaction for amount %s with failureCode %s', async (amount, failureCode) => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const frame = await openGooglePay(core, buyer.clientToken, await buyer.quote(amount, 'google_pay'))
    frame.runtime.act({ type: 'tapPay' })
    frame.runtime.act({ type: 'confirmSheet' })
    await frame.runtime.idle()
    expect(frame.events.at(-1)).toMatchObject({
      kind: 'complete',
      payload: { transaction: { status: 'failed' }, failureCode },
    })
  })

  it('never fails with walletPayMerchantUnavailable: 46.13 pays normally on Android', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const frame = await openGooglePay(core, buyer.clientToken, await buyer.quote(46.13, 'google_pay'))
    frame.runtime.act({ type: 'tapPay' })
    frame.runtime.act({ type: 'confirmSheet' })
    await frame.runtime.idle()
    expect(frame.events.at(-1)).toEqual({
      kind: 'complete',
      payload: { transaction: { id: expect.any(String), status: 'pending' } },
    })
  })

  it('challenges wallet ownership for 48; a cancelled challenge fails the purchase with a failed transaction', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const frame = await openGooglePay(core, buyer.clientToken, await buyer.quote(48, 'google_pay'))
    frame.runtime.act({ type: 'tapPay' })
    frame.runtime.act({ type: 'confirmSheet' })
    await until(frame, 'challenge')
    const challenge = await openChallengeFrame(core, challengeUrl(frame), { clientToken: buyer.clientToken })
    challenge.runtime.act({ type: 'cancelChallenge' })
    await challenge.runtime.idle()
    await frame.runtime.idle()
    expect(kinds(frame)).toEqual(['handshake', 'ready', 'buttonPressed', 'challenge', 'complete'])
    expect(frame.events.at(-1)).toMatchObject({
      payload: {
        transaction: { id: expect.stringMatching(/^txn_/), status: 'failed' },
        failureCode: 'authorizationDeclined',
      },
    })
  })
})

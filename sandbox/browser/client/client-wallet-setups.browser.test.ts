import { describe, expect, it } from 'vitest'
import { send } from '#http/test-request.ts'
import { encodeQuote } from '#portable/frames/machines/purchase-flow.ts'
import { connectedBuyer } from '#portable/frames/machines/purchase-test-kit.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'
import { call, eventsOf, framesOf, outcome, startCall } from '#testing/host-page-calls.ts'

const env = useBrowserSandbox()

/** A connected buyer in a fresh account, with an encoded wallet quote of 100 usd. */
async function walletBuyer(method: 'apple_pay' | 'google_pay') {
  const buyer = await connectedBuyer(env.sandbox.core)
  return { ...buyer, encoded: encodeQuote(await buyer.quote(100, method)) }
}

describe('wallet setups report setup errors as configurationError or genericError', () => {
  it('setupGooglePay resolves once the frame is ready, with the frame still mounted', async () => {
    const buyer = await walletBuyer('google_pay')
    const id = await startCall(env.page, 'setupGooglePay', [buyer.clientToken, buyer.encoded])
    const result = await outcome(env.page, id)
    expect(result).toEqual({ ok: true, value: { channelId: expect.any(String) } })
    expect((await eventsOf(env.page, id)).map((e) => e.kind)).toEqual(['handshake', 'ready'])
    expect(await framesOf(env.page, id)).toBe(1)
  }, 30_000)

  it('setupGooglePay resolves, and onEvent gets unsupported, when the payment-method configs say google_pay is unavailable', async () => {
    const buyer = await walletBuyer('google_pay')
    await send(env.sandbox.core, 'PUT /__sandbox/settings', {
      headers: buyer.account.headers,
      body: { googlePayAvailable: false },
    })
    const id = await startCall(env.page, 'setupGooglePay', [buyer.clientToken, buyer.encoded])
    expect((await outcome(env.page, id)).ok).toBe(true)
    expect(await eventsOf(env.page, id)).toEqual([
      expect.objectContaining({ kind: 'handshake' }),
      expect.objectContaining({ kind: 'unsupported', payload: { reason: 'wallet_unavailable' } }),
    ])
  }, 30_000)

  it('rejects with configurationError, mounting nothing, when the clientToken is missing', async () => {
    const buyer = await walletBuyer('apple_pay')
    const id = await startCall(env.page, 'setupApplePay', ['', buyer.encoded])
    expect(await outcome(env.page, id)).toEqual({
      ok: false,
      error: { name: 'WalletSetupError', code: 'configurationError', message: expect.stringContaining('clientToken') },
    })
    expect(await framesOf(env.page, id)).toBe(0)
  }, 30_000)

  it('rejects with configurationError when the quote pays with another wallet', async () => {
    const buyer = await walletBuyer('apple_pay')
    const result = await call(env.page, 'setupGooglePay', [buyer.clientToken, buyer.encoded])
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'configurationError',
        message: expect.stringContaining('pays with google_pay; this quote pays with apple_pay'),
      },
    })
  }, 30_000)

  it('rejects with configurationError when the quote is not a buy quote', async () => {
    const buyer = await walletBuyer('apple_pay')
    const result = await call(env.page, 'setupApplePay', [buyer.clientToken, 'bm90IGEgcXVvdGU'])
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'configurationError', message: expect.stringContaining('quote') },
    })
  }, 30_000)

  it('rejects with configurationError, mounting nothing, when the clientToken is not a clientToken', async () => {
    const buyer = await walletBuyer('apple_pay')
    const id = await startCall(env.page, 'setupApplePay', [buyer.accessToken, buyer.encoded])
    expect(await outcome(env.page, id)).toMatchObject({
      ok: false,
      error: { code: 'configurationError', message: expect.stringContaining('not a clientToken') },
    })
    expect(await framesOf(env.page, id)).toBe(0)
  }, 30_000)

  it('rejects with configurationError when the clientToken is the anonymous one of a customer not yet connected', async () => {
    const buyer = await walletBuyer('apple_pay')
    const { connection } = await buyer.account.connect({ email: 'new.person@example.com', phoneNumber: '+12125550199' })
    const result = await call(env.page, 'setupApplePay', [connection.credentials.clientToken, buyer.encoded])
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'configurationError', message: expect.stringContaining('anonymous') },
    })
  }, 30_000)

  it('rejects with configurationError, and removes the frame, when the frame refuses a parameter', async () => {
    const buyer = await walletBuyer('google_pay')
    const id = await startCall(env.page, 'setupGooglePay', [buyer.clientToken, buyer.encoded], {
      params: { theme: 'purple' },
    })
    expect(await outcome(env.page, id)).toMatchObject({
      ok: false,
      error: {
        code: 'configurationError',
        frameError: { code: 'invalid_parameters', message: expect.stringContaining('theme') },
      },
    })
    expect((await eventsOf(env.page, id)).map((e) => e.kind)).toEqual(['handshake', 'error'])
    expect(await framesOf(env.page, id)).toBe(0)
  }, 30_000)

  it.each(['setupApplePay', 'setupGooglePay'] as const)(
    '%s rejects with genericError, and removes the frame, when an injected fault keeps its page from loading',
    async (method) => {
      const buyer = await walletBuyer(method === 'setupApplePay' ? 'apple_pay' : 'google_pay')
      const page = method === 'setupApplePay' ? '/platform/v1/apple-pay' : '/platform/v1/google-pay'
      await send(env.sandbox.core, 'POST /__sandbox/faults', {
        headers: buyer.account.headers,
        body: { method: 'GET', path: page, status: 503 },
      })
      const id = await startCall(env.page, method, [buyer.clientToken, buyer.encoded], { timeoutMs: 2_000 })
      expect(await outcome(env.page, id)).toMatchObject({
        ok: false,
        error: {
          name: 'WalletSetupError',
          code: 'genericError',
          message: expect.stringContaining('did not get ready within 2000 ms'),
        },
      })
      expect(await eventsOf(env.page, id)).toEqual([])
      expect(await framesOf(env.page, id)).toBe(0)
    },
    30_000,
  )

  it('setupBuyButton, a card setup, throws no wallet setup error when the clientToken is missing: it mounts the frame', async () => {
    const buyer = await connectedBuyer(env.sandbox.core)
    const id = await startCall(env.page, 'setupBuyButton', ['', encodeQuote(await buyer.quote(100, 'card'))])
    expect(await outcome(env.page, id)).toEqual({ ok: true, value: { channelId: expect.any(String) } })
    expect(await framesOf(env.page, id)).toBe(1)
  }, 30_000)
})

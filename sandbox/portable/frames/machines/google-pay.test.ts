import { describe, expect, it } from 'vitest'
import { googlePayMachine, type GooglePayAction, type GooglePayState } from './google-pay.ts'
import { encodeQuote } from './purchase-flow.ts'
import { sampleQuote } from './purchase-test-kit.ts'

const quote = sampleQuote({ paymentMethod: { type: 'google_pay' } })
const act = (state: GooglePayState, type: GooglePayAction['type']) =>
  googlePayMachine.step(state, { type: 'customer', action: { type } })
const available = (state: GooglePayState) =>
  googlePayMachine.step(state, {
    type: 'result',
    result: { effect: 'wallet.availability', ok: true, value: { available: true } },
  })

describe('google-pay machine', () => {
  it('posts unsupported with reason wallet_unavailable, not an error, when the wallet is missing, and stops', () => {
    const step = googlePayMachine.start({ channelId: 'channel-1', quote: encodeQuote(quote), walletAvailable: 'false' })
    expect(step.events).toEqual([{ kind: 'unsupported', payload: { reason: 'wallet_unavailable' } }])
    expect(step.effects).toEqual([])
    expect(act(step.state, 'tapPay')).toEqual({ state: step.state, events: [], effects: [] })
    expect(googlePayMachine.view(step.state).actions).toEqual([])
  })

  it.each([undefined, 'true' as const])(
    'asks whether google_pay is available before it renders anything when walletAvailable is %s',
    (walletAvailable) => {
      const step = googlePayMachine.start({
        channelId: 'channel-1',
        quote: encodeQuote(quote),
        ...(walletAvailable ? { walletAvailable } : {}),
      })
      expect(step.events).toEqual([])
      expect(step.effects).toEqual([{ type: 'wallet.availability' }])
      expect(googlePayMachine.view(step.state).actions).toEqual([])
    },
  )

  it('renders the button and posts ready when google_pay is available', () => {
    const step = available(googlePayMachine.start({ channelId: 'channel-1', quote: encodeQuote(quote) }).state)
    expect(step.events).toEqual([{ kind: 'ready' }])
    expect(googlePayMachine.view(step.state)).toMatchObject({
      title: 'Buy 0.03 ETH',
      actions: [{ action: 'tapPay', label: 'Pay 100.00 USD with Google Pay' }],
    })
  })

  it("posts unsupported with the config's reason, not an error, when google_pay is unavailable, and stops", () => {
    const { state } = googlePayMachine.start({ channelId: 'channel-1', quote: encodeQuote(quote) })
    const step = googlePayMachine.step(state, {
      type: 'result',
      result: { effect: 'wallet.availability', ok: true, value: { available: false, reason: 'wallet_unavailable' } },
    })
    expect(step.events).toEqual([{ kind: 'unsupported', payload: { reason: 'wallet_unavailable' } }])
    expect(act(step.state, 'tapPay').events).toEqual([])
  })

  it('ignores a tap while it is still checking the wallet', () => {
    const { state } = googlePayMachine.start({ channelId: 'channel-1', quote: encodeQuote(quote) })
    expect(act(state, 'tapPay')).toEqual({ state, events: [], effects: [] })
  })

  it('posts the error when the availability cannot be read', () => {
    const { state } = googlePayMachine.start({ channelId: 'channel-1', quote: encodeQuote(quote) })
    const step = googlePayMachine.step(state, {
      type: 'result',
      result: { effect: 'wallet.availability', ok: false, error: { code: 'invalid_token', message: 'no customer' } },
    })
    expect(step.events).toEqual([{ kind: 'error', payload: { code: 'invalid_token', message: 'no customer' } }])
  })

  it('posts buttonPressed on each tap, a cancelled sheet in between posting nothing', () => {
    const first = act(
      available(googlePayMachine.start({ channelId: 'channel-1', quote: encodeQuote(quote) }).state).state,
      'tapPay',
    )
    const cancelled = act(first.state, 'cancelSheet')
    const second = act(cancelled.state, 'tapPay')
    expect([...first.events, ...cancelled.events, ...second.events]).toEqual([
      { kind: 'buttonPressed' },
      { kind: 'buttonPressed' },
    ])
    expect(act(second.state, 'confirmSheet').effects).toEqual([{ type: 'quote.check', quote }])
  })

  it('refuses an apple_pay quote with invalid_quote', () => {
    const step = googlePayMachine.start({
      channelId: 'channel-1',
      quote: encodeQuote(sampleQuote({ paymentMethod: { type: 'apple_pay' } })),
    })
    expect(step.events).toEqual([
      { kind: 'error', payload: { code: 'invalid_quote', message: expect.stringContaining('pays with google_pay') } },
    ])
  })
})

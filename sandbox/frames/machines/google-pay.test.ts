import { describe, expect, it } from 'vitest'
import { googlePayMachine, type GooglePayAction, type GooglePayState } from './google-pay.ts'
import { encodeQuote } from './purchase-flow.ts'
import { sampleQuote } from './purchase-test-kit.ts'

const quote = sampleQuote({ paymentMethod: { type: 'google_pay' } })
const act = (state: GooglePayState, type: GooglePayAction['type']) => googlePayMachine.step(state, { type: 'customer', action: { type } })

describe('google-pay machine', () => {
  it('posts unsupported with reason wallet_unavailable, not an error, when the wallet is missing, and stops', () => {
    const step = googlePayMachine.start({ channelId: 'channel-1', quote: encodeQuote(quote), walletAvailable: 'false' })
    expect(step.events).toEqual([{ kind: 'unsupported', payload: { reason: 'wallet_unavailable' } }])
    expect(step.effects).toEqual([])
    expect(act(step.state, 'tapPay')).toEqual({ state: step.state, events: [], effects: [] })
    expect(googlePayMachine.view(step.state).actions).toEqual([])
  })

  it.each([undefined, 'true' as const])('renders the button and posts ready when walletAvailable is %s', (walletAvailable) => {
    const step = googlePayMachine.start({ channelId: 'channel-1', quote: encodeQuote(quote), ...(walletAvailable ? { walletAvailable } : {}) })
    expect(step.events).toEqual([{ kind: 'ready' }])
    expect(googlePayMachine.view(step.state)).toMatchObject({ title: 'Pay with Google Pay', actions: [{ action: 'tapPay' }] })
  })

  it('posts buttonPressed on each tap, a cancelled sheet in between posting nothing', () => {
    const first = act(googlePayMachine.start({ channelId: 'channel-1', quote: encodeQuote(quote) }).state, 'tapPay')
    const cancelled = act(first.state, 'cancelSheet')
    const second = act(cancelled.state, 'tapPay')
    expect([...first.events, ...cancelled.events, ...second.events]).toEqual([{ kind: 'buttonPressed' }, { kind: 'buttonPressed' }])
    expect(act(second.state, 'confirmSheet').effects).toEqual([{ type: 'quote.check', quote }])
  })

  it('refuses an apple_pay quote with invalid_quote', () => {
    const step = googlePayMachine.start({ channelId: 'channel-1', quote: encodeQuote(sampleQuote({ paymentMethod: { type: 'apple_pay' } })) })
    expect(step.events).toEqual([{ kind: 'error', payload: { code: 'invalid_quote', message: expect.stringContaining('pays with google_pay') } }])
  })
})

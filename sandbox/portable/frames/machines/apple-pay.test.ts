import { describe, expect, it } from 'vitest'
import type { EffectResult } from '../machine.ts'
import type { PurchaseOutcome } from './purchase-flow.ts'
import { applePayMachine, type ApplePayAction, type ApplePayState } from './apple-pay.ts'
import { encodeQuote } from './purchase-flow.ts'
import { sampleQuote } from './purchase-test-kit.ts'

const quote = sampleQuote({ paymentMethod: { type: 'apple_pay' } })
const params = { channelId: 'channel-1', quote: encodeQuote(quote) }
const act = (state: ApplePayState, type: ApplePayAction['type']) =>
  applePayMachine.step(state, { type: 'customer', action: { type } })
const checked = (trigger: unknown) => ({
  type: 'result' as const,
  result: { effect: 'quote.check', ok: true, value: { status: 'valid', trigger } } as EffectResult,
})

function confirmed(): ApplePayState {
  return act(act(applePayMachine.start(params).state, 'tapPay').state, 'confirmSheet').state
}

describe('apple-pay machine', () => {
  it('posts ready, then buttonPressed on the tap, then checks the quote on confirm', () => {
    const start = applePayMachine.start(params)
    expect(start.events).toEqual([{ kind: 'ready' }])
    const tap = act(start.state, 'tapPay')
    expect(tap.events).toEqual([{ kind: 'buttonPressed' }])
    expect(act(tap.state, 'confirmSheet').effects).toEqual([{ type: 'quote.check', quote }])
    expect(applePayMachine.view(start.state).actions[0]?.label).toBe('Pay 100.00 USD with Apple Pay')
  })

  it('refuses a card quote with invalid_quote', () => {
    const step = applePayMachine.start({ channelId: 'channel-1', quote: encodeQuote(sampleQuote()) })
    expect(step.events).toEqual([
      { kind: 'error', payload: { code: 'invalid_quote', message: expect.stringContaining('pays with apple_pay') } },
    ])
  })

  it('asks for the second factor with an empty payload and waits for the customer', () => {
    const step = applePayMachine.step(confirmed(), checked({ kind: 'secondFactor' }))
    expect(step.events).toEqual([{ kind: 'oneTapWalletPaySecondFactorRequired', payload: {} }])
    expect(step.effects).toEqual([])
    expect(applePayMachine.view(step.state).actions.map((a) => a.action)).toEqual(['confirmSecondFactor'])
  })

  it('pays once the customer confirms the second factor', () => {
    const waiting = applePayMachine.step(confirmed(), checked({ kind: 'secondFactor' })).state
    const step = act(waiting, 'confirmSecondFactor')
    expect(step.events).toEqual([])
    expect(step.effects).toEqual([{ type: 'purchase.execute', quote, secondFactorConfirmed: true }])
  })

  it('does not ask again for a second factor already confirmed when a new quote comes', () => {
    const waiting = applePayMachine.step(confirmed(), checked({ kind: 'secondFactor' })).state
    const executing = act(waiting, 'confirmSecondFactor').state
    const expired = applePayMachine.step(executing, {
      type: 'result',
      result: { effect: 'purchase.execute', ok: false, error: { code: 'quote_expired', message: 'expired' } },
    })
    const rechecking = applePayMachine.step(expired.state, {
      type: 'host',
      message: { kind: 'setQuote', payload: { quote } },
    })
    expect(applePayMachine.step(rechecking.state, checked({ kind: 'secondFactor' })).effects).toEqual([
      { type: 'purchase.execute', quote, secondFactorConfirmed: true },
    ])
  })

  it('ignores confirmSecondFactor when no second factor was asked for', () => {
    const button = applePayMachine.start(params).state
    expect(act(button, 'confirmSecondFactor')).toEqual({ state: button, events: [], effects: [] })
  })

  it('posts a failed transaction with its failureCode as complete', () => {
    const executing = applePayMachine.step(confirmed(), checked(null)).state
    const outcome: PurchaseOutcome = {
      transaction: { id: 'txn_1', status: 'failed' },
      failureCode: 'walletPayMerchantUnavailable',
      failureReason: 'Apple Pay is not available for this merchant.',
    }
    const step = applePayMachine.step(executing, {
      type: 'result',
      result: { effect: 'purchase.execute', ok: true, value: outcome },
    })
    expect(step.events).toEqual([{ kind: 'complete', payload: outcome }])
    expect(applePayMachine.view(step.state)).toMatchObject({ title: 'Payment failed', body: outcome.failureReason })
  })
})

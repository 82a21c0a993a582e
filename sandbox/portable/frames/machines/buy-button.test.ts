import { describe, expect, it } from 'vitest'
import type { EffectResult } from '../machine.ts'
import { buyButtonMachine, type BuyButtonAction, type BuyButtonState } from './buy-button.ts'
import { encodeQuote } from './purchase-flow.ts'
import { sampleQuote } from './purchase-test-kit.ts'

const quote = sampleQuote()
const params = { channelId: 'channel-1', quote: encodeQuote(quote) }
const act = (state: BuyButtonState, type: BuyButtonAction['type']) =>
  buyButtonMachine.step(state, { type: 'customer', action: { type } })
const nothing = (state: BuyButtonState) => ({ state, events: [], effects: [] })

describe('buy button machine', () => {
  it('posts ready once the button is rendered, and offers the tap', () => {
    const step = buyButtonMachine.start(params)
    expect(step.events).toEqual([{ kind: 'ready' }])
    expect(step.effects).toEqual([])
    expect(buyButtonMachine.view(step.state).actions.map((a) => a.action)).toEqual(['tapPay'])
  })

  it('posts buttonPressed on the tap, before the sheet, and shows the sheet', () => {
    const step = act(buyButtonMachine.start(params).state, 'tapPay')
    expect(step.events).toEqual([{ kind: 'buttonPressed' }])
    expect(step.effects).toEqual([])
    const view = buyButtonMachine.view(step.state)
    expect(view.screen).toBe('sheet')
    expect(view.actions.map((a) => a.action)).toEqual(['confirmSheet', 'cancelSheet'])
    expect(view.body).toBe('Pay 100.00 USD for 0.03 ETH.')
  })

  it('brings the button back with no event when the sheet is cancelled, and posts buttonPressed on every tap', () => {
    const cancelled = act(act(buyButtonMachine.start(params).state, 'tapPay').state, 'cancelSheet')
    expect(cancelled.events).toEqual([])
    expect(cancelled.state.phase).toBe('button')
    expect(act(cancelled.state, 'tapPay').events).toEqual([{ kind: 'buttonPressed' }])
  })

  it('checks the quote when the sheet is confirmed', () => {
    const step = act(act(buyButtonMachine.start(params).state, 'tapPay').state, 'confirmSheet')
    expect(step.events).toEqual([])
    expect(step.effects).toEqual([{ type: 'quote.check', quote }])
  })

  it('pays by card: a wallet-pay quote is invalid_quote and renders no button', () => {
    const step = buyButtonMachine.start({
      channelId: 'channel-1',
      quote: encodeQuote(sampleQuote({ paymentMethod: { type: 'google_pay' } })),
    })
    expect(step.events).toEqual([
      { kind: 'error', payload: { code: 'invalid_quote', message: expect.stringContaining('pays with card') } },
    ])
  })

  it('ignores a confirm or cancel before the tap, a second tap on the sheet, and effect results it did not ask for', () => {
    const button = buyButtonMachine.start(params).state
    expect(act(button, 'confirmSheet')).toEqual(nothing(button))
    expect(act(button, 'cancelSheet')).toEqual(nothing(button))
    const sheet = act(button, 'tapPay').state
    expect(act(sheet, 'tapPay')).toEqual(nothing(sheet))
    expect(
      buyButtonMachine.step(sheet, {
        type: 'result',
        result: { effect: 'quote.check', ok: true, value: {} } as EffectResult,
      }),
    ).toEqual(nothing(sheet))
  })

  it('ignores taps once the purchase is under way', () => {
    const checking = act(act(buyButtonMachine.start(params).state, 'tapPay').state, 'confirmSheet').state
    expect(act(checking, 'tapPay')).toEqual(nothing(checking))
  })

  it('labels the pay button with the total and shows the order on the button screen', () => {
    const view = buyButtonMachine.view(buyButtonMachine.start(params).state)
    expect(view.actions[0]?.label).toBe('Pay 100.00 USD')
    expect(view.details?.map((d) => d.label)).toEqual(['You get', 'Rate', 'Fees', 'Total'])
  })
})

import type { FrameMachine } from '../machine.ts'
import { buttonView, startButton, stepButton, type PayButtonAction, type PayButtonState } from './pay-button.ts'

/** States of the buy button frame. */
export type BuyButtonState = PayButtonState

/** Customer actions of the buy button: `tapPay`, then `confirmSheet` or `cancelSheet`. */
export type BuyButtonAction = PayButtonAction

/**
 * The buy button frame (card): posts `ready` once the button renders, and
 * `buttonPressed` on every tap before the payment sheet; confirming the sheet
 * pays the quote (test-mode 48/49 → `challenge`), then `complete`.
 *
 * @example
 * const { state } = buyButtonMachine.start({ channelId: 'ch_123456', quote: encodeQuote(quote) }) // events: [{ kind: 'ready' }]
 * buyButtonMachine.step(state, { type: 'customer', action: { type: 'tapPay' } }).events // [{ kind: 'buttonPressed' }]
 */
export const buyButtonMachine: FrameMachine<'buy-button', BuyButtonState, BuyButtonAction> = {
  frame: 'buy-button',
  start: (params) => startButton('buy-button', params),
  step: (state, input) => stepButton('buy-button', state, input),
  view: (state) => buttonView(state),
}

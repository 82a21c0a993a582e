import type { FrameMachine } from '../machine.ts'
import { buttonView, startButton, stepButton, type PayButtonAction, type PayButtonState } from './pay-button.ts'

/** States of the iOS wallet-pay frame. */
export type ApplePayState = PayButtonState

/** Customer actions of iOS wallet pay: the button and sheet, and `confirmSecondFactor` when the wallet asks for one. */
export type ApplePayAction = PayButtonAction | { type: 'confirmSecondFactor' }

/**
 * The iOS wallet-pay frame: `ready` once the button renders, `buttonPressed` on
 * every tap, then the sheet; confirming it pays. Test mode: 48 → `challenge`,
 * 41.13–46.13 → `complete` with a `failureCode` (46.13: `walletPayMerchantUnavailable`),
 * 47.13 → `oneTapWalletPaySecondFactorRequired` until the customer confirms (docs/triggers.md).
 *
 * @example
 * const { state } = applePayMachine.start({ channelId: 'ch_123456', quote: encodeQuote(quote) }) // events: [{ kind: 'ready' }]
 */
export const applePayMachine: FrameMachine<'apple-pay', ApplePayState, ApplePayAction> = {
  frame: 'apple-pay',
  start: (params) => startButton('apple-pay', params),
  step: (state, input) => stepButton('apple-pay', state, input),
  view: (state) => buttonView(state, 'Apple Pay'),
}

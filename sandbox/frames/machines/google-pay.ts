import type { FrameMachine } from '../machine.ts'
import { next } from '../machine.ts'
import { buttonView, startButton, stepButton, type PayButtonAction, type PayButtonState } from './pay-button.ts'

/** States of the Android wallet-pay frame. */
export type GooglePayState = PayButtonState

/** Customer actions of Android wallet pay: `tapPay`, then `confirmSheet` or `cancelSheet`. */
export type GooglePayAction = PayButtonAction

/**
 * The Android wallet-pay frame: like iOS wallet pay, without the second factor
 * and `walletPayMerchantUnavailable`. When the wallet is missing
 * (`walletAvailable=false`) it posts `unsupported` `{reason: 'wallet_unavailable'}`,
 * which is not an error, and stops.
 *
 * @example
 * googlePayMachine.start({ channelId: 'ch_123456', quote, walletAvailable: 'false' }).events
 * // [{ kind: 'unsupported', payload: { reason: 'wallet_unavailable' } }]
 */
export const googlePayMachine: FrameMachine<'google-pay', GooglePayState, GooglePayAction> = {
  frame: 'google-pay',
  start(params) {
    if (params.walletAvailable === 'false') return next({ phase: 'unsupported' }, [{ kind: 'unsupported', payload: { reason: 'wallet_unavailable' } }])
    return startButton('google-pay', params)
  },
  step: (state, input) => stepButton('google-pay', state, input),
  view: (state) => buttonView(state, 'Pay with Google Pay'),
}

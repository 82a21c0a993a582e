import type { FrameMachine } from '../machine.ts'
import { errorEvent, next, type Step } from '../machine.ts'
import { buttonView, stepButton, type PayButtonAction, type PayButtonState } from './pay-button.ts'
import { fail, orderOf, type Order } from './purchase-flow.ts'

/** States of the Android wallet-pay frame: the pay button's, after asking whether the wallet is available. */
export type GooglePayState = PayButtonState | { phase: 'checkingWallet'; order: Order }

/** Customer actions of Android wallet pay: `tapPay`, then `confirmSheet` or `cancelSheet`. */
export type GooglePayAction = PayButtonAction

const unsupported = (reason: string): Step<GooglePayState> =>
  next({ phase: 'unsupported' }, [{ kind: 'unsupported', payload: { reason } }])

/**
 * The Android wallet-pay frame: like iOS wallet pay, without the second factor
 * and `walletPayMerchantUnavailable`. Before it renders its button it asks the
 * sandbox whether google_pay is available (`wallet.availability`: the customer's
 * payment-method config). When it is not, or the device has no wallet
 * (`walletAvailable=false`), it posts `unsupported` `{reason}`, which is not an
 * error, and stops; otherwise `ready`.
 *
 * @example
 * googlePayMachine.start({ channelId: 'ch_123456', quote, walletAvailable: 'false' }).events
 * // [{ kind: 'unsupported', payload: { reason: 'wallet_unavailable' } }]
 * googlePayMachine.start({ channelId: 'ch_123456', quote }).effects // [{ type: 'wallet.availability' }]
 */
export const googlePayMachine: FrameMachine<'google-pay', GooglePayState, GooglePayAction> = {
  frame: 'google-pay',
  start(params) {
    if (params.walletAvailable === 'false') return unsupported('wallet_unavailable')
    const order = orderOf('google-pay', params)
    if (!('quote' in order)) return fail(order)
    return next({ phase: 'checkingWallet', order }, [], [{ type: 'wallet.availability' }])
  },
  step(state, input) {
    if (state.phase !== 'checkingWallet') return stepButton('google-pay', state, input)
    if (input.type !== 'result' || input.result.effect !== 'wallet.availability') return next(state)
    const { result } = input
    if (!result.ok) return next({ phase: 'failed', error: result.error }, [errorEvent(result)])
    const availability = result.value
    return availability.available
      ? next({ phase: 'button', order: state.order }, [{ kind: 'ready' }])
      : unsupported(availability.reason ?? 'wallet_unavailable')
  },
  view: (state) =>
    state.phase === 'checkingWallet'
      ? { screen: 'checkingWallet', title: 'Checking Google Pay…', actions: [] }
      : buttonView(state, 'Google Pay'),
}

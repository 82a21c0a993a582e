import type { PurchaseFrame } from '../purchase-gate.ts'
import { next, type FrameInput, type FrameView, type Step } from '../machine.ts'
import { money, payAmount, quoteDetails } from './order-details.ts'
import { check, fail, orderOf, pipelineView, stepPipeline, type Order, type PipelineState } from './purchase-flow.ts'

/** Frames with a pay button: the buy button (card) and both wallet-pay frames. */
type ButtonFrame = Exclude<PurchaseFrame, 'buy'>

/** Customer actions of every pay-button frame: tap the button, then confirm or cancel the payment sheet. */
export type PayButtonAction = { type: 'tapPay' } | { type: 'confirmSheet' } | { type: 'cancelSheet' }

/**
 * States of a pay-button frame: the button, its payment sheet, the shared
 * purchase pipeline, and (google-pay) `unsupported` when the wallet is missing.
 */
export type PayButtonState =
  | PipelineState
  | { phase: 'button'; order: Order }
  | { phase: 'sheet'; order: Order }
  | { phase: 'unsupported' }

/**
 * Starts a pay-button frame: a valid quote renders the button and posts
 * `ready`; a bad one posts `error` `invalid_quote`.
 *
 * @example
 * startButton('apple-pay', { quote: encodeQuote(quote) }).events // [{ kind: 'ready' }]
 */
export function startButton(
  frame: ButtonFrame,
  params: { quote: string; externalTransactionId?: string },
): Step<PayButtonState> {
  const order = orderOf(frame, params)
  return 'quote' in order ? next({ phase: 'button', order }, [{ kind: 'ready' }]) : fail(order)
}

/**
 * One step of a pay-button frame: every tap posts `buttonPressed` before the
 * sheet opens; cancelling the sheet brings the button back with no event;
 * confirming it pays through the shared pipeline.
 */
export function stepButton(
  frame: ButtonFrame,
  state: PayButtonState,
  input: FrameInput<{ type: string }>,
): Step<PayButtonState> {
  const action = input.type === 'customer' ? input.action.type : undefined
  switch (state.phase) {
    case 'unsupported':
      return next(state)
    case 'button':
      return action === 'tapPay'
        ? next({ phase: 'sheet', order: state.order }, [{ kind: 'buttonPressed' }])
        : next(state)
    case 'sheet':
      if (action === 'cancelSheet') return next({ phase: 'button', order: state.order })
      return action === 'confirmSheet' ? check(state.order) : next(state)
    default:
      return stepPipeline(frame, state, input)
  }
}

/**
 * What a pay-button frame shows: its button labelled with the amount (and the wallet), the order's details, the
 * payment sheet, then the pipeline's screens.
 *
 * @example
 * buttonView({ phase: 'button', order }, 'Apple Pay').actions[0].label // 'Pay 100.00 USD with Apple Pay'
 */
export function buttonView(state: PayButtonState, wallet?: string): FrameView {
  const via = wallet ? ` with ${wallet}` : ''
  switch (state.phase) {
    case 'unsupported':
      return {
        screen: 'unsupported',
        title: `${wallet ?? 'This payment method'} is not available on this device`,
        actions: [],
      }
    case 'button': {
      const { quote } = state.order
      const title = `Buy ${money(quote.destination.amount, quote.destination.asset.code, 'crypto')}`
      return {
        screen: 'button',
        title,
        details: quoteDetails(quote),
        actions: [{ action: 'tapPay', label: `Pay ${payAmount(quote)}${via}` }],
      }
    }
    case 'sheet': {
      const { quote } = state.order
      const body = `Pay ${payAmount(quote)} for ${money(quote.destination.amount, quote.destination.asset.code, 'crypto')}${via}.`
      return {
        screen: 'sheet',
        title: 'Confirm your payment',
        body,
        details: quoteDetails(quote),
        actions: [
          { action: 'confirmSheet', label: `Pay ${payAmount(quote)}` },
          { action: 'cancelSheet', label: 'Cancel' },
        ],
      }
    }
    default:
      return pipelineView(state)
  }
}

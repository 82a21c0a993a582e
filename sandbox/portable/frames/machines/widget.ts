import type { FrameOutbound, TransactionStatus } from '#contract/index.ts'
import type { EffectResult, FrameField, FrameMachine, FrameView, Step } from '../machine.ts'
import { money } from './order-details.ts'
import { errorEvent, next } from '../machine.ts'
import { sellWidget, type SellWidgetAction, type SellWidgetState } from './widget-sell.ts'

/** The fiat the widget pays with (the frame has no parameter for it). */
const WIDGET_FIAT = 'usd'
/** The crypto the widget offers when the frame has no `currencyCode` parameter. */
const WIDGET_DEFAULT_CRYPTO = 'eth'

/** What the customer does in the widget's buy: amount and crypto, wallet, pay. */
export type BuyWidgetAction =
  | { type: 'chooseAmount'; amount: string | number; currencyCode?: string }
  | { type: 'enterWallet'; address: string }
  | { type: 'pay' }

/** The order so far: the crypto, the partner's id of this attempt, and the wallet the (signed) URL prefilled. */
interface WidgetOrder {
  currencyCode: string
  externalTransactionId?: string
  walletAddress?: string
}
/** An order with a checked amount (in `WIDGET_FIAT`, fees included), the indicative crypto amount and the wallet pattern of the crypto. */
interface PricedOrder extends WidgetOrder {
  amount: number
  estimate: number
  addressRegex: string
}

/** What the customer does in the widget: the buy's actions, or the sell's (`widget-sell.ts`). */
export type WidgetAction = BuyWidgetAction | SellWidgetAction

/** States of the widget's buy; `message` is what the current screen tells the customer. */
export type BuyWidgetState =
  | { phase: 'amount'; order: WidgetOrder; message?: string }
  | { phase: 'pricing'; order: WidgetOrder; amount: number }
  | { phase: 'wallet'; order: PricedOrder; message?: string }
  | { phase: 'review' | 'quoting'; order: PricedOrder; address: string }
  | { phase: 'executing'; order: PricedOrder }
  /** `bought` is the order paid, for the receipt. */
  | { phase: 'done'; transaction: { id: string; status: TransactionStatus }; bought?: PricedOrder }
  | { phase: 'failed' }

/** States of the widget: the buy's, or the sell's (each with `flow: 'sell'`). */
export type WidgetState = BuyWidgetState | SellWidgetState

/** A validation failure: the screen's message for the customer, and `error` `validationError` for the host. */
function invalid<S extends BuyWidgetState>(state: S, message: string, detail = message): Step<BuyWidgetState> {
  return next({ ...state, message }, [{ kind: 'error', payload: { code: 'validationError', message: detail } }])
}

/** Back to the amount screen, keeping only the crypto, the partner's transaction id and the prefilled wallet. */
function toAmount({ currencyCode, externalTransactionId, walletAddress }: WidgetOrder): {
  phase: 'amount'
  order: WidgetOrder
} {
  return {
    phase: 'amount',
    order: {
      currencyCode,
      ...(externalTransactionId ? { externalTransactionId } : {}),
      ...(walletAddress ? { walletAddress } : {}),
    },
  }
}

/** The wallet step of a priced order: skipped when the URL prefilled a wallet the crypto's pattern accepts. */
function walletStep(order: PricedOrder): Step<BuyWidgetState> {
  const { walletAddress, ...rest } = order
  if (walletAddress === undefined) return next({ phase: 'wallet', order })
  if (new RegExp(order.addressRegex).test(walletAddress))
    return next({ phase: 'review', order: rest, address: walletAddress })
  return badAddress({ phase: 'wallet', order: rest }, 'walletAddress')
}

/** The wallet screen again, telling the customer and the host the address does not fit the crypto. */
function badAddress(state: BuyWidgetState & { phase: 'wallet' }, field: string): Step<BuyWidgetState> {
  const code = state.order.currencyCode
  return invalid(
    state,
    `This is not a valid ${code.toUpperCase()} address.`,
    `${field} is not a valid ${code} address (${state.order.addressRegex})`,
  )
}

/** A failed effect: a refusal of the order (`invalid_request`) goes back to the amount screen; anything else ends the flow. */
function refused(order: WidgetOrder, result: EffectResult & { ok: false }): Step<BuyWidgetState> {
  return result.error.code === 'invalid_request'
    ? invalid(toAmount(order), result.error.message)
    : next({ phase: 'failed' }, [errorEvent(result)])
}

function onResult(state: BuyWidgetState, result: EffectResult): Step<BuyWidgetState> {
  if (state.phase === 'pricing' && result.effect === 'widget.price') {
    if (!result.ok) return refused(state.order, result)
    return walletStep({ ...state.order, ...result.value, amount: state.amount })
  }
  if (state.phase === 'quoting' && result.effect === 'widget.quote') {
    if (!result.ok) return refused(state.order, result)
    const execute = {
      type: 'widget.execute' as const,
      quote: result.value,
      ...(state.order.externalTransactionId ? { externalTransactionId: state.order.externalTransactionId } : {}),
    }
    return next({ phase: 'executing', order: state.order }, [], [execute])
  }
  if (state.phase === 'executing' && result.effect === 'widget.execute') {
    if (!result.ok) return next({ phase: 'failed' }, [errorEvent(result)])
    const transaction = result.value
    const complete: FrameOutbound = {
      kind: 'complete',
      payload: { transaction: { id: transaction.id, status: transaction.status } },
    }
    return next(
      { phase: 'done', transaction: { id: transaction.id, status: transaction.status }, bought: state.order },
      [complete],
    )
  }
  return next(state)
}

function onAction(state: BuyWidgetState, action: WidgetAction): Step<BuyWidgetState> {
  if (state.phase === 'amount' && action.type === 'chooseAmount') {
    const currencyCode = (action.currencyCode?.trim() || state.order.currencyCode).toLowerCase()
    const order = { ...state.order, currencyCode }
    const amount = Number(String(action.amount ?? '').trim() || NaN)
    if (!Number.isFinite(amount) || amount <= 0)
      return invalid({ phase: 'amount', order }, 'Enter an amount to spend.', 'amount must be a positive number')
    return next(
      { phase: 'pricing', order, amount },
      [],
      [{ type: 'widget.price', fiatCode: WIDGET_FIAT, amount, currencyCode }],
    )
  }
  if (state.phase === 'wallet' && action.type === 'enterWallet') {
    const address = String(action.address ?? '').trim()
    if (!new RegExp(state.order.addressRegex).test(address)) return badAddress(state, 'wallet.address')
    return next({ phase: 'review', order: state.order, address })
  }
  if (state.phase === 'review' && action.type === 'pay') {
    const { amount, currencyCode } = state.order
    return next(
      { ...state, phase: 'quoting' },
      [],
      [{ type: 'widget.quote', fiatCode: WIDGET_FIAT, amount, currencyCode, address: state.address }],
    )
  }
  return next(state)
}

/** What the customer pays and gets for a priced order. */
function orderDetails({ amount, estimate, currencyCode }: PricedOrder): NonNullable<FrameView['details']> {
  return [
    { label: 'You pay', value: money(amount, WIDGET_FIAT) },
    { label: 'You get about', value: money(estimate, currencyCode, 'crypto') },
  ]
}

function view(state: BuyWidgetState): FrameView {
  const withMessage = (message?: string) => (message ? { error: message } : {})
  switch (state.phase) {
    case 'amount': {
      const fields: FrameField[] = [
        { name: 'amount', label: `Amount (${WIDGET_FIAT.toUpperCase()})`, type: 'number', inputMode: 'decimal' },
        {
          name: 'currencyCode',
          label: `Crypto (default ${state.order.currencyCode.toUpperCase()})`,
          optional: true,
          hint: `Leave empty to buy ${state.order.currencyCode.toUpperCase()}.`,
          autocomplete: 'off',
        },
      ]
      return {
        screen: 'amount',
        title: 'Buy crypto',
        ...withMessage(state.message),
        actions: [{ action: 'chooseAmount', label: 'Continue', fields }],
      }
    }
    case 'wallet': {
      const fields: FrameField[] = [
        {
          name: 'address',
          label: `Your ${state.order.currencyCode.toUpperCase()} wallet address`,
          autocomplete: 'off',
        },
      ]
      return {
        screen: 'wallet',
        title: 'Where should we send it?',
        ...withMessage(state.message),
        details: orderDetails(state.order),
        actions: [{ action: 'enterWallet', label: 'Continue', fields }],
      }
    }
    case 'review': {
      const { amount, estimate, currencyCode } = state.order
      const body = `Pay ${money(amount, WIDGET_FIAT)} for about ${money(estimate, currencyCode, 'crypto')}, sent to ${state.address}.`
      return {
        screen: 'review',
        title: 'Review your purchase',
        body,
        details: [...orderDetails(state.order), { label: 'Wallet', value: state.address }],
        actions: [{ action: 'pay', label: `Pay ${money(amount, WIDGET_FIAT)}` }],
      }
    }
    case 'done': {
      const { id, status } = state.transaction
      const details = [
        { label: 'Transaction', value: id },
        { label: 'Status', value: status },
        ...(state.bought ? orderDetails(state.bought) : []),
      ]
      return {
        screen: 'done',
        title: 'Purchase submitted',
        body: `Transaction ${id} is ${status}.`,
        details,
        actions: [],
      }
    }
    case 'failed':
      return { screen: 'failed', title: 'Something went wrong', body: 'Close this window and try again.', actions: [] }
    default:
      return { screen: state.phase, title: 'One moment…', actions: [] }
  }
}

/**
 * The widget: the whole hosted buy flow in one frame. Posts `ready`; screens
 * `chooseAmount` (effect `widget.price`: currency, limits) → `enterWallet`
 * (address pattern of the crypto; skipped when the signed URL's `walletAddress` fits it) → `pay` (effects `widget.quote`, an Apple Pay
 * quote for the connected customer, then `widget.execute`) → `complete`
 * `{transaction: {id, status}}`. Validation failures show a message and post
 * `error` `validationError`; without a connected customer's clientToken, `pay`
 * posts `error` `connection_required`. With `flow=sell` it runs the sell flow
 * instead (`widget-sell.ts`, decision record 0070).
 *
 * @example
 * widgetMachine.start({ channelId: 'ch_123456', currencyCode: 'btc' }).events // [{ kind: 'ready' }]
 */
export const widgetMachine: FrameMachine<'widget', WidgetState, WidgetAction> = {
  frame: 'widget',
  start: (params) =>
    params.flow === 'sell'
      ? sellWidget.start(params)
      : next(
          toAmount({
            currencyCode: (params.currencyCode ?? WIDGET_DEFAULT_CRYPTO).toLowerCase(),
            externalTransactionId: params.externalTransactionId,
            walletAddress: params.walletAddress,
          }),
          [{ kind: 'ready' }],
        ),
  step: (state, input) =>
    'flow' in state
      ? sellWidget.step(state, input)
      : input.type === 'result'
        ? onResult(state, input.result)
        : input.type === 'customer'
          ? onAction(state, input.action)
          : next(state),
  view: (state) => ('flow' in state ? sellWidget.view(state) : view(state)),
}

/**
 * The widget for hosts without postMessage support: the same machine and the
 * same events; the page also shows a return link.
 *
 * @example
 * widgetFallbackMachine.start({ channelId: 'ch_123456' }).events // [{ kind: 'ready' }]
 */
export const widgetFallbackMachine: FrameMachine<'widget-fallback', WidgetState, WidgetAction> = {
  ...widgetMachine,
  frame: 'widget-fallback',
}

import type { FrameOutbound, FrameParamsOf } from '#contract/index.ts'
import type { WidgetSell, WidgetSellQuote } from '../effect-results.ts'
import type { EffectResult, FrameInput, FrameView, Step } from '../machine.ts'
import { errorEvent, next } from '../machine.ts'

/** The fiat the widget's sell pays out (the frame has no parameter for it, as the buy pays with it). */
const SELL_FIAT = 'usd'

/** What the customer does in the widget's sell: amount and crypto, refund wallet, confirm. */
export type SellWidgetAction =
  | { type: 'chooseAmount'; amount: string | number; currencyCode?: string }
  | { type: 'enterWallet'; address: string }
  | { type: 'confirmSell' }

/** Every action the widget takes: the sell's, and the buy's `pay`, which the sell ignores (no import of `widget.ts`: no cycle). */
type AnyWidgetAction = SellWidgetAction | { type: 'pay' }

/** The sale so far: the crypto, the partner's id of this attempt, and the refund wallet the (signed) URL prefilled. */
interface SellOrder {
  currencyCode: string
  externalTransactionId?: string
  walletAddress?: string
}
/** A sale the sell quote priced. */
interface QuotedSale extends SellOrder {
  quote: WidgetSellQuote
}

/** The phases of the sell flow; `message` is what the current screen tells the customer. */
export type SellPhase =
  | { phase: 'amount'; order: SellOrder; message?: string }
  | { phase: 'quoting'; order: SellOrder; amount: number }
  | { phase: 'refund'; order: QuotedSale; message?: string }
  | { phase: 'review' | 'selling'; order: QuotedSale; address: string }
  | { phase: 'deposit'; currencyCode: string; sell: WidgetSell }
  | { phase: 'failed' }

/** States of the sell flow: every one carries `flow: 'sell'` (how the widget machine tells them from the buy's). */
export type SellWidgetState = SellPhase & { flow: 'sell' }

const sell = (state: SellPhase): SellWidgetState => ({ ...state, flow: 'sell' })

/** A validation failure: the screen's message for the customer, and `error` `validationError` for the host. */
function invalid(
  state: SellPhase & { phase: 'amount' | 'refund' },
  message: string,
  detail = message,
): Step<SellWidgetState> {
  return next(sell({ ...state, message }), [{ kind: 'error', payload: { code: 'validationError', message: detail } }])
}

/** Back to the amount screen, keeping only the crypto, the partner's transaction id and the prefilled wallet. */
function toAmount({ currencyCode, externalTransactionId, walletAddress }: SellOrder): SellPhase & { phase: 'amount' } {
  return {
    phase: 'amount',
    order: {
      currencyCode,
      ...(externalTransactionId ? { externalTransactionId } : {}),
      ...(walletAddress ? { walletAddress } : {}),
    },
  }
}

/** The refund screen again, telling the customer and the host the address does not fit the crypto. */
function badAddress(order: QuotedSale, field: string): Step<SellWidgetState> {
  const code = order.quote.currencyCode
  return invalid(
    { phase: 'refund', order },
    `This is not a valid ${code.toUpperCase()} address.`,
    `${field} is not a valid ${code} address (${order.quote.addressRegex})`,
  )
}

/** The refund step of a quoted sale: skipped when the URL prefilled a wallet the crypto's pattern accepts. */
function refundStep(order: QuotedSale): Step<SellWidgetState> {
  const { walletAddress, ...rest } = order
  if (walletAddress === undefined) return next(sell({ phase: 'refund', order }))
  if (new RegExp(order.quote.addressRegex).test(walletAddress))
    return next(sell({ phase: 'review', order: rest, address: walletAddress }))
  return badAddress(rest, 'walletAddress')
}

/** A failed effect: a refusal of the sale (`invalid_request`) goes back to the amount screen; anything else ends the flow. */
function refused(order: SellOrder, result: EffectResult & { ok: false }): Step<SellWidgetState> {
  return result.error.code === 'invalid_request'
    ? invalid(toAmount(order), result.error.message)
    : next(sell({ phase: 'failed' }), [errorEvent(result)])
}

function onResult(state: SellWidgetState, result: EffectResult): Step<SellWidgetState> {
  if (state.phase === 'quoting' && result.effect === 'widget.sellQuote') {
    if (!result.ok) return refused(state.order, result)
    return refundStep({ ...state.order, currencyCode: result.value.currencyCode, quote: result.value })
  }
  if (state.phase === 'selling' && result.effect === 'widget.sell') {
    if (!result.ok) return refused(state.order, result)
    const complete: FrameOutbound = {
      kind: 'complete',
      payload: { flow: 'sell', transaction: { id: result.value.id, status: result.value.status } },
    }
    return next(sell({ phase: 'deposit', currencyCode: state.order.quote.currencyCode, sell: result.value }), [
      complete,
    ])
  }
  return next(state)
}

function onAction(state: SellWidgetState, action: AnyWidgetAction): Step<SellWidgetState> {
  if (state.phase === 'amount' && action.type === 'chooseAmount') {
    const currencyCode = (action.currencyCode?.trim() || state.order.currencyCode).toLowerCase()
    const order = { ...state.order, currencyCode }
    const amount = Number(String(action.amount ?? '').trim() || NaN)
    if (!Number.isFinite(amount) || amount <= 0)
      return invalid({ phase: 'amount', order }, 'Enter an amount to sell.', 'amount must be a positive number')
    return next(
      sell({ phase: 'quoting', order, amount }),
      [],
      [{ type: 'widget.sellQuote', fiatCode: SELL_FIAT, amount, currencyCode }],
    )
  }
  if (state.phase === 'refund' && action.type === 'enterWallet') {
    const address = String(action.address ?? '').trim()
    if (!new RegExp(state.order.quote.addressRegex).test(address)) return badAddress(state.order, 'wallet.address')
    return next(sell({ phase: 'review', order: state.order, address }))
  }
  if (state.phase === 'review' && action.type === 'confirmSell') {
    const { quote, externalTransactionId } = state.order
    const effect = {
      type: 'widget.sell' as const,
      fiatCode: quote.fiatCode,
      amount: quote.baseCurrencyAmount,
      currencyCode: quote.currencyCode,
      payoutMethod: quote.payoutMethod,
      refundWalletAddress: state.address,
      ...(externalTransactionId ? { externalTransactionId } : {}),
    }
    return next(sell({ ...state, phase: 'selling' }), [], [effect])
  }
  return next(state)
}

function view(state: SellWidgetState): FrameView {
  const withMessage = (message?: string) => (message ? { body: message } : {})
  switch (state.phase) {
    case 'amount': {
      const crypto = state.order.currencyCode.toUpperCase()
      const fields = [
        { name: 'amount', label: `Amount to sell (${crypto})`, type: 'number' as const },
        // Optional, as its label says: a required empty field would keep the form from being sent at all.
        { name: 'currencyCode', label: `Crypto (default ${crypto})`, optional: true },
      ]
      return {
        screen: 'amount',
        title: 'Sell crypto',
        ...withMessage(state.message),
        actions: [{ action: 'chooseAmount', label: 'Continue', fields }],
      }
    }
    case 'refund': {
      const fields = [{ name: 'address', label: `Your ${state.order.quote.currencyCode.toUpperCase()} wallet address` }]
      return {
        screen: 'refund',
        title: 'Where should a refund go?',
        ...withMessage(state.message),
        actions: [{ action: 'enterWallet', label: 'Continue', fields }],
      }
    }
    case 'review': {
      const {
        baseCurrencyAmount,
        quoteCurrencyAmount,
        feeAmount,
        extraFeeAmount,
        currencyCode,
        fiatCode,
        payoutMethod,
      } = state.order.quote
      const fees = Math.round((feeAmount + extraFeeAmount) * 100) / 100
      const body = `Sell ${baseCurrencyAmount} ${currencyCode.toUpperCase()} for about ${quoteCurrencyAmount} ${fiatCode.toUpperCase()} (fees ${fees} ${fiatCode.toUpperCase()}), paid out by ${payoutMethod}; a refund goes to ${state.address}.`
      return { screen: 'review', title: 'Review your sale', body, actions: [{ action: 'confirmSell', label: 'Sell' }] }
    }
    case 'deposit': {
      const { id, baseCurrencyAmount, depositWalletAddress, depositExpiresAt } = state.sell
      const body = `Send exactly ${baseCurrencyAmount} ${state.currencyCode.toUpperCase()} to ${depositWalletAddress} before ${depositExpiresAt}. Sell ${id} is waiting for your deposit.`
      return { screen: 'deposit', title: 'Send your crypto', body, actions: [] }
    }
    case 'failed':
      return { screen: 'failed', title: 'Something went wrong', body: 'Close this window and try again.', actions: [] }
    default:
      return { screen: state.phase, title: 'One moment…', actions: [] }
  }
}

/**
 * The widget's sell flow (`flow=sell`, decision record 0070): `chooseAmount` (crypto sold; effect `widget.sellQuote`,
 * the sell quote) → `enterWallet` (the refund address; skipped when the signed URL's `walletAddress` fits the crypto)
 * → `confirmSell` (effect `widget.sell`: a sell for the connected customer) → the deposit screen and `complete`
 * `{flow: 'sell', transaction: {id, status: 'waitingForDeposit'}}`. Refusals show a message and post `error`
 * `validationError`; without a connected customer's clientToken, `confirmSell` posts `error` `connection_required`.
 *
 * @example
 * sellWidget.start({ channelId: 'ch_123456', flow: 'sell' }).events // [{ kind: 'ready' }]
 */
export const sellWidget = {
  start: (params: FrameParamsOf<'widget'>): Step<SellWidgetState> =>
    next(
      sell(
        toAmount({
          currencyCode: (params.currencyCode ?? 'eth').toLowerCase(),
          externalTransactionId: params.externalTransactionId,
          walletAddress: params.walletAddress,
        }),
      ),
      [{ kind: 'ready' }],
    ),
  step: (state: SellWidgetState, input: FrameInput<AnyWidgetAction>): Step<SellWidgetState> =>
    input.type === 'result'
      ? onResult(state, input.result)
      : input.type === 'customer'
        ? onAction(state, input.action)
        : next(state),
  view,
}

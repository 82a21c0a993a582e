import { base64UrlToText } from '../../base64url.ts'
import { BuyQuote, type FrameErrorPayload } from '#contract/index.ts'
import type { PurchaseFrame } from '../purchase-gate.ts'
import type { PurchaseOutcome } from '../effect-results.ts'
import { quoteProblem } from '../purchase-rules.ts'
import { errorEvent, next, type EffectSuccess, type FrameInput, type FrameView, type Step } from '../machine.ts'
import { quoteDetails, receiptDetails } from './order-details.ts'

export type { PurchaseOutcome } from '../effect-results.ts'

/** What is being bought: the quote (replaced by `setQuote`), and the attempt's id. */
export interface Order {
  quote: BuyQuote
  externalTransactionId?: string
  /** The iOS second factor was confirmed (apple-pay, sandbox trigger 47.13). */
  secondFactorConfirmed: boolean
}

/** The purchase steps every buy frame shares, from checking the quote to the outcome. */
export type PipelineState =
  | { phase: 'checking'; order: Order }
  | { phase: 'secondFactor'; order: Order }
  | { phase: 'quoteExpired'; order: Order }
  | { phase: 'creatingChallenge'; order: Order }
  | { phase: 'challenging'; order: Order; challengeId: string }
  | { phase: 'executing'; order: Order }
  /** `bought` is the quote paid, for the receipt. */
  | { phase: 'done'; outcome: PurchaseOutcome; bought?: BuyQuote }
  | { phase: 'failed'; error: FrameErrorPayload }

export { encodeQuote } from '../encode-quote.ts'

function decodeJson(text: string): unknown {
  const json = base64UrlToText(text)
  try {
    return json === undefined || json === '' ? undefined : JSON.parse(json)
  } catch {
    return undefined
  }
}

/** The order of a frame's parameters, or the `invalid_quote` error. @example orderOf('buy', { quote: encodeQuote(q) }) */
export function orderOf(
  frame: PurchaseFrame,
  params: { quote: string; externalTransactionId?: string },
): Order | FrameErrorPayload {
  const json = decodeJson(params.quote)
  if (json === undefined) return { code: 'invalid_quote', message: 'quote must be the base64url JSON of a buy quote' }
  const parsed = BuyQuote.safeParse(json)
  if (!parsed.success)
    return {
      code: 'invalid_quote',
      message: `quote is not a buy quote: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
    }
  const problem = quoteProblem(frame, parsed.data)
  if (problem) return { code: 'invalid_quote', message: problem }
  return { quote: parsed.data, externalTransactionId: params.externalTransactionId, secondFactorConfirmed: false }
}

/** Stops with an `error` event. */
export function fail(error: FrameErrorPayload): Step<PipelineState> {
  return next({ phase: 'failed', error }, [{ kind: 'error', payload: error }])
}

/** Checks the quote (signature, expiry, trigger) before paying: effect `quote.check`. */
export function check(order: Order): Step<PipelineState> {
  return next({ phase: 'checking', order }, [], [{ type: 'quote.check', quote: order.quote }])
}

/** The effects of the pipeline, each expected in one phase. */
type PipelineEffect = 'quote.check' | 'challenge.create' | 'purchase.awaitChallenge' | 'purchase.execute'

const EXPECTS: Partial<Record<PipelineState['phase'], PipelineEffect>> = {
  checking: 'quote.check',
  creatingChallenge: 'challenge.create',
  challenging: 'purchase.awaitChallenge',
  executing: 'purchase.execute',
}

function execute(order: Order): Step<PipelineState> {
  return next(
    { phase: 'executing', order },
    [],
    [{ type: 'purchase.execute', quote: order.quote, secondFactorConfirmed: order.secondFactorConfirmed }],
  )
}

const expired = (order: Order): Step<PipelineState> =>
  next({ phase: 'quoteExpired', order }, [{ kind: 'quoteExpired', payload: { expiresAt: order.quote.expiresAt } }])

/** The pipeline's answer to the success of the effect its phase expects (`EXPECTS`). */
function onResult(order: Order, result: EffectSuccess<PipelineEffect>): Step<PipelineState> {
  switch (result.effect) {
    case 'quote.check': {
      if (result.value.status === 'expired') return expired(order)
      const { trigger } = result.value
      if (trigger?.kind === 'challenge')
        return next({ phase: 'creatingChallenge', order }, [], [{ type: 'challenge.create', quote: order.quote }])
      if (trigger?.kind === 'secondFactor' && !order.secondFactorConfirmed)
        return next({ phase: 'secondFactor', order }, [{ kind: 'oneTapWalletPaySecondFactorRequired', payload: {} }])
      return execute(order)
    }
    case 'challenge.create': {
      const { challengeId, url } = result.value
      return next(
        { phase: 'challenging', order, challengeId },
        [{ kind: 'challenge', payload: { kind: 'frame', url } }],
        [{ type: 'purchase.awaitChallenge', challengeId }],
      )
    }
    case 'purchase.awaitChallenge': {
      const settled = result.value
      if (settled.status === 'expired') return expired(order)
      // The buyer verified their identity: the purchase goes on, checked again (a test-mode trigger may still apply).
      if (settled.status === 'verified') return check(order)
      const outcome: PurchaseOutcome =
        settled.status === 'completed'
          ? { transaction: settled.transaction }
          : {
              transaction: settled.transaction ?? { id: null, status: 'failed' },
              failureCode: 'authorizationDeclined',
              failureReason: settled.reason,
            }
      return next({ phase: 'done', outcome, bought: order.quote }, [{ kind: 'complete', payload: outcome }])
    }
    case 'purchase.execute':
      return next({ phase: 'done', outcome: result.value, bought: order.quote }, [
        { kind: 'complete', payload: result.value },
      ])
  }
}

/**
 * One step of the shared purchase pipeline: effect results, the host's
 * `setQuote` while the quote is expired, the customer's second-factor
 * confirmation. Anything else leaves the state as it is.
 */
export function stepPipeline(
  frame: PurchaseFrame,
  state: PipelineState,
  input: FrameInput<{ type: string }>,
): Step<PipelineState> {
  if (state.phase === 'quoteExpired' && input.type === 'host' && input.message.kind === 'setQuote') {
    const problem = quoteProblem(frame, input.message.payload.quote)
    return problem
      ? fail({ code: 'invalid_quote', message: problem })
      : check({ ...state.order, quote: input.message.payload.quote })
  }
  if (state.phase === 'secondFactor' && input.type === 'customer' && input.action.type === 'confirmSecondFactor')
    return execute({ ...state.order, secondFactorConfirmed: true })
  if (input.type !== 'result' || !('order' in state) || EXPECTS[state.phase] !== input.result.effect) return next(state)
  const { result } = input
  // The result is of the effect this phase expects (checked above), so a success is one of the pipeline's effects.
  if (result.ok) return onResult(state.order, result as EffectSuccess<PipelineEffect>)
  if (result.error.code === 'quote_expired') return expired(state.order)
  return next({ phase: 'failed', error: result.error }, [errorEvent(result)])
}

/** What the pipeline's screens show: the order while it is paid, the receipt at the end; the customer never sees an error's message. */
export function pipelineView(state: PipelineState): FrameView {
  const order = 'order' in state && state.order ? { details: quoteDetails(state.order.quote) } : {}
  switch (state.phase) {
    case 'secondFactor':
      return {
        screen: 'secondFactor',
        title: 'Confirm it is you',
        body: 'Your wallet asks for a second factor.',
        ...order,
        actions: [{ action: 'confirmSecondFactor', label: 'Confirm' }],
      }
    case 'quoteExpired':
      return { screen: 'quoteExpired', title: 'The price expired', body: 'Getting a new price…', actions: [] }
    case 'creatingChallenge':
    case 'challenging':
      return {
        screen: 'challenge',
        title: 'Verification needed',
        body: 'Complete the verification to continue.',
        ...order,
        actions: [],
      }
    case 'done': {
      const details = receiptDetails(state.outcome, state.bought)
      return state.outcome.transaction.status === 'failed'
        ? { screen: 'done', title: 'Payment failed', body: state.outcome.failureReason, details, actions: [] }
        : {
            screen: 'done',
            title: 'Payment submitted',
            body: `Transaction ${state.outcome.transaction.id ?? ''} is ${state.outcome.transaction.status}.`,
            details,
            actions: [],
          }
    }
    case 'failed':
      return { screen: 'failed', title: 'Something went wrong', body: 'Please try again later.', actions: [] }
    default:
      return { screen: state.phase, title: 'Processing your payment…', ...order, actions: [] }
  }
}

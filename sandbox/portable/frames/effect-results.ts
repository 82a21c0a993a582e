import type { z } from 'zod'
import type {
  Availability,
  BuyQuote,
  ChallengeCancelled,
  ChallengeComplete,
  Connection,
  EffectName,
  ExportConsent,
  PurchaseComplete,
  SellPayoutMethod,
  SellTransactionStatus,
  StoredCard,
  TransactionStatus,
} from '#contract/index.ts'
import type { ChallengeRecord } from '#contract/index.ts'
import type { PurchaseGate } from './purchase-gate.ts'

/** What each effect answers when it succeeds (the `value` of an `ok` result), by effect name. */
export interface EffectValues {
  'auth.reset': null
  /** The credentials string of `complete`. */
  'credentials.encrypt': string
  'connection.decide': Connection
  'connection.register': Connection
  'connection.identify': null
  'connection.authenticate': Connection
  'card.add': StoredCard
  'export.consent': ExportConsent
  /** The crypto estimate of the widget's order and its wallet pattern. */
  'widget.price': { currencyCode: string; estimate: number; addressRegex: string }
  'widget.quote': BuyQuote
  'widget.execute': { id: string; status: TransactionStatus }
  /** The widget's sale as the sell quote prices it, and the refund address pattern of the crypto. */
  'widget.sellQuote': WidgetSellQuote
  /** The sell just started: where and how much to deposit, and by when. */
  'widget.sell': WidgetSell
  'wallet.availability': Availability
  /** `trigger`: the purchase's gate (`purchaseGate`), null to pay it as it is. */
  'quote.check': { status: 'expired' } | { status: 'valid'; trigger: PurchaseGate | null }
  'challenge.create': { challengeId: string; url: string }
  'purchase.awaitChallenge':
    | { status: 'completed'; transaction: PurchaseOutcome['transaction'] }
    | { status: 'verified' }
    | { status: 'expired' }
    /** A buy challenge's failed transaction (decision 0063); none for an identity challenge. */
    | { status: 'cancelled' | 'failed'; reason: string; transaction?: PurchaseOutcome['transaction'] }
  'purchase.execute': PurchaseOutcome
  'challenge.open': { kind: ChallengeRecord['kind'] }
  /** The challenge frame's `complete` or `cancelled` event. */
  'challenge.resolve':
    | { kind: 'complete'; payload: z.infer<typeof ChallengeComplete> }
    | { kind: 'cancelled'; payload: z.infer<typeof ChallengeCancelled> }
}

/** The widget's sell quote: the amount sold (rounded to the crypto's precision), the payout, fees and method. */
export interface WidgetSellQuote {
  currencyCode: string
  fiatCode: string
  baseCurrencyAmount: number
  quoteCurrencyAmount: number
  feeAmount: number
  extraFeeAmount: number
  payoutMethod: SellPayoutMethod
  /** Refund addresses the sell accepts (test mode: testnet or mainnet). */
  addressRegex: string
}

/** A sell the widget started, waiting for its deposit. */
export interface WidgetSell {
  id: string
  status: SellTransactionStatus
  depositWalletAddress: string
  baseCurrencyAmount: number
  depositExpiresAt: string
}

/** `complete` payload of a buy frame. */
export type PurchaseOutcome = z.infer<typeof PurchaseComplete>

/** A value type for every effect name: one missing from `EffectValues` fails to compile here. */
type CoveringEveryEffect<Values extends Record<EffectName, unknown>> = Values

/** What the effect of name `N` answers on success. @example EffectValueOf<'credentials.encrypt'> // string */
export type EffectValueOf<N extends EffectName> = CoveringEveryEffect<EffectValues>[N]

/** A failed effect: its code and message (an unknown effect's name is any string). */
export interface EffectFailure {
  effect: string
  ok: false
  error: { code: string; message: string }
}

/** The success of effect `N`: `result.effect === N && result.ok` narrows `value` to its type. */
export type EffectSuccess<N extends EffectName = EffectName> = {
  [K in N]: { effect: K; ok: true; value: EffectValueOf<K> }
}[N]

/** The answer to an effect, typed per effect name. */
export type EffectResult = EffectSuccess | EffectFailure

/** The answer to the effect of name `N`. */
export type EffectResultOf<N extends EffectName> = EffectSuccess<N> | EffectFailure

/**
 * Where a frame posts an effect on the frames origin: the effect's name is part of the path, so a fault matcher or a
 * verification names one effect as it names an API call (`POST /__frames/effects/purchase.execute`).
 *
 * @example
 * effectPath('purchase.execute') // '/__frames/effects/purchase.execute'
 */
export function effectPath(type: string): string {
  return `/__frames/effects/${encodeURIComponent(type)}`
}

/**
 * Whether a journaled call's path is a frame's effect (`POST /__frames/effects/{type}`): a call the frame makes
 * itself, so a recording replays the frame's steps and leaves its effect calls out.
 *
 * @example
 * isEffectPath('/__frames/effects/purchase.execute') // true
 * isEffectPath('/platform/v1/quotes/buy') // false
 */
export function isEffectPath(path: string): boolean {
  return path.startsWith('/__frames/effects/')
}

/** The effect call's answer as the frame got it: a status and its JSON body, or a dropped connection. */
type EffectAnswer = { status: number; body: unknown } | 'network-error'

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/**
 * What a frame makes of its effect call's answer, in the page and in process alike: a 200 is the effect's result; any
 * other status (an injected fault, a refused ticket) or a dropped connection is the effect failing with the answer's
 * `{code, message}` (the platform error shape; a refused ticket, 401, is the frame's `invalid_token`), so the machine
 * shows its failure view and posts `error` as for any failed effect.
 *
 * @example
 * effectResultOfAnswer('purchase.execute', { status: 503, body: { code: 'internal_error', message: 'Injected fault …' } })
 * // { effect: 'purchase.execute', ok: false, error: { code: 'internal_error', message: 'Injected fault …' } }
 */
export function effectResultOfAnswer(type: string, answer: EffectAnswer): EffectResult {
  if (answer === 'network-error')
    return {
      effect: type,
      ok: false,
      error: { code: 'network_error', message: `${type}: the connection to the frames origin was dropped` },
    }
  if (answer.status === 200) return answer.body as EffectResult
  const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as {
    code?: unknown
    message?: unknown
  }
  const code = answer.status === 401 ? 'invalid_token' : (textOf(body.code) ?? 'unavailable')
  return {
    effect: type,
    ok: false,
    error: { code, message: textOf(body.message) ?? `${type}: the frames origin answered ${answer.status}` },
  }
}

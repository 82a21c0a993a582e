import type { z } from 'zod'
import type {
  Availability, BuyQuote, ChallengeCancelled, ChallengeComplete, Connection, EffectName, ExportConsent, PurchaseComplete, SellPayoutMethod, SellTransactionStatus,
  StoredCard, TransactionStatus,
} from '../../contract/index.ts'
import type { ChallengeRecord } from '../../contract/index.ts'
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
  'challenge.resolve': { kind: 'complete'; payload: z.infer<typeof ChallengeComplete> } | { kind: 'cancelled'; payload: z.infer<typeof ChallengeCancelled> }
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
export type EffectSuccess<N extends EffectName = EffectName> = { [K in N]: { effect: K; ok: true; value: EffectValueOf<K> } }[N]

/** The answer to an effect, typed per effect name. */
export type EffectResult = EffectSuccess | EffectFailure

/** The answer to the effect of name `N`. */
export type EffectResultOf<N extends EffectName> = EffectSuccess<N> | EffectFailure

import {
  currentStage,
  fromMinor,
  toMinor,
  type CryptoCurrency,
  type FiatCurrency,
  type TransactionRecord,
  type WidgetCardType,
  type WidgetTransaction,
  type WidgetTransactionStatus,
} from '#contract/index.ts'
import { widgetMethodOf } from './widget-buy-quote.ts'

/** What the view needs besides the record: the currencies, the customer's country and external id, the rates. */
interface WidgetTransactionFacts {
  currency: CryptoCurrency
  baseCurrency: FiatCurrency
  /** The customer's country (ISO 3166-1 alpha-3). */
  country: string
  externalCustomerId: string | null
  /** The crypto's price in each fiat at the transaction's creation. */
  rates: { eur: number; usd: number; gbp: number }
  /** The delivery's on-chain id, once the crypto was sent. */
  cryptoTransactionId: string | null
}

/**
 * The widget status of a platform transaction: settled ones keep theirs; a pending one is `waitingPayment` while
 * ordering, `waitingAuthorization` while its payment is verified, `pending` while the crypto is processed and
 * delivered (decision 0066).
 *
 * @example
 * widgetStatusOf(record) // 'waitingAuthorization' right after execution
 */
export function widgetStatusOf(record: Pick<TransactionRecord, 'status' | 'stages'>): WidgetTransactionStatus {
  switch (record.status) {
    case 'completed':
    case 'failed':
      return record.status
    case 'pending':
      switch (currentStage(record.stages).stage) {
        case 'stage_one_ordering':
          return 'waitingPayment'
        case 'stage_two_verification':
          return 'waitingAuthorization'
        default:
          return 'pending'
      }
  }
}

function cardTypeOf(record: TransactionRecord): WidgetCardType {
  return record.paymentMethod.type
}

/**
 * A buy transaction as the widget API shows it: a pure view of the platform's record (the same id, amounts, status
 * and stages). `baseCurrencyAmount` is the fiat converted (the total less every fee), as in the widget buy quote;
 * `feeAmount` the service fee, `extraFeeAmount` the ecosystem (extra) fee, `networkFeeAmount` the network fee;
 * `areFeesIncluded` whether the customer paid the amount asked (fees inside). `failureReason` is the failed stage's.
 * `paymentMethod` names the platform's method as the widget buy quote does; the reference's bank and page fields
 * (`bankAccountId`, `redirectUrl`, `returnUrl`, `widgetRedirectUrl`) are null: nothing in the sandbox sets them;
 * `isRecurring` is false and `flow` `principal` (decision 0089).
 *
 * @example
 * toWidgetTransaction(record, facts).status // 'completed'
 */
export function toWidgetTransaction(record: TransactionRecord, facts: WidgetTransactionFacts): WidgetTransaction {
  const p = facts.baseCurrency.precision
  const feesMinor =
    toMinor(record.fees.network, p) + toMinor(record.fees.service, p) + toMinor(record.fees.ecosystem, p)
  const failed = record.stages.find((stage) => stage.status === 'failed')
  return {
    id: record.id,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    walletAddress: record.wallet.address,
    walletAddressTag: record.wallet.tag ?? null,
    customerId: record.customerId,
    country: facts.country,
    currencyId: facts.currency.id,
    baseCurrencyId: facts.baseCurrency.id,
    baseCurrencyAmount: fromMinor(toMinor(record.totalAmount, p) - feesMinor, p),
    quoteCurrencyAmount: record.destination.amount,
    feeAmount: record.fees.service,
    extraFeeAmount: record.fees.ecosystem,
    networkFeeAmount: record.fees.network,
    totalAmount: record.totalAmount,
    eurRate: facts.rates.eur,
    usdRate: facts.rates.usd,
    gbpRate: facts.rates.gbp,
    areFeesIncluded: record.totalAmount === record.source.amount,
    status: widgetStatusOf(record),
    failureReason: record.status === 'failed' ? (failed?.failureReason ?? 'error') : null,
    cryptoTransactionId: facts.cryptoTransactionId,
    externalCustomerId: facts.externalCustomerId,
    externalTransactionId: record.externalTransactionId,
    cardId: record.paymentMethod.id ?? null,
    bankAccountId: null,
    paymentMethod: widgetMethodOf(record.paymentMethod.type),
    redirectUrl: null,
    returnUrl: null,
    widgetRedirectUrl: null,
    cardType: cardTypeOf(record),
    cardPaymentType: 'unknown',
    isRecurring: false,
    flow: 'principal',
    currency: facts.currency,
    baseCurrency: facts.baseCurrency,
    stages: record.stages.map((stage) => ({
      stage: stage.stage,
      status: stage.status,
      failureReason: stage.failureReason,
      actions: [],
    })),
  }
}

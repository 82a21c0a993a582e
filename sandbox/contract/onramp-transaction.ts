import { z } from 'zod'
import { CryptoCurrency, FiatCurrency, IsoTimestamp } from './currency.ts'
import { WidgetBuyPaymentMethod } from './onramp-quote.ts'
import { StageName, StageStatus } from './platform/transaction-stages.ts'

/** Statuses of a widget buy transaction (the platform's `pending` splits by stage, decision 0066). */
export const WidgetTransactionStatus = z.enum([
  'waitingPayment',
  'pending',
  'waitingAuthorization',
  'failed',
  'completed',
])
export type WidgetTransactionStatus = z.infer<typeof WidgetTransactionStatus>

/** How the buy was paid: a card or a wallet pay. */
export const WidgetCardType = z.enum(['apple_pay', 'google_pay', 'samsung_pay', 'card'])
export type WidgetCardType = z.infer<typeof WidgetCardType>

/** Whether the card was a credit or a debit card (sandbox cards carry no funding type: `unknown`). */
export const WidgetCardPaymentType = z.enum(['credit', 'debit', 'unknown'])

/** One of the four stages, as the widget API shows it: with `actions` (none in the sandbox). */
export const WidgetTransactionStage = z.object({
  stage: StageName,
  status: StageStatus,
  failureReason: z.string().nullable(),
  actions: z.array(z.object({ type: z.string(), url: z.string() })),
})

/**
 * A buy transaction as the widget API shows it (`GET /v1/transactions/{id}`): a view of the same record the
 * platform API shows (decision 0066), with every field of the public reference's buy transaction the sandbox can
 * know, `null` where nothing in the sandbox applies.
 */
export const WidgetTransaction = z.object({
  id: z.string().min(1),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
  walletAddress: z.string(),
  walletAddressTag: z.string().nullable(),
  customerId: z.string().min(1),
  country: z.string(),
  currencyId: z.string().min(1),
  baseCurrencyId: z.string().min(1),
  baseCurrencyAmount: z.number().positive(),
  quoteCurrencyAmount: z.number().positive(),
  feeAmount: z.number().nonnegative(),
  extraFeeAmount: z.number().nonnegative(),
  networkFeeAmount: z.number().nonnegative(),
  totalAmount: z.number().positive(),
  eurRate: z.number().positive(),
  usdRate: z.number().positive(),
  gbpRate: z.number().positive(),
  areFeesIncluded: z.boolean(),
  status: WidgetTransactionStatus,
  failureReason: z.string().nullable(),
  cryptoTransactionId: z.string().nullable(),
  externalCustomerId: z.string().nullable(),
  externalTransactionId: z.string().nullable(),
  cardId: z.string().nullable(),
  /** Always null: sandbox buys are paid by card or wallet pay, never from a bank account. */
  bankAccountId: z.string().nullable(),
  /** The method the buy was paid with, as the widget buy quote names it (`card` is `credit_debit_card`). */
  paymentMethod: WidgetBuyPaymentMethod,
  /** The service's 3-D Secure page; null: the sandbox's challenges are answered in frames before the buy exists. */
  redirectUrl: z.string().nullable(),
  /** The service's receipt page; null: the sandbox has no receipt page. */
  returnUrl: z.string().nullable(),
  /** Where the service's widget sends the customer afterwards; null: sandbox buys are not made in the hosted widget. */
  widgetRedirectUrl: z.string().nullable(),
  cardType: WidgetCardType,
  cardPaymentType: WidgetCardPaymentType,
  /** Whether the buy is one of a recurring series; false: the sandbox has no recurring buys (decision 0089). */
  isRecurring: z.boolean(),
  /** `principal`, as every example of the reference shows it (the reference names no other value). */
  flow: z.literal('principal'),
  currency: CryptoCurrency,
  baseCurrency: FiatCurrency,
  stages: z.array(WidgetTransactionStage).length(4),
})
export type WidgetTransaction = z.infer<typeof WidgetTransaction>

/** Response of `GET /v1/transactions/ext/{externalTransactionId}` and `GET /v1/transactions`. */
export const WidgetTransactionList = z.array(WidgetTransaction)

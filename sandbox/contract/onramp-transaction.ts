import { z } from 'zod'
import { CryptoCurrency, FiatCurrency, IsoTimestamp } from './currency.ts'
import { StageName, StageStatus } from './platform/transaction-stages.ts'
import { queryNumber } from './query-number.ts'

/** Statuses of a widget buy transaction (the platform's `pending` splits by stage, decision 0066). */
export const WidgetTransactionStatus = z.enum(['waitingPayment', 'pending', 'waitingAuthorization', 'failed', 'completed'])
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
 * platform API shows (decision 0066).
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
  cardType: WidgetCardType,
  cardPaymentType: WidgetCardPaymentType,
  currency: CryptoCurrency,
  baseCurrency: FiatCurrency,
  stages: z.array(WidgetTransactionStage).length(4),
})
export type WidgetTransaction = z.infer<typeof WidgetTransaction>

/** Response of `GET /v1/transactions/ext/{externalTransactionId}` and `GET /v1/transactions`. */
export const WidgetTransactionList = z.array(WidgetTransaction)

/** Whether `text` (YYYY-MM-DD) names a day of the calendar. */
function isCalendarDay(text: string): boolean {
  const day = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text)
}

function queryDay(field: string) {
  return z
    .string()
    .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, `${field} must be a date YYYY-MM-DD`)
    .refine(isCalendarDay, `${field} must be a day of the calendar`)
}

const queryId = (field: string) => z.string().min(1, `${field} must not be empty`).max(128, `${field} must be at most 128 characters`)

/**
 * Query of `GET /v1/transactions` (secret key): filters, a day range (both inclusive, UTC) and a page by `limit` 1–50
 * (default 10) and `offset`.
 */
export const WidgetTransactionListQuery = z
  .object({
    customerId: queryId('customerId').optional(),
    externalCustomerId: queryId('externalCustomerId').optional(),
    externalTransactionId: queryId('externalTransactionId').optional(),
    startDate: queryDay('startDate').optional(),
    endDate: queryDay('endDate').optional(),
    limit: queryNumber(
      z.string().regex(/^[0-9]{1,3}$/, 'limit must be an integer').transform(Number).refine((n) => n >= 1 && n <= 50, 'limit must be from 1 to 50'),
      { type: 'integer', minimum: 1, maximum: 50, description: 'Page size; 10 when omitted' },
    ).optional(),
    offset: queryNumber(
      z.string().regex(/^[0-9]{1,6}$/, 'offset must be a non-negative integer of at most 6 digits').transform(Number),
      { type: 'integer', minimum: 0, description: 'Transactions skipped before the page; 0 when omitted' },
    ).optional(),
  })
  .refine((q) => q.startDate === undefined || q.endDate === undefined || q.startDate <= q.endDate, { message: 'endDate must not be before startDate', path: ['endDate'] })
export type WidgetTransactionListQuery = z.infer<typeof WidgetTransactionListQuery>

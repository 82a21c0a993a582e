import { z } from 'zod'
import { CurrencyCode, IsoTimestamp } from '../currency.ts'
import { queryNumber } from '../query-number.ts'
import { BuyQuoteFees, PaymentMethodType } from './buy-quote.ts'
import { TransactionStages } from './transaction-stages.ts'

/** Transaction statuses: `completed`, never `complete`. */
export const TransactionStatus = z.enum(['pending', 'completed', 'failed'])
export type TransactionStatus = z.infer<typeof TransactionStatus>

/** Why a transaction failed (the wallet-pay failure codes of the spec). */
export const FailureCode = z.enum([
  'transactionNotAllowed',
  'validationError',
  'serviceUnavailable',
  'authorizationDeclined',
  'unknown',
  'walletPayMerchantUnavailable',
])
export type FailureCode = z.infer<typeof FailureCode>

/** A buy transaction: `status` is the outcome, `stages` where it is on the way there. */
export const Transaction = z.object({
  id: z.string().min(1),
  externalTransactionId: z.string().nullable(),
  customerId: z.string().min(1),
  status: TransactionStatus,
  source: z.object({ asset: z.object({ code: CurrencyCode }), amount: z.number().positive() }),
  destination: z.object({ asset: z.object({ code: CurrencyCode }), amount: z.number().positive() }),
  totalAmount: z.number().positive(),
  fees: BuyQuoteFees,
  wallet: z.object({ address: z.string(), tag: z.string().optional() }),
  paymentMethod: z.object({ type: PaymentMethodType, id: z.string().optional() }),
  failureCode: FailureCode.optional(),
  failureReason: z.string().optional(),
  /** The four stages, in order (decision 0060). */
  stages: TransactionStages,
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
})
export type Transaction = z.infer<typeof Transaction>

/** Query of `GET /platform/v1/transactions`. */
export const TransactionListQuery = z.object({
  limit: queryNumber(
    z
      .string()
      .regex(/^[0-9]{1,3}$/, 'limit must be an integer')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 100, 'limit must be from 1 to 100'),
    { type: 'integer', minimum: 1, maximum: 100, description: 'Page size; 20 when omitted' },
  ).optional(),
  cursor: z.string().min(1).max(512).optional(),
  startDate: z.iso.datetime({ offset: true, error: 'startDate must be an ISO 8601 timestamp' }).optional(),
  endDate: z.iso.datetime({ offset: true, error: 'endDate must be an ISO 8601 timestamp' }).optional(),
})
export type TransactionListQuery = z.infer<typeof TransactionListQuery>

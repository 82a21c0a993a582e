import { z } from 'zod'
import { CryptoCurrency, FiatCurrency, IsoTimestamp } from './currency.ts'
import { RequestPayoutMethod, SellPayoutMethod } from './payout-method.ts'
import { TransactionStages } from './platform/transaction-stages.ts'

/**
 * Where a sell transaction is (the service's reference): `waitingForDeposit` → `pending` → `completed` or `failed`;
 * a pending sell whose price moved waits in `requoteRequired` for the customer to accept or refuse (decision 0088).
 */
export const SellTransactionStatus = z.enum(['waitingForDeposit', 'pending', 'requoteRequired', 'failed', 'completed'])
export type SellTransactionStatus = z.infer<typeof SellTransactionStatus>

/**
 * Why a sell failed (decision 0067), the same text on the transaction and its failed stage: `cancelled` (cancelled
 * while waiting for the deposit), `timeout_deposit` (no deposit within the window), `refund` (the deposit did not
 * match and went back to `refundWalletAddress`), `error` (the payout failed).
 */
export const SellFailureReason = z.enum(['cancelled', 'timeout_deposit', 'refund', 'error'])
export type SellFailureReason = z.infer<typeof SellFailureReason>

const sellFields = {
  id: z.string().min(1),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
  customerId: z.string().min(1),
  status: SellTransactionStatus,
  baseCurrencyAmount: z.number().positive(),
  quoteCurrencyAmount: z.number().positive(),
  feeAmount: z.number().nonnegative(),
  extraFeeAmount: z.number().nonnegative(),
  /** Units of EUR, USD, GBP one unit of the payout fiat is worth when the sell was made. */
  eurRate: z.number().positive(),
  usdRate: z.number().positive(),
  gbpRate: z.number().positive(),
  payoutMethod: SellPayoutMethod,
  failureReason: z.string().nullable(),
  /** Where the customer sends the crypto (a sandbox address, decision 0067). */
  depositWalletAddress: z.string().min(1),
  /** Until when a deposit is awaited: past it a `waitingForDeposit` sell fails `timeout_deposit`. */
  depositExpiresAt: IsoTimestamp,
  depositHash: z.string().nullable(),
  bankAccountId: z.string().nullable(),
  externalCustomerId: z.string().nullable(),
  externalTransactionId: z.string().nullable(),
  refundWalletAddress: z.string().min(1),
  stages: TransactionStages,
}

/** A sell transaction as a tenant keeps it: its currencies by code, their objects added when it is shown. */
export const SellTransactionRecord = z.strictObject({
  ...sellFields,
  baseCurrencyCode: z.string(),
  quoteCurrencyCode: z.string(),
})
export type SellTransactionRecord = z.infer<typeof SellTransactionRecord>

/**
 * A sell transaction as `GET /v3/sell_transactions/{id}` answers it and sell webhooks carry it: its currencies' objects
 * and their ids (`baseCurrencyId` the crypto's, `quoteCurrencyId` the fiat's, as the public reference lists them), and
 * the reference's other fields the sandbox can know (decision 0089), null where nothing in the sandbox sets them.
 */
export const SellTransaction = z.object({
  ...sellFields,
  baseCurrencyId: z.string().min(1),
  quoteCurrencyId: z.string().min(1),
  quoteCurrency: FiatCurrency,
  baseCurrency: CryptoCurrency,
  /** The partner's account, as `GET /v4/accounts/me` names it (`id`). */
  accountId: z.string().min(1),
  /** The refund's transaction hash: set when the sell failed `refund` after its deposit arrived (the deposit went back). */
  refundHash: z.string().nullable(),
  /** Until when the sell's price holds: its deposit window (`depositExpiresAt`; the reference's examples show 20 and 30 min). */
  quoteExpiresAt: IsoTimestamp,
  /** When the service asked the customer for a refund address; null: the sandbox takes it when the sell is made. */
  refundWalletAddressRequestedAt: IsoTimestamp.nullable(),
  /** When the service emailed the customer that the quote expired; null: the sandbox sends no email. */
  quoteExpiredEmailSentAt: IsoTimestamp.nullable(),
  /** Where the service's widget sends the customer afterwards; null: control-API sells are not made in the hosted widget. */
  widgetRedirectUrl: z.string().nullable(),
  /** Confirmations of the deposit on its chain; null: the sandbox does not model confirmations. */
  confirmations: z.number().int().nonnegative().nullable(),
  /** The service's id of the deposit wallet; null: the sandbox keeps no wallets, only `depositWalletAddress`. */
  depositWalletId: z.string().nullable(),
  /** The state of a refund awaiting approval; null: the sandbox's refunds need none. */
  refundApprovalStatus: z.string().nullable(),
  /** An integrated sell's deposit details; null: the sandbox has no integrated sells. */
  integratedSellDepositInfo: z.record(z.string(), z.unknown()).nullable(),
  /** `principal`, as every example of the reference shows it (the reference names no other value). */
  flow: z.literal('principal'),
})
export type SellTransaction = z.infer<typeof SellTransaction>

/** Answer of `GET /v3/sell_transactions/ext/{externalTransactionId}` and `GET /v3/sell_transactions`. */
export const SellTransactionList = z.array(SellTransaction)
export type SellTransactionList = z.infer<typeof SellTransactionList>

const Text = (field: string, max = 128) =>
  z
    .string({ error: `${field} must be a string` })
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`)
const CurrencyCodeText = (field: string) => Text(field, 32).transform((code) => code.toLowerCase())

/**
 * Body of `POST /__sandbox/sell_transactions`: a sell-quote-like request for a customer (default: the seeded
 * `active.us-ny` customer). Amounts are JSON numbers; the sell quote's rules then apply as they do to its query.
 */
export const CreateSellTransactionRequest = z.strictObject({
  customerId: Text('customerId').optional(),
  baseCurrencyCode: CurrencyCodeText('baseCurrencyCode'),
  quoteCurrencyCode: CurrencyCodeText('quoteCurrencyCode'),
  baseCurrencyAmount: z
    .number({ error: 'baseCurrencyAmount must be a number' })
    .positive('baseCurrencyAmount must be positive')
    .max(1e15, 'baseCurrencyAmount must be at most 1e15'),
  payoutMethod: RequestPayoutMethod.optional(),
  extraFeePercentage: z
    .number({ error: 'extraFeePercentage must be a number' })
    .int('extraFeePercentage must be an integer from 0 to 10')
    .min(0, 'extraFeePercentage must be at least 0')
    .max(10, 'extraFeePercentage must be at most 10')
    .optional(),
  externalTransactionId: Text('externalTransactionId').optional(),
  externalCustomerId: Text('externalCustomerId').optional(),
  refundWalletAddress: Text('refundWalletAddress', 256).optional(),
})
export type CreateSellTransactionRequest = z.infer<typeof CreateSellTransactionRequest>

/** Body of `POST /__sandbox/sell_transactions/{id}/deposit`: the crypto amount that arrived, and its hash (default: a seeded one). */
export const SellDepositRequest = z.strictObject({
  amount: z
    .number({ error: 'amount must be a number' })
    .positive('amount must be positive')
    .max(1e15, 'amount must be at most 1e15'),
  hash: Text('hash', 256).optional(),
})
export type SellDepositRequest = z.infer<typeof SellDepositRequest>

/** Body of `POST /__sandbox/sell_transactions/{id}/fail`. */
export const FailSellTransactionRequest = z.strictObject({ failureReason: SellFailureReason.default('error') })
export type FailSellTransactionRequest = z.infer<typeof FailSellTransactionRequest>

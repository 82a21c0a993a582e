import { z } from 'zod'
import { CryptoCurrency, IsoTimestamp } from './currency.ts'
import { DecimalString, SwapQuoteClaims } from './swap.ts'

/** Swap statuses (the public reference's). */
export const SwapStatus = z.enum([
  'waitingForDepositAddressGeneration',
  'waitingForDeposit',
  'screeningWalletAddress',
  'executingSwap',
  'reQuoteRequired',
  'frozen',
  'completed',
  'failed',
])
export type SwapStatus = z.infer<typeof SwapStatus>

/** Why a swap failed (the public reference's). */
export const SwapFailureReason = z.enum([
  'customerLimitsExceeded',
  'depositAmountIncorrect',
  'depositAmountOutsideLimits',
  'walletGenerationFailed',
  'assetSwapFailed',
  'invalidQuote',
  'depositNotFound',
  'refundAddressNotSet',
  'invalidDepositAmount',
  'noDepositWithinTimeframe',
  'invalidTransaction',
])
export type SwapFailureReason = z.infer<typeof SwapFailureReason>

const Tag = z.string().min(1).max(64).nullable().optional()
const Address = z.string().min(1).max(256)

/** Body of `POST /v4/swap/execute_quote`: the quote's signature, the partner's id for the swap, and the customer's wallets. */
export const ExecuteSwapRequest = z.strictObject({
  signature: z.string().min(1).max(4096),
  externalTransactionId: z.string().min(1).max(128),
  walletAddresses: z.strictObject({
    destinationWalletAddress: Address,
    destinationWalletAddressTag: Tag,
    refundWalletAddress: Address,
    refundWalletAddressTag: Tag,
  }),
})
export type ExecuteSwapRequest = z.infer<typeof ExecuteSwapRequest>

/** Body of `POST /v4/swap/reject_requote`: the requote's signature, the swap's external id, where to refund the deposit. */
export const RejectRequoteRequest = z.strictObject({
  signature: z.string().min(1).max(4096),
  externalTransactionId: z.string().min(1).max(128),
  walletAddresses: z.strictObject({ refundWalletAddress: Address, refundWalletAddressTag: Tag }),
})
export type RejectRequoteRequest = z.infer<typeof RejectRequoteRequest>

/** A wallet of a swap: an address and its tag (memo), null where the currency takes none. */
export const SwapWallet = z.object({ address: z.string(), tag: z.string().nullable() })
export type SwapWallet = z.infer<typeof SwapWallet>

/** A swap as the tenant stores it: the quote it executes (its claims), wallets, status and the hashes of what moved. */
export const SwapRecord = z.strictObject({
  id: z.string(),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
  customerId: z.string(),
  externalTransactionId: z.string(),
  /** The quote executed: the first, or the requote once accepted. */
  quote: SwapQuoteClaims,
  /** The id of the quote first executed (a quote executes once). */
  quoteId: z.string(),
  requoteId: z.string().nullable(),
  status: SwapStatus,
  failureReason: SwapFailureReason.nullable(),
  depositWallet: SwapWallet.nullable(),
  destinationWallet: SwapWallet,
  refundWallet: SwapWallet,
  depositAmount: DecimalString.nullable(),
  depositHash: z.string().nullable(),
  destinationHash: z.string().nullable(),
  refundHash: z.string().nullable(),
  /** When the refund reached the refund wallet (`swap_refund_completed`); absent in state files written before it. */
  refundCompletedAt: IsoTimestamp.nullable().default(null),
  /** The test-mode swap trigger the quoted base amount set off, if any (`swapTriggers` of `GET /__sandbox/fixtures`). */
  trigger: z.string().nullable(),
  liveMode: z.boolean(),
})
export type SwapRecord = z.infer<typeof SwapRecord>

/** Answer of `POST /v4/swap/execute_quote`. */
export const SwapExecution = z.object({
  transactionId: z.string(),
  status: SwapStatus,
  baseCurrency: CryptoCurrency,
  quoteCurrency: CryptoCurrency,
  baseCurrencyAmount: DecimalString,
  quoteCurrencyAmount: DecimalString,
  feeAmount: DecimalString,
  extraFeeAmount: DecimalString,
  networkFeeAmount: DecimalString,
})
export type SwapExecution = z.infer<typeof SwapExecution>

/**
 * Answer of `GET /v4/swap/transaction/{id}` (and of the deposit control call, wrapped in `data`): with its currencies'
 * objects, as the quote and execute answers carry them (the public reference's swap transaction).
 */
export const SwapTransaction = z.object({
  id: z.string(),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
  status: SwapStatus,
  failureReason: SwapFailureReason.nullable(),
  pairName: z.string(),
  baseCurrencyCode: z.string(),
  quoteCurrencyCode: z.string(),
  baseCurrencyAmount: DecimalString,
  quoteCurrencyAmount: DecimalString,
  feeAmount: DecimalString,
  extraFeeAmount: DecimalString,
  networkFeeAmount: DecimalString,
  baseCurrency: CryptoCurrency,
  quoteCurrency: CryptoCurrency,
  exchangeRate: z.number().positive(),
  depositAmount: DecimalString.nullable(),
  depositWallet: SwapWallet.nullable(),
  destinationWallet: SwapWallet,
  refundWallet: SwapWallet,
  depositHash: z.string().nullable(),
  /** The swap's on-chain hash: the quote asset sent to the destination wallet (null until completed; the reference's name, §3.5). */
  transactionHash: z.string().nullable(),
  refundHash: z.string().nullable(),
  customerId: z.string(),
  externalTransactionId: z.string(),
  liveMode: z.boolean(),
})
export type SwapTransaction = z.infer<typeof SwapTransaction>

/** Answer of `POST /v4/swap/reject_requote`. */
export const RejectRequoteResult = z.object({ success: z.literal(true) })

/** Body of `POST /__sandbox/swaps/{id}/deposit`: what the customer sent to the deposit address, and its hash (default: made up). */
export const SwapDepositRequest = z.strictObject({
  amount: z.number().positive().max(1e12),
  hash: z.string().min(1).max(128).optional(),
})
export type SwapDepositRequest = z.infer<typeof SwapDepositRequest>

/** The steps a swap takes on the tenant clock (`swap:step` jobs, decisions 0068, 0088): `refunded` ends a refund. */
export const SwapStep = z.enum(['addressGenerated', 'screened', 'swapped', 'depositWindowClosed', 'refunded'])
export type SwapStep = z.infer<typeof SwapStep>

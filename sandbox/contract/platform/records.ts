import { z } from 'zod'
import { IsoTimestamp } from '../currency.ts'
import { CountryAlpha3, KycRequirement, KycStatus } from './customer.ts'
import { CustomerAddress, DocumentType, FileStatus, MAX_UPLOAD_BYTES, UploadContentType } from './customer-api.ts'
import { BuyQuote } from './buy-quote.ts'
import { StoredCard } from './payment-method.ts'
import { stagesOfStatus } from './failure-stage.ts'
import { Transaction } from './transaction.ts'

/**
 * What the sandbox stores about a customer (the wire `Customer` is a view of it).
 * `magic` names the DESIGN §5 test value a fixture customer stands for.
 */
export const CustomerRecord = z.object({
  id: z.string().min(1),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string().nullable(),
  country: CountryAlpha3,
  administrativeArea: z.string().nullable(),
  area: z.string().nullable(),
  kycStatus: KycStatus,
  requirements: z.array(KycRequirement),
  termsAcceptedAt: IsoTimestamp.nullable(),
  guest: z.boolean(),
  magic: z.string().nullable(),
  createdAt: IsoTimestamp,
  /** Submitted through the Customer API; absent on seeded customers. */
  address: CustomerAddress.nullable().optional(),
  /**
   * The identity check's own times and rejection count (decision 0088), from the first KYC change on; absent before
   * one (and in state files written before it).
   */
  identityCheck: z
    .object({ createdAt: IsoTimestamp, updatedAt: IsoTimestamp, rejections: z.number().int().min(0) })
    .optional(),
})
export type CustomerRecord = z.infer<typeof CustomerRecord>

/** A stored card and whose it is. */
export const CardRecord = StoredCard.extend({ customerId: z.string().min(1) })
export type CardRecord = z.infer<typeof CardRecord>

/** A stored transaction. */
export const TransactionRecord = Transaction
export type TransactionRecord = z.infer<typeof TransactionRecord>

/** A transaction as a state file keeps it: one written before stages has none, and gets those of its status. */
export const StoredTransaction = Transaction.extend({ stages: Transaction.shape.stages.optional() }).transform(
  (transaction): TransactionRecord => ({ ...transaction, stages: transaction.stages ?? stagesOfStatus(transaction) }),
)

/**
 * A file of the Customer API: `declaredSize` when the upload URL was issued,
 * `size` once the bytes arrived (the bytes themselves are not kept).
 */
export const UploadRecord = z.object({
  id: z.string().min(1),
  customerId: z.string().min(1),
  documentType: DocumentType,
  contentType: UploadContentType,
  declaredSize: z.number().int().min(1).max(MAX_UPLOAD_BYTES),
  size: z.number().int().min(1).max(MAX_UPLOAD_BYTES).nullable(),
  status: FileStatus,
  createdAt: IsoTimestamp,
  expiresAt: IsoTimestamp,
  uploadedAt: IsoTimestamp.nullable(),
  confirmedAt: IsoTimestamp.nullable(),
})
export type UploadRecord = z.infer<typeof UploadRecord>

/** A session created by the partner's server. */
export const SessionRecord = z.object({
  id: z.string().min(1),
  externalCustomerId: z.string(),
  deviceIp: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  customerId: z.string().nullable(),
  termsAcceptedAt: IsoTimestamp.nullable(),
  createdAt: IsoTimestamp,
  expiresAt: IsoTimestamp,
  revokedAt: IsoTimestamp.nullable(),
})
export type SessionRecord = z.infer<typeof SessionRecord>

/**
 * A verification challenge a buy frame asked for, resolved in the challenge
 * frame. It lives as long as its quote: `expiresAt` is the quote's. Flow `buy`
 * (test-mode triggers, kinds `wallet_ownership` and `cvv`): completing it
 * executes `quote`. Flow `identity` (kind `identity`: the buyer's KYC is not
 * approved): completing it approves the customer's KYC, and the buy frame goes
 * on with the purchase. `forcedError` is a sandbox trigger's error the
 * challenge frame reports instead of resolving.
 */
export const ChallengeRecord = z.object({
  id: z.string().min(1),
  flow: z.enum(['buy', 'identity']),
  kind: z.enum(['wallet_ownership', 'cvv', 'identity']),
  customerId: z.string().min(1),
  sessionId: z.string().min(1),
  status: z.enum(['open', 'completed', 'cancelled', 'failed', 'expired']),
  quote: BuyQuote,
  externalTransactionId: z.string().nullable(),
  forcedError: z.object({ code: z.string().min(1), message: z.string().min(1) }).nullable(),
  transactionId: z.string().nullable(),
  createdAt: IsoTimestamp,
  expiresAt: IsoTimestamp,
  resolvedAt: IsoTimestamp.nullable(),
})
export type ChallengeRecord = z.infer<typeof ChallengeRecord>

/** Everything a tenant is seeded with, besides the catalog. */
export const TenantSeed = z.object({
  customers: z.array(CustomerRecord),
  cards: z.array(CardRecord),
  transactions: z.array(TransactionRecord),
})
export type TenantSeed = z.infer<typeof TenantSeed>

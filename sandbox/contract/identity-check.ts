import { z } from 'zod'
import { IsoTimestamp } from './currency.ts'

/** Where an identity check is (the reference's identity-check page): started, under review, decided. */
export const IdentityCheckStatus = z.enum(['initiated', 'pending', 'completed'])

/** A decided check's result. */
export const IdentityCheckResult = z.enum(['clear', 'rejected'])

/** What a rejection lets the customer do next. */
export const IdentityCheckRejectType = z.enum(['final', 'retry', 'level2Request', 'level3Request'])

/** Why a check was rejected, as the reference spells the labels. */
export const IdentityCheckRejectLabel = z.enum(['Poor Image Quality', 'Document Incomplete', 'Expired Document', 'ID Not Supported', 'Data Mismatch', 'Address Mismatch', 'Other'])

/**
 * A customer's identity (KYC) check as `identity_check_updated` carries it (reference §3.6). `result` is null until the
 * check is `completed` (decision 0088: the reference types it a string and shows only decided checks).
 * Defined here for the identity check event; the objects work (issue 39, item 5) may own the schema.
 */
export const IdentityCheck = z.object({
  id: z.string().min(1),
  customerId: z.string().min(1),
  externalCustomerId: z.string().nullable(),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
  level: z.number().int().min(1),
  status: IdentityCheckStatus,
  result: IdentityCheckResult.nullable(),
  rejectType: IdentityCheckRejectType.nullable(),
  rejectLabels: z.array(IdentityCheckRejectLabel).nullable(),
  rejections: z.number().int().min(0),
  resultDescription: z.string().nullable(),
  escalationReasons: z.array(z.literal('kyc_review')).nullable(),
})
export type IdentityCheck = z.infer<typeof IdentityCheck>

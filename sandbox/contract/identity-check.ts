import { z } from 'zod'
import { IsoTimestamp } from './currency.ts'

/** Where a customer's identity check is (the public reference's): started, under review, decided. */
export const IdentityCheckStatus = z.enum(['initiated', 'pending', 'completed'])
export type IdentityCheckStatus = z.infer<typeof IdentityCheckStatus>

/** What a completed identity check decided. */
export const IdentityCheckResult = z.enum(['clear', 'rejected'])
export type IdentityCheckResult = z.infer<typeof IdentityCheckResult>

/** Whether a rejected customer may try again, and at which level (the public reference's values). */
export const IdentityRejectType = z.enum(['final', 'retry', 'level2Request', 'level3Request'])
export type IdentityRejectType = z.infer<typeof IdentityRejectType>

/** Why a check was rejected, as the public reference labels it. */
export const IdentityRejectLabel = z.enum([
  'Poor Image Quality',
  'Document Incomplete',
  'Expired Document',
  'ID Not Supported',
  'Data Mismatch',
  'Address Mismatch',
  'Other',
])
export type IdentityRejectLabel = z.infer<typeof IdentityRejectLabel>

/** Why a check went to a person for review. */
export const IdentityEscalationReason = z.enum(['kyc_review'])
export type IdentityEscalationReason = z.infer<typeof IdentityEscalationReason>

/**
 * A customer's identity (KYC) check, the `data` of the widget `identity_check_updated` webhook, field for field as the
 * public reference lists it. `result` is null until the check is `completed` (the reference shows results only of
 * completed checks); `rejectLabels` an array once decided, null before (decision 0088), `escalationReasons` an array
 * or null as in its examples.
 *
 * @example
 * IdentityCheck.parse(identityCheckOf(store, customer)).result // 'clear' once approved
 */
export const IdentityCheck = z.object({
  id: z.string().min(1),
  customerId: z.string().min(1),
  externalCustomerId: z.string().nullable(),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
  level: z.number().int().positive(),
  status: IdentityCheckStatus,
  result: IdentityCheckResult.nullable(),
  rejectType: IdentityRejectType.nullable(),
  rejectLabels: z.array(IdentityRejectLabel).nullable(),
  rejections: z.number().int().nonnegative(),
  resultDescription: z.string().nullable(),
  escalationReasons: z.array(IdentityEscalationReason).nullable(),
})
export type IdentityCheck = z.infer<typeof IdentityCheck>

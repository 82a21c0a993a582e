import { z } from 'zod'

/** The four stages of a buy transaction, in order (the service's `stages[]`). */
export const StageName = z.enum([
  'stage_one_ordering',
  'stage_two_verification',
  'stage_three_processing',
  'stage_four_delivery',
])
export type StageName = z.infer<typeof StageName>

/** Where a stage is. */
export const StageStatus = z.enum(['not_started', 'in_progress', 'success', 'failed'])
export type StageStatus = z.infer<typeof StageStatus>

/** Why a stage failed: the service's documented reasons. */
export const StageFailureReason = z.enum([
  'card_not_supported',
  'daily_purchase_limit_exceeded',
  'payment_authorization_declined',
  'timeout_3d_secure',
  'timeout_kyc_verification',
  'rejected_kyc',
  'rejected_card',
  'cancelled',
  'refund',
  'failed_testnet_withdrawal',
  'error',
])
export type StageFailureReason = z.infer<typeof StageFailureReason>

/** One stage of a transaction; `failureReason` only on a failed stage. */
export const TransactionStage = z.object({
  stage: StageName,
  status: StageStatus,
  failureReason: z.string().nullable(),
})
export type TransactionStage = z.infer<typeof TransactionStage>

/** The four stages, always all of them, in order. */
export const TransactionStages = z.array(TransactionStage).length(4)

/**
 * The stages of a transaction whose stage `current` is `status`: every stage before it succeeded, every stage after
 * it has not started; a failed stage carries `failureReason`.
 *
 * @example
 * stagesAt('stage_two_verification', 'in_progress') // ordering success, verification in_progress, the rest not_started
 * stagesAt('stage_four_delivery', 'success') // all four success
 */
export function stagesAt(
  current: StageName,
  status: 'in_progress' | 'success' | 'failed',
  failureReason: string | null = null,
): TransactionStage[] {
  const at = StageName.options.indexOf(current)
  return StageName.options.map((stage, index) => ({
    stage,
    status: index < at ? 'success' : index > at ? 'not_started' : status,
    failureReason: index === at && status === 'failed' ? failureReason : null,
  }))
}

/** The stage a transaction is at: the one in progress, or, once settled, the last that moved (failed or the final success). */
export function currentStage(stages: readonly TransactionStage[]): TransactionStage {
  return (
    stages.find((stage) => stage.status === 'in_progress' || stage.status === 'failed') ?? stages[stages.length - 1]!
  )
}

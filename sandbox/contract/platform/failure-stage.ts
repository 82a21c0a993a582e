import type { FailureCode, TransactionStatus } from './transaction.ts'
import { stagesAt, type StageFailureReason, type StageName, type TransactionStage } from './transaction-stages.ts'

/** Where a failure code fails a transaction, and the stage's reason (decision 0060). */
export interface StageFailure {
  stage: StageName
  failureReason: StageFailureReason
}

/**
 * Each wallet-pay failure code as a failed stage: every one is a payment failure, known when the payment is
 * authorised, so each fails `stage_two_verification`, with the documented reason nearest to it.
 */
const FAILURE_STAGES = new Map<FailureCode, StageFailure>([
  ['transactionNotAllowed', { stage: 'stage_two_verification', failureReason: 'daily_purchase_limit_exceeded' }],
  ['validationError', { stage: 'stage_two_verification', failureReason: 'rejected_card' }],
  ['serviceUnavailable', { stage: 'stage_two_verification', failureReason: 'error' }],
  ['authorizationDeclined', { stage: 'stage_two_verification', failureReason: 'payment_authorization_declined' }],
  ['unknown', { stage: 'stage_two_verification', failureReason: 'error' }],
  ['walletPayMerchantUnavailable', { stage: 'stage_two_verification', failureReason: 'card_not_supported' }],
])

/**
 * The stage a failure code fails and the stage's reason.
 *
 * @example
 * stageFailureOf('authorizationDeclined') // { stage: 'stage_two_verification', failureReason: 'payment_authorization_declined' }
 */
export function stageFailureOf(code: FailureCode): StageFailure {
  return FAILURE_STAGES.get(code)!
}

/**
 * The stages a transaction has for its status alone (a record from before stages, or a seeded one): pending is
 * verifying, completed has all four `success`, failed failed where its `failureCode` fails (`error` without one).
 *
 * @example
 * stagesOfStatus({ status: 'failed', failureCode: 'authorizationDeclined' })[1] // { stage: 'stage_two_verification', status: 'failed', failureReason: 'payment_authorization_declined' }
 */
export function stagesOfStatus(transaction: {
  status: TransactionStatus
  failureCode?: FailureCode | undefined
}): TransactionStage[] {
  switch (transaction.status) {
    case 'pending':
      return stagesAt('stage_two_verification', 'in_progress')
    case 'completed':
      return stagesAt('stage_four_delivery', 'success')
    case 'failed': {
      const failure = transaction.failureCode
        ? stageFailureOf(transaction.failureCode)
        : { stage: 'stage_two_verification' as const, failureReason: 'error' }
      return stagesAt(failure.stage, 'failed', failure.failureReason)
    }
  }
}

import type { FailTransactionRequest, FailureCode, TransactionRecord } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { settleTransaction } from './transactions.ts'
import { TEST_TRIGGERS } from './triggers.ts'

/** A pending transaction of the account: an unknown id is 404, a settled one 409. */
function pending(store: TenantStore, id: string): TransactionRecord {
  const transaction = store.transactions.get(id)
  if (!transaction) throw new SandboxError('not_found', `transaction ${id} does not exist in this account`)
  if (transaction.status !== 'pending')
    throw new SandboxError(
      'conflict',
      `transaction ${id} is already ${transaction.status}: only a pending transaction can be driven`,
    )
  return transaction
}

/** The sandbox's one text for a failure code: its test-mode trigger's `failureReason` (docs/triggers.md). */
function failureMessageOf(code: FailureCode): string {
  for (const { outcome } of TEST_TRIGGERS)
    if (outcome.kind === 'failure' && outcome.failureCode === code) return outcome.failureReason
  return 'The payment failed.'
}

/**
 * Completes a pending transaction now (`POST /__sandbox/transactions/{id}/complete`): every remaining stage passes,
 * in order, each with its `transaction_updated` webhook, then it settles `completed`. Its pending jobs then do nothing.
 *
 * @example
 * await completeTransaction(tenant, 'txn_…') // status completed, all four stages success
 */
export async function completeTransaction(tenant: Tenant, id: string): Promise<TransactionRecord> {
  const store = await tenant.store()
  pending(store, id)
  return settleTransaction(tenant, store, id, { status: 'completed' })
}

/**
 * Fails a pending transaction now (`POST /__sandbox/transactions/{id}/fail`) with `failureCode`, at `stage` (default:
 * the stage in progress) with the stage's `failureReason` (default: the code's, decision 0060); stages before a later
 * `stage` pass first, each with its webhook; then one `transaction_failed`. A stage that already succeeded is 409.
 *
 * @example
 * await failTransaction(tenant, 'txn_…', { failureCode: 'unknown', stage: 'stage_four_delivery', failureReason: 'failed_testnet_withdrawal' })
 */
export async function failTransaction(
  tenant: Tenant,
  id: string,
  request: FailTransactionRequest,
): Promise<TransactionRecord> {
  const store = await tenant.store()
  const transaction = pending(store, id)
  const { failureCode, stage, failureReason } = request
  if (stage !== undefined && transaction.stages.find((each) => each.stage === stage)?.status === 'success') {
    throw new SandboxError(
      'conflict',
      `stage ${stage} of transaction ${id} has already succeeded: fail the stage in progress or a later one`,
    )
  }
  const outcome = { status: 'failed' as const, failureCode, failureReason: failureMessageOf(failureCode) }
  return settleTransaction(tenant, store, id, outcome, {
    stage: stage ?? transaction.stages.find((each) => each.status === 'in_progress')?.stage,
    failureReason,
  })
}

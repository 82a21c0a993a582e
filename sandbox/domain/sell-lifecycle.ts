import {
  StageName,
  currentStage,
  stagesAt,
  type SellFailureReason,
  type SellTransaction,
  type SellTransactionRecord,
} from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { emitSellWebhook } from './sell-webhooks.ts'

/** How a pending sell settles. */
export type SellOutcome = { status: 'completed' } | { status: 'failed'; failureReason: SellFailureReason }

const order = (stage: StageName) => StageName.options.indexOf(stage)

/**
 * A pending sell's stage `stage`, in progress, succeeds and the next starts, with `sell_transaction_updated`; anything
 * else (settled, moved on, the last stage, which settlement passes) leaves it as it is. Answers the record.
 *
 * @example
 * await passSellStage(tenant, store, 'sell_…', 'stage_two_verification') // processing in progress
 */
export async function passSellStage(
  tenant: Tenant,
  store: TenantStore,
  id: string,
  stage: StageName,
): Promise<SellTransactionRecord | undefined> {
  const current = store.sellTransactions.get(id)
  if (current?.status !== 'pending') return current
  const at = currentStage(current.stages)
  const next = StageName.options[order(stage) + 1]
  if (at.stage !== stage || at.status !== 'in_progress' || next === undefined || next === 'stage_one_ordering')
    return current
  const updatedAt = tenant.clock.iso()
  const updated = (await store.sellTransactions.update(id, (draft) => {
    draft.stages = stagesAt(next, 'in_progress')
    draft.updatedAt = updatedAt
  }))!
  tenant.record('sell:stage', { sellTransactionId: id, stage, status: 'success', next })
  await emitSellWebhook(tenant, store, 'sell_transaction_updated', updated, 'pending')
  return updated
}

/**
 * Settles a pending sell: stages before delivery pass first, each with its webhook; then `completed` (every stage
 * `success`, `sell_transaction_updated`) or `failed` at delivery with the reason (`sell_transaction_failed`). One not
 * pending stays as it is (a job restored from a state file may run again).
 *
 * @example
 * await settleSellTransaction(tenant, store, 'sell_…', { status: 'completed' })
 */
export async function settleSellTransaction(
  tenant: Tenant,
  store: TenantStore,
  id: string,
  outcome: SellOutcome,
): Promise<SellTransactionRecord | undefined> {
  // At most one pass a stage: bounded whatever the stages hold, so a stage that does not move on cannot spin here.
  for (let pass = 0; pass < StageName.options.length; pass++) {
    const current = store.sellTransactions.get(id)
    if (current?.status !== 'pending') return current
    const at = currentStage(current.stages)
    if (at.stage === 'stage_four_delivery') break
    await passSellStage(tenant, store, id, at.stage)
  }
  if (store.sellTransactions.get(id)?.status !== 'pending') return store.sellTransactions.get(id)
  const updatedAt = tenant.clock.iso()
  const settled = (await store.sellTransactions.update(id, (draft) => {
    draft.status = outcome.status
    draft.failureReason = outcome.status === 'failed' ? outcome.failureReason : null
    draft.stages =
      outcome.status === 'failed'
        ? stagesAt('stage_four_delivery', 'failed', outcome.failureReason)
        : stagesAt('stage_four_delivery', 'success')
    draft.updatedAt = updatedAt
  }))!
  tenant.record(outcome.status === 'completed' ? 'sell:completed' : 'sell:failed', {
    sellTransactionId: id,
    ...outcome,
  })
  await emitSellWebhook(
    tenant,
    store,
    outcome.status === 'completed' ? 'sell_transaction_updated' : 'sell_transaction_failed',
    settled,
    'pending',
  )
  return settled
}

/**
 * Fails a sell now at the stage in progress (`waitingForDeposit`: ordering) with `failureReason`, with
 * `sell_transaction_failed`; a settled sell is 409.
 *
 * @example
 * await failSellNow(tenant, store, 'sell_…', 'cancelled') // failed, ordering failed `cancelled`
 */
export async function failSellNow(
  tenant: Tenant,
  store: TenantStore,
  id: string,
  failureReason: SellFailureReason,
): Promise<SellTransaction> {
  const current = store.sellTransactions.get(id)
  if (!current) throw new SandboxError('not_found', `sell transaction ${id} does not exist in this account`)
  if (current.status === 'failed' || current.status === 'completed')
    throw new SandboxError(
      'conflict',
      `sell transaction ${id} is already ${current.status}${current.failureReason ? ` (${current.failureReason})` : ''}`,
    )
  const updatedAt = tenant.clock.iso()
  // Read before the update, which changes the record in place.
  const before = current.status
  const failed = (await store.sellTransactions.update(id, (draft) => {
    draft.status = 'failed'
    draft.failureReason = failureReason
    draft.stages = stagesAt(currentStage(draft.stages).stage, 'failed', failureReason)
    draft.updatedAt = updatedAt
  }))!
  tenant.record('sell:failed', { sellTransactionId: id, failureReason })
  return emitSellWebhook(tenant, store, 'sell_transaction_failed', failed, before)
}

/**
 * What a `sell:expire` job does: a sell still `waitingForDeposit` fails `timeout_deposit`; any other is left alone.
 *
 * @example
 * await expireSellTransaction(tenant, store, 'sell_…')
 */
export async function expireSellTransaction(tenant: Tenant, store: TenantStore, id: string): Promise<void> {
  if (store.sellTransactions.get(id)?.status === 'waitingForDeposit')
    await failSellNow(tenant, store, id, 'timeout_deposit')
}

import { StageName, currentStage, stagesAt, type TransactionRecord } from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { emitBuyWebhooks } from './buy-webhooks.ts'
import { widgetStatusOf } from './widget-transaction.ts'

/**
 * Sandbox ms after execution at which a stage succeeds and the next starts (decision 0060): verification (the payment
 * authorised) at 5 s, processing (the crypto sent) at 10 s. Ordering succeeds at execution; delivery at settlement.
 */
const STAGE_PASSES_AFTER_MS = new Map<StageName, number>([
  ['stage_two_verification', 5_000],
  ['stage_three_processing', 10_000],
])

const order = (stage: StageName) => StageName.options.indexOf(stage)

/**
 * Schedules a new transaction's stage changes on the tenant clock, each a `transaction:stage` job, those that come
 * before its settlement `settleAfterMs` after `executedAt`.
 *
 * @example
 * scheduleStages(tenant, store, transaction.id, tenant.clock.now(), 20_000) // jobs at +5 s and +10 s
 */
export function scheduleStages(
  tenant: Tenant,
  store: TenantStore,
  transactionId: string,
  executedAt: number,
  settleAfterMs: number,
): void {
  for (const [stage, after] of STAGE_PASSES_AFTER_MS) {
    if (after < settleAfterMs)
      tenant.scheduleJob(store, { kind: 'transaction:stage', at: executedAt + after, transactionId, stage })
  }
}

/**
 * A pending transaction's stage `stage`, in progress, succeeds and the next starts: `updatedAt` moves, the change is
 * journaled `transaction:stage` and a `transaction_updated` webhook carries the widget buy (and `transaction.updated` the record). Anything else (settled, driven
 * on, another stage in progress, the last stage, which only settlement passes) leaves it as it is: a job restored
 * from a state file after the transaction moved on does nothing.
 *
 * @example
 * await passStage(tenant, store, 'txn_…', 'stage_two_verification') // processing is now in_progress
 */
export async function passStage(
  tenant: Tenant,
  store: TenantStore,
  transactionId: string,
  stage: StageName,
): Promise<TransactionRecord | undefined> {
  const current = store.transactions.get(transactionId)
  if (current?.status !== 'pending') return current
  const at = currentStage(current.stages)
  const next = StageName.options[order(stage) + 1]
  if (at.stage !== stage || at.status !== 'in_progress' || next === undefined) return current
  const updatedAt = tenant.clock.iso()
  // Read before the update, which changes the record in place.
  const before = widgetStatusOf(current)
  const updated = (await store.transactions.update(transactionId, (draft) => {
    draft.stages = stagesAt(next, 'in_progress')
    draft.updatedAt = updatedAt
  }))!
  tenant.record('transaction:stage', { transactionId, stage, status: 'success', next })
  await emitBuyWebhooks(tenant, store, 'transaction_updated', updated, before)
  return updated
}

/**
 * Passes a pending transaction's stages one by one, in order, each as {@link passStage} does (journaled, its
 * webhook), until the stage in progress is `target` or after it.
 *
 * @example
 * await passStagesBefore(tenant, store, 'txn_…', 'stage_four_delivery') // delivery is now in_progress
 */
export async function passStagesBefore(
  tenant: Tenant,
  store: TenantStore,
  transactionId: string,
  target: StageName,
): Promise<void> {
  // At most one pass a stage: bounded whatever the stages hold, so a stage that does not move on cannot spin here.
  for (let pass = 0; pass < StageName.options.length; pass++) {
    const current = store.transactions.get(transactionId)
    if (current?.status !== 'pending') return
    const at = currentStage(current.stages)
    if (at.status !== 'in_progress' || order(at.stage) >= order(target)) return
    await passStage(tenant, store, transactionId, at.stage)
  }
}

/** Of two stages, the later. */
export function laterStage(a: StageName, b: StageName): StageName {
  return order(a) >= order(b) ? a : b
}

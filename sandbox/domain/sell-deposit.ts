import { stagesAt, type SellTransaction } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import type { SellOutcome } from './sell-lifecycle.ts'
import { sellTriggerFor } from './sell-triggers.ts'
import { emitSellWebhook } from './sell-webhooks.ts'

/** Sandbox seconds from the deposit to settlement (decision 0067): as a buy, 20 s. */
const SELL_SETTLEMENT_SECONDS = 20

/** Sandbox ms after the deposit at which a stage succeeds and the next starts: verification at 5 s, processing at 10 s. */
const SELL_STAGE_PASSES_AFTER_MS = [
  ['stage_two_verification', 5_000],
  ['stage_three_processing', 10_000],
] as const

/** A deposit that arrived: the crypto amount, and its transaction hash. */
interface SellDeposit {
  amount: number
  hash: string
}

/**
 * The customer's crypto deposit for a sell waiting for it. The exact amount moves it to `pending` (ordering done,
 * verification in progress; `sell_transaction_updated`), its stages pass on the tenant clock (+5 s, +10 s) and it
 * settles `SELL_SETTLEMENT_SECONDS` later: `completed`, or `failed` `error` at delivery for a payout trigger. Any other
 * amount fails it at once (`refund` at verification: the deposit goes back to `refundWalletAddress`;
 * `sell_transaction_failed`). 404 unknown; 409 when it is not waiting for a deposit.
 *
 * @example
 * await recordDeposit(tenant, store, 'sell_…', { amount: 0.5, hash: '0xabc…' }) // status pending
 * tenant.clock.advance(20_000); await tenant.clock.settled() // completed
 */
export async function recordDeposit(
  tenant: Tenant,
  store: TenantStore,
  id: string,
  deposit: SellDeposit,
): Promise<SellTransaction> {
  const current = store.sellTransactions.get(id)
  if (!current) throw new SandboxError('not_found', `sell transaction ${id} does not exist in this account`)
  if (current.status !== 'waitingForDeposit') {
    throw new SandboxError(
      'conflict',
      `sell transaction ${id} is ${current.status}${current.failureReason ? ` (${current.failureReason})` : ''}: only a sell waiting for its deposit takes one`,
    )
  }
  const matches = deposit.amount === current.baseCurrencyAmount
  const now = tenant.clock.now()
  const updated = (await store.sellTransactions.update(id, (draft) => {
    draft.depositHash = deposit.hash
    draft.updatedAt = tenant.clock.iso()
    draft.status = matches ? 'pending' : 'failed'
    draft.failureReason = matches ? null : 'refund'
    draft.stages = matches
      ? stagesAt('stage_two_verification', 'in_progress')
      : stagesAt('stage_two_verification', 'failed', 'refund')
  }))!
  tenant.record('sell:deposit', {
    sellTransactionId: id,
    amount: deposit.amount,
    hash: deposit.hash,
    expected: current.baseCurrencyAmount,
  })
  if (!matches) return emitSellWebhook(tenant, store, 'sell_transaction_failed', updated, 'waitingForDeposit')
  for (const [stage, after] of SELL_STAGE_PASSES_AFTER_MS)
    tenant.scheduleJob(store, { kind: 'sell:stage', at: now + after, sellTransactionId: id, stage })
  const trigger = sellTriggerFor(tenant.mode, current.baseCurrencyAmount)
  const outcome: SellOutcome =
    trigger?.outcome.kind === 'payoutFails'
      ? { status: 'failed', failureReason: trigger.outcome.failureReason }
      : { status: 'completed' }
  tenant.scheduleJob(store, {
    kind: 'sell:settle',
    at: now + SELL_SETTLEMENT_SECONDS * 1000,
    sellTransactionId: id,
    outcome,
  })
  return emitSellWebhook(tenant, store, 'sell_transaction_updated', updated, 'waitingForDeposit')
}

import {
  currentStage,
  stageFailureOf,
  stagesAt,
  type BuyQuote,
  type FailureCode,
  type StageFailureReason,
  type StageName,
  type TransactionRecord,
} from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { verifyBuyQuote } from './buy-quote.ts'
import { quoteBoundsProblem } from './buy-quote-checks.ts'
import { isoTime } from './iso-time.ts'
import { newId } from './new-id.ts'
import { laterStage, passStagesBefore, scheduleStages } from './transaction-stages.ts'
import { emitBuyWebhooks } from './buy-webhooks.ts'
import { widgetStatusOf } from './widget-transaction.ts'

/** Sandbox seconds from execution to settlement. */
const SETTLEMENT_SECONDS = 20

/** How a transaction settles: completed, or failed with a code and reason. */
export type SettlementOutcome =
  | { status: 'completed' }
  | { status: 'failed'; failureCode: FailureCode; failureReason: string }

/** Where a failure fails, when not where its code does (`stageFailureOf`): the stage, and the stage's reason. */
export interface FailAt {
  stage?: StageName | undefined
  failureReason?: StageFailureReason | undefined
}

/** Options of `executeBuyQuote`. */
export interface ExecuteOptions {
  externalTransactionId?: string
  /** How it settles (default completed); the frames' test-mode triggers choose others. */
  outcome?: SettlementOutcome
  /** Sandbox ms until it settles (default `SETTLEMENT_SECONDS`); 0 settles before returning (a failure known at once). */
  settleAfterMs?: number
  /** Where a failed outcome fails, when not where its code does (a cancelled challenge fails verification, `cancelled`). */
  failAt?: FailAt
}

/**
 * Executes a signed buy quote for its customer: refused when the signature is
 * tampered or expired, or the amounts are out of the currencies' buy bounds; idempotent on `externalTransactionId` (the same id returns
 * the same transaction). The transaction starts `pending` (ordering done, verification in progress), passes its
 * stages on the tenant clock (`STAGE_PASSES_AFTER_MS`) and settles `SETTLEMENT_SECONDS` later.
 *
 * @example
 * const txn = await executeBuyQuote(tenant, store, 'cus_…', quote, { externalTransactionId: 'order-1' })
 * tenant.clock.advance(20_000)
 * await tenant.clock.settled() // txn is now completed
 */
export async function executeBuyQuote(
  tenant: Tenant,
  store: TenantStore,
  customerId: string,
  quote: BuyQuote,
  options: ExecuteOptions = {},
): Promise<TransactionRecord> {
  const { externalTransactionId } = options
  if (externalTransactionId !== undefined) {
    const existing = store.transactions.where('byExternalId', `${customerId} ${externalTransactionId}`)[0]
    if (existing) return existing
  }
  const verdict = verifyBuyQuote(tenant, customerId, quote)
  if (verdict === 'tampered')
    throw SandboxError.invalidField(
      'quote.signature',
      'quote.signature does not match the quote: it was changed or made for another customer',
    )
  if (verdict === 'expired')
    throw SandboxError.invalidField('quote.expiresAt', 'the quote has expired: get a new quote')
  const outOfBounds = quoteBoundsProblem(tenant.catalog, quote)
  if (outOfBounds)
    throw SandboxError.invalidField(
      outOfBounds.bound === 'fiat' ? 'quote.totalAmount' : 'quote.destination.amount',
      outOfBounds.message,
    )
  const now = tenant.clock.now()
  const transaction = await store.transactions.create({
    id: newId(tenant, store, 'txn'),
    externalTransactionId: externalTransactionId ?? null,
    customerId,
    status: 'pending',
    source: quote.source,
    destination: quote.destination,
    totalAmount: quote.totalAmount,
    fees: quote.fees,
    wallet: quote.wallet!,
    paymentMethod: quote.paymentMethod!,
    stages: stagesAt('stage_two_verification', 'in_progress'),
    createdAt: isoTime(now),
    updatedAt: isoTime(now),
  })
  tenant.record('transaction:created', { transactionId: transaction.id, customerId })
  await emitBuyWebhooks(tenant, store, 'transaction_created', transaction)
  const outcome = options.outcome ?? { status: 'completed' }
  const delay = options.settleAfterMs ?? SETTLEMENT_SECONDS * 1000
  if (delay === 0) return settleTransaction(tenant, store, transaction.id, outcome, options.failAt)
  if (outcome.status === 'completed') scheduleStages(tenant, store, transaction.id, now, delay)
  tenant.scheduleJob(store, { kind: 'transaction:settle', at: now + delay, transactionId: transaction.id, outcome })
  return transaction
}

/**
 * Settles a pending transaction with its outcome, journaled `transaction:completed` or `transaction:failed`. Stages
 * still ahead of where it settles pass first, in order, each with its webhook (`passStagesBefore`): a completed
 * transaction has all four `success`; a failed one fails at `failAt.stage` (default: where its code fails, or the stage
 * in progress if that is later), with `failAt.failureReason` (default: its code's), and the stages after it stay
 * `not_started`. One already settled stays as it is (a job restored from a state file may run again).
 */
export async function settleTransaction(
  tenant: Tenant,
  store: TenantStore,
  id: string,
  outcome: SettlementOutcome,
  failAt: FailAt = {},
): Promise<TransactionRecord> {
  const current = store.transactions.get(id)
  if (current && current.status !== 'pending') return current
  const failure = outcome.status === 'failed' ? stageFailureOf(outcome.failureCode) : undefined
  await passStagesBefore(tenant, store, id, failAt.stage ?? failure?.stage ?? 'stage_four_delivery')
  const at = tenant.clock.iso()
  // The widget status once its stages passed, the one its last webhook carried (decision 0090), read before the update changes the record.
  const before = widgetStatusOf(store.transactions.get(id)!)
  const settled = await store.transactions.update(id, (draft) => {
    const stages = failure
      ? stagesAt(
          laterStage(failAt.stage ?? failure.stage, currentStage(draft.stages).stage),
          'failed',
          failAt.failureReason ?? failure.failureReason,
        )
      : stagesAt('stage_four_delivery', 'success')
    Object.assign(draft, outcome, { stages, updatedAt: at })
  })
  tenant.record(outcome.status === 'completed' ? 'transaction:completed' : 'transaction:failed', {
    transactionId: id,
    ...outcome,
  })
  await emitBuyWebhooks(
    tenant,
    store,
    outcome.status === 'completed' ? 'transaction_updated' : 'transaction_failed',
    settled!,
    before,
  )
  return settled!
}

/** One of the customer's transactions; another customer's (or an unknown) id is 404. */
export function getTransaction(store: TenantStore, customerId: string, id: string): TransactionRecord {
  const transaction = store.transactions.get(id)
  if (!transaction || transaction.customerId !== customerId)
    throw new SandboxError('not_found', `transaction ${id} is not a transaction of this customer`)
  return transaction
}

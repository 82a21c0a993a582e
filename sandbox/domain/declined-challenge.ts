import type { ChallengeRecord } from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { finishChallenge } from './challenges.ts'
import { executeBuyQuote } from './transactions.ts'

/** What a buy frame reports, as `failureReason`, for a challenge that ended without the customer verifying. */
export function declinedChallengeReason(record: Pick<ChallengeRecord, 'status' | 'forcedError'>): string {
  return record.status === 'cancelled'
    ? 'The customer cancelled the verification challenge.'
    : `The verification challenge failed (${record.forcedError?.code ?? 'unknown'}).`
}

/**
 * Ends an open challenge that the customer cancelled or a sandbox trigger failed (decision 0063). A buy challenge's
 * purchase fails: its quote becomes a transaction failed at once, `authorizationDeclined`, its verification stage
 * failed (`cancelled`, or `error` for a failed challenge), with `transaction_created` and `transaction_failed`
 * webhooks; the challenge keeps the transaction's id for the waiting buy frame. An identity challenge only ends (the
 * purchase never started).
 *
 * @example
 * await declineChallenge(tenant, store, record, 'cancelled') // record.transactionId names a failed transaction
 */
export async function declineChallenge(
  tenant: Tenant,
  store: TenantStore,
  record: ChallengeRecord,
  status: 'cancelled' | 'failed',
): Promise<ChallengeRecord | undefined> {
  if (record.flow !== 'buy') return finishChallenge(tenant, store, record.id, status)
  const failureReason = declinedChallengeReason({ status, forcedError: record.forcedError })
  const transaction = await executeBuyQuote(tenant, store, record.customerId, record.quote, {
    externalTransactionId: record.externalTransactionId ?? undefined,
    outcome: { status: 'failed', failureCode: 'authorizationDeclined', failureReason },
    settleAfterMs: 0,
    failAt: { stage: 'stage_two_verification', failureReason: status === 'cancelled' ? 'cancelled' : 'error' },
  })
  return finishChallenge(tenant, store, record.id, status, transaction.id)
}

import type { ScheduledJob } from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { finishChallenge } from './challenges.ts'
import { decideKyc } from './customers/verify-customer.ts'
import { expireSellTransaction, passSellStage, settleSellTransaction } from './sell-lifecycle.ts'
import { runSwapStep } from './swap-lifecycle.ts'
import { passStage } from './transaction-stages.ts'
import { settleTransaction } from './transactions.ts'
import { releaseShuffled, resumeDeliveries, retryDelivery } from './webhook-deliveries.ts'
import { flagDisallowedEndpoints } from './webhook-endpoints.ts'

/**
 * What a scheduled job does when the tenant clock reaches it: pass a transaction's stage, settle a transaction, decide a KYC check, expire a
 * challenge, attempt a webhook delivery (a retry, a delayed first attempt), release a shuffled window, move a sell
 * (expire it, pass a stage, settle it) or move a swap on. The tenant queues jobs (`tenant.scheduleJob`); this runs them, handed to the tenants when the core is made
 * (`createSandboxCore`), so the domain's modules that queue a job never import the one that runs it.
 *
 * @example
 * await runScheduledJob(tenant, store, { kind: 'challenge:expire', at: exp, challengeId })
 */
export function runScheduledJob(tenant: Tenant, store: TenantStore, job: ScheduledJob): Promise<unknown> {
  switch (job.kind) {
    case 'transaction:settle':
      return settleTransaction(tenant, store, job.transactionId, job.outcome)
    case 'transaction:stage':
      return passStage(tenant, store, job.transactionId, job.stage)
    case 'kyc:decide':
      return decideKyc(tenant, store, job.customerId, job.status)
    case 'challenge:expire':
      return finishChallenge(tenant, store, job.challengeId, 'expired')
    case 'webhook:retry':
    case 'webhook:attempt':
      return retryDelivery(tenant, store, job.deliveryId)
    case 'webhook:release':
      return releaseShuffled(tenant, store, job)
    case 'sell:expire':
      return expireSellTransaction(tenant, store, job.sellTransactionId)
    case 'sell:stage':
      return passSellStage(tenant, store, job.sellTransactionId, job.stage)
    case 'sell:settle':
      return settleSellTransaction(tenant, store, job.sellTransactionId, job.outcome)
    case 'swap:step':
      return runSwapStep(tenant, store, job.swapId, job.step)
  }
}

/**
 * What a tenant restored from a state file picks up once its saved jobs are scheduled again: webhook attempts that
 * were in flight (no job holds them); and what it warns of: endpoints whose host this sandbox does not allow.
 * Handed to the tenants beside `runScheduledJob`.
 *
 * @example
 * resumeRestoredWork(tenant, restoredStore)
 */
export function resumeRestoredWork(tenant: Tenant, store: TenantStore): void {
  flagDisallowedEndpoints(tenant, store)
  resumeDeliveries(tenant, store)
}

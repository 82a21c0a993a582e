import type { ScheduledJob } from '../contract/index.ts'
import type { Tenant } from '../kernel/tenant.ts'
import type { TenantStore } from '../kernel/store/tenant-store.ts'
import { finishChallenge } from './challenges.ts'
import { decideKyc } from './customers/verify-customer.ts'
import { passStage } from './transaction-stages.ts'
import { settleTransaction } from './transactions.ts'
import { retryDelivery } from './webhook-deliveries.ts'

/**
 * What a scheduled job does when the tenant clock reaches it: pass a transaction's stage, settle a transaction, decide a KYC check, expire a
 * challenge, retry a webhook delivery. The tenant queues jobs (`tenant.scheduleJob`); this runs them, handed to the tenants when the core is made
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
      return retryDelivery(tenant, store, job.deliveryId)
  }
}

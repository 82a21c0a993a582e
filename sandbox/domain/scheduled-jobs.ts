import type { ScheduledJob } from '../contract/index.ts'
import type { Tenant } from '../core/tenant.ts'
import type { TenantStore } from '../store/tenant-store.ts'
import { finishChallenge } from './challenges.ts'
import { decideKyc } from './customers/verify-customer.ts'
import { settleTransaction } from './transactions.ts'

/**
 * Schedules a job on the tenant clock, described as data: the tenant keeps it
 * in `tenant.jobs` until it runs, so a state file can keep it and a restart can
 * schedule it again (docs/decisions/0045). A closure could not be kept.
 *
 * @example
 * scheduleJob(tenant, store, { kind: 'challenge:expire', at: exp, challengeId: record.id })
 */
export function scheduleJob(tenant: Tenant, store: TenantStore, job: ScheduledJob): void {
  const jobs = tenant.jobs
  jobs.add(job)
  // Pending until it has run to its end: a snapshot taken meanwhile keeps it, and each job is safe to run twice.
  tenant.clock.schedule(job.at, () => runJob(tenant, store, job).finally(() => jobs.delete(job)))
}

function runJob(tenant: Tenant, store: TenantStore, job: ScheduledJob): Promise<unknown> {
  switch (job.kind) {
    case 'transaction:settle':
      return settleTransaction(tenant, store, job.transactionId, job.outcome)
    case 'kyc:decide':
      return decideKyc(tenant, store, job.customerId, job.status)
    case 'challenge:expire':
      return finishChallenge(tenant, store, job.challengeId, 'expired')
  }
}

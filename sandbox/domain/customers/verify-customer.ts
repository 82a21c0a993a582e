import type { Customer, KycStatus } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { toCustomer } from '../customer-view.ts'
import { emitWebhook } from '../webhook-deliveries.ts'
import { getCustomerDetails } from './get-customer.ts'
import { emitIdentityCheck, stampIdentityCheck } from './identity-check.ts'
import { loadCustomer } from './load-customer.ts'

/** How long a KYC review takes, in tenant time. */
const KYC_DECISION_DELAY_MS = 60_000

/**
 * Sandbox magic values: the customer's `lastName` (any case) picks the KYC
 * outcome. `Rejected` → `rejected`; `Pending` → stays `pending` forever;
 * anything else → `approved`.
 */
const KYC_MAGIC_LAST_NAMES = { rejected: 'rejected', pending: 'pending' } as const satisfies Record<string, KycStatus>

/**
 * The KYC outcome a last name asks for.
 *
 * @example
 * kycOutcome('Rejected') // 'rejected'
 * kycOutcome('Lovelace') // 'approved'
 */
function kycOutcome(lastName: string): 'approved' | 'rejected' | 'pending' {
  const magic = lastName.trim().toLowerCase()
  return magic in KYC_MAGIC_LAST_NAMES ? KYC_MAGIC_LAST_NAMES[magic as keyof typeof KYC_MAGIC_LAST_NAMES] : 'approved'
}

/** The KYC decision a submission scheduled, when its time comes (`customer.identity_status_updated`, `identity_check_updated`). */
export async function decideKyc(
  tenant: Tenant,
  store: TenantStore,
  customerId: string,
  status: 'approved' | 'rejected',
): Promise<void> {
  // A customer decided meanwhile (approved in the challenge frame's identity verification) keeps that decision.
  if (store.customers.get(customerId)?.kycStatus !== 'pending') return
  // Journaled synchronously, at the decision's instant; `clock.settled()` waits for the write.
  tenant.record('kyc:decided', { customerId, status })
  await store.customers.update(customerId, (draft) => {
    draft.kycStatus = status
    stampIdentityCheck(draft, tenant.clock.iso())
  })
  await emitWebhook(tenant, store, 'customer.identity_status_updated', () => getCustomerDetails(tenant, customerId))
  await emitIdentityCheck(tenant, store, customerId)
}

/**
 * Submits a customer for verification: 409 while requirements are outstanding
 * or a decision is under way or made; otherwise `kyc.status` becomes `pending`
 * and a decision follows 60 s later on the tenant clock (see `kycOutcome`).
 *
 * @example
 * await verifyCustomer(tenant, 'cus_abc') // { kyc: { status: 'pending', requirements: [] }, … }
 */
export async function verifyCustomer(tenant: Tenant, customerId: string): Promise<Customer> {
  const { store, record } = await loadCustomer(tenant, customerId)
  if (record.requirements.length > 0) {
    const list = record.requirements.join(', ')
    const errors = record.requirements.map((requirement) => ({
      field: 'kyc.requirements',
      message: `${requirement} is outstanding`,
    }))
    throw new SandboxError(
      'conflict',
      `customer ${customerId} cannot be verified until its outstanding requirements are met: ${list}`,
      errors,
    )
  }
  if (record.kycStatus === 'pending' || record.kycStatus === 'approved') {
    throw new SandboxError(
      'conflict',
      `customer ${customerId} cannot be verified again: kyc.status is already ${record.kycStatus}`,
    )
  }
  const outcome = kycOutcome(record.lastName)
  const updated = await store.customers.update(customerId, (draft) => {
    draft.kycStatus = 'pending'
    stampIdentityCheck(draft, tenant.clock.iso())
  })
  if (!updated) throw new SandboxError('not_found', `customer ${customerId} does not exist for this account`)
  const decidesAt = outcome === 'pending' ? null : new Date(tenant.clock.now() + KYC_DECISION_DELAY_MS).toISOString()
  tenant.record('kyc:submitted', { customerId, decidesAt })
  if (outcome !== 'pending')
    tenant.scheduleJob(store, {
      kind: 'kyc:decide',
      at: tenant.clock.now() + KYC_DECISION_DELAY_MS,
      customerId,
      status: outcome,
    })
  await emitWebhook(tenant, store, 'customer.identity_status_updated', () => getCustomerDetails(tenant, customerId))
  await emitIdentityCheck(tenant, store, customerId)
  return toCustomer(tenant, updated)
}

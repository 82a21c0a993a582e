import type { CustomerRecord, Identity } from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { emitWebhook } from '../webhook-deliveries.ts'
import { getCustomerDetails } from './get-customer.ts'
import { emitIdentityCheck, identityIdOf, stampIdentityCheck } from './identity-check.ts'
import { loadCustomer } from './load-customer.ts'

// Kept where the identity calls always imported it from; it lives beside the identity check it names.
export { identityIdOf } from './identity-check.ts'

/**
 * Whether a buyer must verify their identity in the challenge frame before a
 * purchase proceeds: KYC not approved (a customer onboarded through
 * `getConnection({skipKyc})` and `setupAuth`, say). A guest-checkout customer
 * of a partner with guest checkout buys without it: that is what guest checkout is.
 *
 * @example
 * needsIdentityVerification(tenant, customer) // true while customer.kycStatus is 'not_started'
 */
export function needsIdentityVerification(tenant: Tenant, customer: CustomerRecord): boolean {
  if (customer.guest && tenant.settings.capabilities.guestCheckout) return false
  return customer.kycStatus !== 'approved'
}

/**
 * Records an identity verification the customer completed in the challenge
 * frame: KYC `approved` at once, the details, document and selfie
 * requirements cleared (sandbox rule: the frame stands for those checks). A
 * decision the Customer API's verify scheduled no longer lands on it.
 *
 * @example
 * await approveIdentity(tenant, 'cus_abc') // { kycStatus: 'approved', requirements: [], … }
 */
export async function approveIdentity(tenant: Tenant, customerId: string): Promise<CustomerRecord> {
  const { store } = await loadCustomer(tenant, customerId)
  const updated = await store.customers.update(customerId, (draft) => {
    draft.kycStatus = 'approved'
    draft.requirements = draft.requirements.filter((requirement) => requirement === 'terms_acceptance')
    stampIdentityCheck(draft, tenant.clock.iso())
  })
  tenant.record('kyc:decided', {
    customerId,
    status: 'approved',
    via: 'identity-challenge',
    identityId: identityIdOf(customerId),
  })
  await emitWebhook(tenant, store, 'customer.identity_status_updated', () => getCustomerDetails(tenant, customerId))
  await emitIdentityCheck(tenant, store, customerId)
  return updated!
}

/**
 * A customer's identity as the deprecated web identity calls read it: the
 * Customer API's read (`getCustomerDetails`) with the `identityId`.
 *
 * @example
 * await getIdentity(tenant, 'cus_abc') // { identityId: 'idn_abc', id: 'cus_abc', kyc: { … }, details: { … }, files: [] }
 */
export async function getIdentity(tenant: Tenant, customerId: string): Promise<Identity> {
  return { identityId: identityIdOf(customerId), ...(await getCustomerDetails(tenant, customerId)) }
}

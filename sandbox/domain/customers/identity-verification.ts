import type { CustomerRecord } from '../../contract/index.ts'
import type { Tenant } from '../../core/tenant.ts'
import { loadCustomer } from './load-customer.ts'

/**
 * The id of a customer's identity (the KYC record the challenge frame's
 * identity `complete` and the web identity calls name): one per customer, the
 * customer id's suffix under `idn_`, so it is stable and needs no storage.
 *
 * @example
 * identityIdOf('cus_Ab12Cd34Ef56Gh78') // 'idn_Ab12Cd34Ef56Gh78'
 */
export function identityIdOf(customerId: string): string {
  return `idn_${customerId.replace(/^cus_/, '')}`
}

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
  })
  tenant.record('kyc:decided', { customerId, status: 'approved', via: 'identity-challenge', identityId: identityIdOf(customerId) })
  return updated!
}

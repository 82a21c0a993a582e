import type { Customer, CustomerCapabilities, CustomerRecord } from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { paymentDisclosures } from './disclosures.ts'

/**
 * A customer's capabilities for one session: `guestCheckout` only for a guest
 * customer when the partner has guest checkout enabled; the deprecated
 * `ramps.requirements.paymentDisclosures` mirror unless `--strict-deprecations`.
 */
function customerCapabilities(tenant: Tenant, record: CustomerRecord): CustomerCapabilities {
  const capabilities: CustomerCapabilities = {}
  if (record.guest && tenant.settings.capabilities.guestCheckout) capabilities.guestCheckout = { enabled: true }
  if (!tenant.strictDeprecations)
    capabilities.ramps = { requirements: { paymentDisclosures: paymentDisclosures(record) } }
  return capabilities
}

/**
 * The wire view of a stored customer.
 *
 * @example
 * toCustomer(tenant, store.customerByEmail('active.eea@sandbox.test')!) // { id, country: 'DEU', area: 'EEA', ... }
 */
export function toCustomer(tenant: Tenant, record: CustomerRecord): Customer {
  return {
    id: record.id,
    country: record.country,
    administrativeArea: record.administrativeArea,
    area: record.area,
    kyc: { status: record.kycStatus, requirements: record.requirements },
    capabilities: customerCapabilities(tenant, record),
  }
}

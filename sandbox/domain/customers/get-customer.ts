import type { CustomerDetails } from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { toCustomer } from '../customer-view.ts'
import { customerFiles, loadCustomer, personalDetails } from './load-customer.ts'

/**
 * A customer as the Customer API reads it: KYC status and outstanding
 * requirements, the partner's id for it, personal details and files.
 *
 * @example
 * const customer = await getCustomerDetails(tenant, 'cus_abc')
 * customer.kyc.requirements // ['details', 'identity_document', 'selfie']
 */
export async function getCustomerDetails(tenant: Tenant, customerId: string): Promise<CustomerDetails> {
  const { store, record } = await loadCustomer(tenant, customerId)
  return {
    ...toCustomer(tenant, record),
    externalCustomerId: store.externalCustomers.of(customerId),
    details: personalDetails(record),
    files: customerFiles(store, customerId),
  }
}

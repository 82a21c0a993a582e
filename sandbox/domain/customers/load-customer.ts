import type { CustomerFile, CustomerRecord, PersonalDetails, UploadRecord } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'

/**
 * The tenant's store and one of its customers; 404 when the id is unknown to
 * this tenant (another tenant's id included: ids live in per-tenant stores).
 *
 * @example
 * const { store, record } = await loadCustomer(tenant, 'cus_abc')
 */
export async function loadCustomer(
  tenant: Tenant,
  customerId: string,
): Promise<{ store: TenantStore; record: CustomerRecord }> {
  const store = await tenant.store()
  // A KYC decision fired by the clock writes asynchronously: read after it lands.
  await tenant.clock.settled()
  const record = store.customers.get(customerId)
  if (!record) throw new SandboxError('not_found', `customer ${customerId} does not exist for this account`)
  return { store, record }
}

/**
 * The personal details the Customer API reports.
 *
 * @example
 * personalDetails(record) // { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: null, address: null }
 */
export function personalDetails(record: CustomerRecord): PersonalDetails {
  return {
    firstName: record.firstName,
    lastName: record.lastName,
    dateOfBirth: record.dateOfBirth,
    address: record.address ?? null,
  }
}

/**
 * The wire view of a stored upload: `size` is the bytes received, or the declared size before.
 *
 * @example
 * toFile(upload) // { id: 'upl_…', documentType: 'passport', contentType: 'image/jpeg', size: 2048, status: 'uploaded' }
 */
export function toFile(upload: UploadRecord): CustomerFile {
  const { id, documentType, contentType, status } = upload
  return { id, documentType, contentType, size: upload.size ?? upload.declaredSize, status }
}

/**
 * A customer's files, oldest first.
 *
 * @example
 * customerFiles(store, 'cus_abc') // [{ id: 'upl_…', status: 'confirmed', … }]
 */
export function customerFiles(store: TenantStore, customerId: string): CustomerFile[] {
  return store.uploads.where('byCustomer', customerId).map(toFile)
}

import type { CustomerFile, FieldError, KycRequirement, UploadRecord } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { loadCustomer, toFile } from './load-customer.ts'

/** The requirement a confirmed file satisfies. */
function requirementOf(upload: UploadRecord): KycRequirement {
  return upload.documentType === 'selfie' ? 'selfie' : 'identity_document'
}

function problems(store: TenantStore, customerId: string, uploadIds: string[]): FieldError[] {
  const errors: FieldError[] = []
  uploadIds.forEach((id, index) => {
    const field = `uploadIds.${index}`
    const upload = store.uploads.get(id)
    if (uploadIds.indexOf(id) !== index) errors.push({ field, message: `${field} repeats ${id}` })
    else if (!upload || upload.customerId !== customerId)
      errors.push({ field, message: `${field} must be an upload of customer ${customerId}; ${id} is not` })
    else if (upload.status !== 'uploaded')
      errors.push({ field, message: `${field} must be uploaded and not yet confirmed; ${id} is ${upload.status}` })
  })
  return errors
}

/**
 * Confirms uploaded files for verification, all or none: a confirmed identity
 * document clears `identity_document`, a selfie clears `selfie`. Returns the
 * confirmed files, in the order given.
 *
 * @example
 * await confirmFiles(tenant, 'cus_abc', ['upl_1', 'upl_2']) // [{ id: 'upl_1', status: 'confirmed', … }, …]
 */
export async function confirmFiles(tenant: Tenant, customerId: string, uploadIds: string[]): Promise<CustomerFile[]> {
  const { store } = await loadCustomer(tenant, customerId)
  const errors = problems(store, customerId, uploadIds)
  if (errors.length > 0)
    throw new SandboxError('invalid_request', errors.map((error) => error.message).join('; '), errors)
  const confirmed: UploadRecord[] = []
  for (const id of uploadIds) {
    const upload = await store.uploads.update(id, (draft) => {
      draft.status = 'confirmed'
      draft.confirmedAt = tenant.clock.iso()
    })
    if (upload) confirmed.push(upload)
  }
  const cleared = new Set(confirmed.map(requirementOf))
  const customer = await store.customers.update(customerId, (draft) => {
    draft.requirements = draft.requirements.filter((requirement) => !cleared.has(requirement))
  })
  tenant.record('file:confirmed', { customerId, uploadIds, requirements: customer?.requirements ?? [] })
  return confirmed.map(toFile)
}

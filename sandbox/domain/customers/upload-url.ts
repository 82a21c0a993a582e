import type { UploadUrl, UploadUrlRequest } from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { newId } from '../new-id.ts'
import { TOKEN_TTL_MS, issueToken } from '../tokens.ts'
import { loadCustomer } from './load-customer.ts'

/**
 * The path a file's bytes are `PUT` to; the signed token authorizes the upload
 * and names the tenant, so the call needs no API key.
 *
 * @example
 * uploadPath('upl_1', 'up_…') // '/platform/v1/uploads/upl_1?token=up_…'
 */
function uploadPath(uploadId: string, token: string): string {
  return `/platform/v1/uploads/${encodeURIComponent(uploadId)}?token=${encodeURIComponent(token)}`
}

/**
 * Registers a file the customer is about to upload and returns where to `PUT`
 * it: on `origin` (the sandbox API origin; empty gives a relative URL), valid
 * 15 minutes of tenant time.
 *
 * @example
 * await createUploadUrl(tenant, 'cus_abc', { documentType: 'passport', contentType: 'image/jpeg', size: 2048 }, 'http://127.0.0.1:4010')
 * // { uploadId: 'upl_…', uploadUrl: 'http://127.0.0.1:4010/platform/v1/uploads/upl_…?token=up_…', expiresAt: '…' }
 */
export async function createUploadUrl(
  tenant: Tenant,
  customerId: string,
  input: UploadUrlRequest,
  origin = '',
): Promise<UploadUrl> {
  const { store } = await loadCustomer(tenant, customerId)
  const uploadId = newId(tenant, store, 'upl')
  const exp = tenant.clock.now() + TOKEN_TTL_MS.upload
  const { token } = issueToken(tenant, { kind: 'upload', session: uploadId, customer: customerId, scope: 'full', exp })
  const expiresAt = new Date(exp).toISOString()
  await store.uploads.create({
    id: uploadId,
    customerId,
    documentType: input.documentType,
    contentType: input.contentType,
    declaredSize: input.size,
    size: null,
    status: 'awaiting_upload',
    createdAt: tenant.clock.iso(),
    expiresAt,
    uploadedAt: null,
    confirmedAt: null,
  })
  tenant.record('file:requested', {
    customerId,
    uploadId,
    documentType: input.documentType,
    contentType: input.contentType,
    size: input.size,
  })
  return { uploadId, uploadUrl: `${origin}${uploadPath(uploadId, token)}`, expiresAt }
}

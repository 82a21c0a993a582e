import { MAX_UPLOAD_BYTES, type UploadReceipt } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { peekToken } from '#portable/peek-token.ts'
import { verifyToken } from '../tokens.ts'
import { matchesSignature } from './file-signature.ts'

/**
 * The tenant id an upload token claims, unverified: the caller looks the
 * tenant up, then `receiveUpload` verifies the signature under its key.
 *
 * @example
 * core.tenants.byId(uploadTokenTenant(token) ?? '')
 */
export function uploadTokenTenant(token: string): string | undefined {
  const claims = peekToken(token)
  return claims?.kind === 'upload' ? claims.tenant : undefined
}

function checkSize(size: number, declared: number): void {
  if (size === 0) throw SandboxError.invalidField('body', "body must hold the file's bytes; it is empty")
  if (size > MAX_UPLOAD_BYTES)
    throw new SandboxError('payload_too_large', `body must be at most ${MAX_UPLOAD_BYTES} bytes; it is ${size}`)
  if (size > declared)
    throw new SandboxError(
      'payload_too_large',
      `body must be at most the declared size of ${declared} bytes; it is ${size}`,
    )
}

/**
 * Receives a file's bytes for an upload URL: the token must be this upload's,
 * unexpired and signed by the tenant; the bytes non-empty, within the declared
 * size, and starting with the magic number of the declared content type.
 *
 * @example
 * await receiveUpload(tenant, 'upl_1', token, new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))
 * // { uploadId: 'upl_1', status: 'uploaded', size: 4 }
 */
export async function receiveUpload(
  tenant: Tenant,
  uploadId: string,
  token: string,
  bytes: Uint8Array,
): Promise<UploadReceipt> {
  const claims = verifyToken(tenant, token, 'upload', 'token')
  if (claims.session !== uploadId)
    throw new SandboxError('unauthorized', `token was issued for another upload than ${uploadId}`)
  const store = await tenant.store()
  const upload = store.uploads.get(uploadId)
  if (!upload) throw new SandboxError('not_found', `upload ${uploadId} does not exist for this account`)
  if (upload.status !== 'awaiting_upload')
    throw new SandboxError('conflict', `upload ${uploadId} has already received its file`)
  checkSize(bytes.length, upload.declaredSize)
  if (!matchesSignature(bytes, upload.contentType)) {
    throw new SandboxError(
      'unsupported_media_type',
      `body must be a ${upload.contentType} file, as declared; its leading bytes are not`,
    )
  }
  const updated = await store.uploads.update(uploadId, (draft) => {
    draft.status = 'uploaded'
    draft.size = bytes.length
    draft.uploadedAt = tenant.clock.iso()
  })
  if (!updated) throw new SandboxError('not_found', `upload ${uploadId} does not exist for this account`)
  tenant.record('file:uploaded', {
    customerId: upload.customerId,
    uploadId,
    documentType: upload.documentType,
    size: bytes.length,
  })
  return { uploadId, status: 'uploaded', size: bytes.length }
}

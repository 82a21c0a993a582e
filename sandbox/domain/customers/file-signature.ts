import type { UploadContentType } from '#contract/index.ts'

/** The magic numbers (leading bytes) each accepted format starts with. */
const FILE_SIGNATURES: Record<UploadContentType, readonly number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
}

/**
 * Whether `bytes` start with the magic number of `contentType`.
 *
 * @example
 * matchesSignature(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg') // true
 */
export function matchesSignature(bytes: Uint8Array, contentType: UploadContentType): boolean {
  const signature = FILE_SIGNATURES[contentType]
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte)
}

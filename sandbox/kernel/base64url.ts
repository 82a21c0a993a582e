/** Base64url without padding, for bytes and UTF-8 text; portable (Node and browsers). */

/**
 * Bytes as base64url without padding.
 *
 * @example
 * bytesToBase64Url(new Uint8Array([251, 255])) // '-_8'
 */
export function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The bytes of a base64url text, or undefined when it is not base64url. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined
  return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
}

/** UTF-8 text as base64url. */
export function textToBase64Url(text: string): string {
  return bytesToBase64Url(new TextEncoder().encode(text))
}

/** The UTF-8 text of a base64url string, or undefined when it is not base64url of valid UTF-8. */
export function base64UrlToText(text: string): string | undefined {
  const bytes = base64UrlToBytes(text)
  if (bytes === undefined) return undefined
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

/** Base64url without padding, for bytes and UTF-8 text; portable (Node and browsers). */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
/** Each character code's 6-bit value, -1 for a character outside the base64url alphabet. */
const SEXTETS = new Int8Array(128).fill(-1)
for (let i = 0; i < ALPHABET.length; i++) SEXTETS[ALPHABET.charCodeAt(i)] = i

/**
 * Bytes as base64url without padding.
 *
 * @example
 * bytesToBase64Url(new Uint8Array([251, 255])) // '-_8'
 */
export function bytesToBase64Url(bytes: Uint8Array): string {
  let out = ''
  let i = 0
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!
  }
  if (i + 1 === bytes.length) {
    const n = bytes[i]! << 16
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!
  } else if (i + 2 === bytes.length) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8)
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!
  }
  return out
}

/**
 * The bytes of a base64url text, or undefined when it is not base64url. Decoded as `atob` decodes (forgiving: bits
 * left over past the last whole byte are dropped), by table: tokens and frame tickets are read on every request.
 */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  const length = text.length
  if (length % 4 === 1) return undefined
  const bytes = new Uint8Array((length * 3) >> 2)
  let buffer = 0
  let bits = 0
  let at = 0
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i)
    const sextet = code < 128 ? SEXTETS[code]! : -1
    if (sextet < 0) return undefined
    buffer = ((buffer << 6) | sextet) & 0xffffff
    bits += 6
    if (bits >= 8) {
      bits -= 8
      bytes[at++] = (buffer >> bits) & 0xff
    }
  }
  return bytes
}

const encoder = new TextEncoder()
/** A UTF-16 unit outside ASCII: text without one is its own UTF-8 bytes, which `btoa` takes as they are. */
const NON_ASCII = /[\u0080-\uffff]/
/** The runtime's `btoa` (node, browsers, Hermes), read off `globalThis`: portable code declares no global of its own. */
const runtime = globalThis as { btoa?: (binary: string) => string }

/**
 * UTF-8 text as base64url. ASCII text (a token's claims, a cursor) goes through the runtime's `btoa`: a token is
 * issued on every session, and building the text a character at a time costs ten times as much.
 *
 * @example
 * textToBase64Url('{"a":1}') // 'eyJhIjoxfQ'
 */
export function textToBase64Url(text: string): string {
  if (runtime.btoa === undefined || NON_ASCII.test(text)) return bytesToBase64Url(encoder.encode(text))
  const base64 = runtime.btoa(text)
  let end = base64.length
  while (end > 0 && base64.charCodeAt(end - 1) === 61) end--
  return base64.slice(0, end).replaceAll('+', '-').replaceAll('/', '_')
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

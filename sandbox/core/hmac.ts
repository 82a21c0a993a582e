import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'

/** HMAC-SHA256 of `message` under `key`, base64url without padding. */
export type HmacSha256 = (key: string, message: string) => string

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

function toBase64Url(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0)
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2
    for (let c = 0; c < chars; c++) out += BASE64URL[(chunk >> (18 - 6 * c)) & 63]
  }
  return out
}

/**
 * Portable HMAC-SHA256 (pure JS, synchronous): runs in Node and in browsers, so
 * the same core serves the node server and msw's `setupWorker`. The node server
 * swaps in `node:crypto` for speed; both give the same output.
 *
 * @example
 * portableHmacSha256('key', 'message') // 'bgwWl...'
 */
export const portableHmacSha256: HmacSha256 = (key, message) =>
  toBase64Url(hmac(sha256, utf8ToBytes(key), utf8ToBytes(message)))

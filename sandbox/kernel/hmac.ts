import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { bytesToBase64Url } from '#portable/base64url.ts'

/** HMAC-SHA256 of `message` under `key`, base64url without padding. */
export type HmacSha256 = (key: string, message: string) => string

/**
 * Portable HMAC-SHA256 (pure JS, synchronous): runs in Node and in browsers, so
 * the same core serves the node server and msw's `setupWorker`. The node server
 * swaps in `node:crypto` for speed; both give the same output.
 *
 * @example
 * portableHmacSha256('key', 'message') // 'bgwWl...'
 */
export const portableHmacSha256: HmacSha256 = (key, message) =>
  bytesToBase64Url(hmac(sha256, utf8ToBytes(key), utf8ToBytes(message)))

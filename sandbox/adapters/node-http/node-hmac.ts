import { createHmac } from 'node:crypto'
import type { HmacSha256 } from '#kernel/hmac.ts'
import { boundedCache } from '#portable/bounded-cache.ts'

/** Key bytes by key: one per tenant signing key and account id key, bounded however many tenants come and go. */
const keyBytes = boundedCache(1024, (key) => Buffer.from(key, 'utf8'))

/**
 * HMAC-SHA256 by node:crypto: the same output as the portable one, about 4x
 * faster. Key bytes are converted once per key, not per signature.
 */
export const nodeHmacSha256: HmacSha256 = (key, message) =>
  createHmac('sha256', keyBytes(key)).update(message).digest('base64url')

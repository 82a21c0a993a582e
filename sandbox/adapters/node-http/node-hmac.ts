import { createHmac } from 'node:crypto'
import type { HmacSha256 } from '../../core/index.ts'

const keyBuffers = new Map<string, Buffer>()

/**
 * HMAC-SHA256 by node:crypto: the same output as the portable one, about 4x
 * faster. Key bytes are converted once per key, not per signature.
 */
export const nodeHmacSha256: HmacSha256 = (key, message) => {
  let bytes = keyBuffers.get(key)
  if (bytes === undefined) {
    bytes = Buffer.from(key, 'utf8')
    keyBuffers.set(key, bytes)
  }
  return createHmac('sha256', bytes).update(message).digest('base64url')
}

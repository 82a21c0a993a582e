import { createHmac } from 'node:crypto'
import type { HmacSha256 } from '../../core/index.ts'

/** HMAC-SHA256 by node:crypto: the same output as the portable one, about 4x faster. */
export const nodeHmacSha256: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest('base64url')

import { boundedCache } from '#portable/bounded-cache.ts'
import { constantTimeEqual } from './constant-time-equal.ts'
import type { HmacSha256 } from './hmac.ts'

/** How many signatures a signer keeps, and the longest message kept: at most ~64 kB of text per signer. */
const SIGNATURES_KEPT = 64
const SIGNED_MESSAGE_KEPT_CHARS = 1024

/**
 * HMAC-SHA256 signatures under one key, base64url, and their check in constant time. A signature is a pure function
 * of the message under a fixed key, and a client repeats itself (the same quote asked again under a frozen clock, the
 * same frame reloaded, a ticket sent with every effect): the last 64 signatures are kept by message
 * (docs/decisions/0078). A message over 1 024 characters is signed afresh, so what is kept stays small. The key lives
 * in closures only: no property of a signer holds it.
 *
 * @example
 * const signer = new Signer(portableHmacSha256, key)
 * signer.verify('cursor:1', signer.sign('cursor:1')) // true
 */
export class Signer {
  private readonly fresh: (message: string) => string
  private readonly kept: (message: string) => string

  constructor(hmac: HmacSha256, key: string) {
    this.fresh = (message) => hmac(key, message)
    this.kept = boundedCache(SIGNATURES_KEPT, this.fresh)
  }

  sign(message: string): string {
    return message.length <= SIGNED_MESSAGE_KEPT_CHARS ? this.kept(message) : this.fresh(message)
  }

  verify(message: string, signature: string | null | undefined): boolean {
    return typeof signature === 'string' && constantTimeEqual(this.sign(message), signature)
  }
}

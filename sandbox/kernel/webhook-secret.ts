import { z } from 'zod'
import { WebhookVerificationError } from './webhook-verification-error.ts'

/**
 * What a webhook secret must be, for error messages.
 *
 * @example
 * WEBHOOK_SECRET_RULE // 'secret must be whsec_ followed by base64 of 24 to 64 bytes'
 */
export const WEBHOOK_SECRET_RULE = 'secret must be whsec_ followed by base64 of 24 to 64 bytes'

const SECRET_PREFIX = 'whsec_'
const MIN_SECRET_BYTES = 24
const MAX_SECRET_BYTES = 64

const STANDARD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** The bytes of canonical standard base64 (padded, zero spare bits), or undefined. */
function base64ToBytes(text: string): Uint8Array | undefined {
  if (!STANDARD_BASE64.test(text)) return undefined
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
  return bytesToBase64(bytes) === text ? bytes : undefined
}

/** The key bytes of a secret (the base64 after `whsec_`), or undefined when it is not a valid secret. */
export function secretKeyBytes(secret: string): Uint8Array | undefined {
  if (!secret.startsWith(SECRET_PREFIX)) return undefined
  const bytes = base64ToBytes(secret.slice(SECRET_PREFIX.length))
  return bytes !== undefined && bytes.length >= MIN_SECRET_BYTES && bytes.length <= MAX_SECRET_BYTES ? bytes : undefined
}

/**
 * A webhook secret: `whsec_` + standard base64 (padded, canonical) of 24 to 64 bytes.
 * Anything else fails with {@link WEBHOOK_SECRET_RULE} as the message.
 *
 * @example
 * WebhookSecret.safeParse('whsec_' + 'A'.repeat(32)).success // true (24 zero bytes)
 * WebhookSecret.safeParse('hunter2').error?.issues[0]?.message // 'secret must be whsec_ followed by base64 of 24 to 64 bytes'
 */
export const WebhookSecret = z
  .string({ error: WEBHOOK_SECRET_RULE })
  .refine((text) => secretKeyBytes(text) !== undefined, { error: WEBHOOK_SECRET_RULE })

/**
 * The secret, unchanged, when it is a valid webhook secret; otherwise a
 * {@link WebhookVerificationError} with code `invalid_secret` naming the rule.
 *
 * @example
 * parseWebhookSecret('whsec_' + 'A'.repeat(32)) // 'whsec_AAAA…'
 * parseWebhookSecret('whsec_short') // throws: secret must be whsec_ followed by base64 of 24 to 64 bytes
 */
export function parseWebhookSecret(text: unknown): string {
  const result = WebhookSecret.safeParse(text)
  if (!result.success) throw new WebhookVerificationError('invalid_secret', WEBHOOK_SECRET_RULE)
  return result.data
}

/**
 * A webhook secret made from the given bytes (24 to 64 of them): `whsec_` + their base64.
 * No randomness here: the caller brings the bytes (the sandbox derives them deterministically).
 *
 * @example
 * webhookSecretFrom(new Uint8Array(24)) // 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
 */
export function webhookSecretFrom(bytes: Uint8Array): string {
  return parseWebhookSecret(SECRET_PREFIX + bytesToBase64(bytes))
}

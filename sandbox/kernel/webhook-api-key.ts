import { WebhookVerificationError } from './webhook-verification-error.ts'

/**
 * What an account's webhook API key must be, for error messages.
 *
 * @example
 * WEBHOOK_API_KEY_RULE // 'webhook API key must be wk_test_ or wk_live_ followed by 16 to 128 base64url characters'
 */
export const WEBHOOK_API_KEY_RULE =
  'webhook API key must be wk_test_ or wk_live_ followed by 16 to 128 base64url characters'

const API_KEY = /^wk_(?:test|live)_[A-Za-z0-9_-]{16,128}$/

/**
 * Whether `text` has the form of a webhook API key (rather than an endpoint's `whsec_` secret).
 *
 * @example
 * isWebhookApiKey('wk_live_' + 'x'.repeat(43)) // true
 * isWebhookApiKey('whsec_…') // false
 */
export function isWebhookApiKey(text: unknown): text is string {
  return typeof text === 'string' && API_KEY.test(text)
}

/**
 * The key, unchanged, when it is a webhook API key; otherwise a {@link WebhookVerificationError} `invalid_secret`.
 *
 * @example
 * parseWebhookApiKey('wk_test_short') // throws: webhook API key must be wk_test_ or wk_live_ followed by …
 */
function parseWebhookApiKey(text: unknown): string {
  if (!isWebhookApiKey(text)) throw new WebhookVerificationError('invalid_secret', WEBHOOK_API_KEY_RULE)
  return text
}

/**
 * A webhook API key for a mode from base64url text the caller derives (the sandbox: an HMAC under the tenant's
 * signing key, so the same `--secret` gives the same key; no randomness here).
 *
 * @example
 * webhookApiKeyFrom('test', 'A'.repeat(43)) // 'wk_test_AAAA…'
 */
export function webhookApiKeyFrom(mode: 'test' | 'live', base64url: string): string {
  return parseWebhookApiKey(`wk_${mode}_${base64url}`)
}

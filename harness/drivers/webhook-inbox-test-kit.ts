import {
  DEFAULT_WEBHOOK_LEGACY_SIGNATURE_HEADER,
  DEFAULT_WEBHOOK_SIGNATURE_HEADER,
  SANDBOX_EVENT_ID_HEADER,
} from '#contract/index.ts'
import { signWebhook, webhookApiKeyFrom } from '#kernel/webhook-signature.ts'
import { webhookSecretFrom } from '#kernel/webhook-secret.ts'
import type { AccountWebhookKey } from './webhook-inboxes.ts'

/** Test helpers of the webhook inbox tests: a secret, an account key, and a delivery signed with them (or with others). */

export const SECRET = webhookSecretFrom(new Uint8Array(24).fill(7))
export const OTHER_SECRET = webhookSecretFrom(new Uint8Array(24).fill(9))

/** An account's webhook API key (examples, not secrets), and another account's. */
export const WEBHOOK_KEY = webhookApiKeyFrom('test', 'A'.repeat(43))
export const OTHER_WEBHOOK_KEY = webhookApiKeyFrom('test', 'B'.repeat(43))

/** The account key an inbox is told, with the reference's header names. */
export const KEY: AccountWebhookKey = {
  webhookApiKey: WEBHOOK_KEY,
  header: DEFAULT_WEBHOOK_SIGNATURE_HEADER,
  legacyHeader: DEFAULT_WEBHOOK_LEGACY_SIGNATURE_HEADER,
}

/** A widget `transaction_created` body, `{type, data}`, as the sandbox sends it. */
export const WIDGET_BODY = JSON.stringify({ type: 'transaction_created', data: { id: 'txn_1', status: 'pending' } })

/**
 * A `POST` to `url` carrying `body` (a widget `transaction_created` unless given), signed now as the sandbox signs it:
 * the V2 header with `key`, the legacy one with `secret`; the event id in the sandbox's header.
 */
export function signedDelivery(
  url: string,
  secret = SECRET,
  eventId = 'evt_1',
  body = WIDGET_BODY,
  key = WEBHOOK_KEY,
): Request {
  const headers = signWebhook(body, [key, secret], { timestamp: Math.floor(Date.now() / 1000) })
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SANDBOX_EVENT_ID_HEADER]: eventId, ...headers },
    body,
  })
}

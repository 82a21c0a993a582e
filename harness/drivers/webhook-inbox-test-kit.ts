import { SANDBOX_EVENT_ID_HEADER } from '../../sandbox/contract/index.ts'
import { signWebhook } from '../../sandbox/kernel/webhook-signature.ts'
import { webhookSecretFrom } from '../../sandbox/kernel/webhook-secret.ts'

/** Test helpers of the webhook inbox tests: a secret, and a delivery signed with it (or with another). */

export const SECRET = webhookSecretFrom(new Uint8Array(24).fill(7))
export const OTHER_SECRET = webhookSecretFrom(new Uint8Array(24).fill(9))

/** A widget `transaction_created` body, `{type, data}`, as the sandbox sends it. */
export const WIDGET_BODY = JSON.stringify({ type: 'transaction_created', data: { id: 'txn_1', status: 'pending' } })

/** A `POST` to `url` carrying `body` (a widget `transaction_created` unless given), signed now (sandbox scheme) with `secret`, the event id in the sandbox's header. */
export function signedDelivery(url: string, secret = SECRET, eventId = 'evt_1', body = WIDGET_BODY): Request {
  const headers = signWebhook(body, secret, { timestamp: Math.floor(Date.now() / 1000) })
  return new Request(url, { method: 'POST', headers: { 'content-type': 'application/json', [SANDBOX_EVENT_ID_HEADER]: eventId, ...headers }, body })
}

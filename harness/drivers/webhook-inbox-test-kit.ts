import { signWebhook } from '../../sandbox/kernel/webhook-signature.ts'
import { webhookSecretFrom } from '../../sandbox/kernel/webhook-secret.ts'

/** Test helpers of the webhook inbox tests: a secret, and a delivery signed with it (or with another). */

export const SECRET = webhookSecretFrom(new Uint8Array(24).fill(7))
export const OTHER_SECRET = webhookSecretFrom(new Uint8Array(24).fill(9))

/** A `POST` to `url` carrying a `transaction_created` envelope, signed now (sandbox scheme) with `secret`. */
export function signedDelivery(url: string, secret = SECRET, eventId = 'evt_1'): Request {
  const body = JSON.stringify({ id: eventId, type: 'transaction_created', createdAt: '2026-01-01T00:00:00.000Z', data: { id: 'txn_1', status: 'pending' } })
  const headers = signWebhook(body, secret, { timestamp: Math.floor(Date.now() / 1000) })
  return new Request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
}

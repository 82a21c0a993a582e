import type { WebhookAttempt, WebhookDelivery, WebhookEndpointRecord } from '#contract/index.ts'
import { SANDBOX_DELIVERY_ID_HEADER, SANDBOX_EVENT_ID_HEADER } from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { WebhookAnswer } from '#kernel/webhook-transport.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { signWebhook } from '#kernel/webhook-signature.ts'
import { isoTime } from './iso-time.ts'
import { webhookApiKeyOf, webhookHostAllowed, webhookSecretOf } from './webhook-endpoints.ts'

/** How long an endpoint has to answer an attempt. */
const WEBHOOK_TIMEOUT_MS = 5_000
/** Sandbox ms before each retry: 30 s, then ×4 (2 min, 8 min, 32 min); after the fifth attempt the delivery fails. */
export const WEBHOOK_RETRY_DELAYS_MS = [30_000, 120_000, 480_000, 1_920_000] as const

/** How an attempt's answer counts: a 2xx delivers; anything else, a timeout or a refused connection is retried. */
const delivered = (answer: WebhookAnswer) => 'status' in answer && answer.status >= 200 && answer.status < 300

/**
 * One attempt at a delivery: signed for its endpoint as the endpoint is now (a removed or disabled endpoint fails it;
 * a host this sandbox does not allow fails the attempt unsent), posted through the tenant's transport once the
 * account has a free attempt slot (decision 0082: waiting for one is not an attempt), journaled; a failed attempt
 * schedules the next on the tenant clock, until the last fails the delivery.
 *
 * @example
 * tenant.background.start(attemptDelivery(tenant, store, 'whd_…'))
 */
export async function attemptDelivery(
  tenant: Tenant,
  store: TenantStore,
  deliveryId: string,
): Promise<WebhookDelivery | undefined> {
  const before = await settleUnsent(tenant, store, deliveryId)
  if (before.kind === 'settled') return before.delivery
  const release = await tenant.webhookAttemptSlot()
  try {
    // The wait may have been long: the account reset, the delivery or its endpoint changed meanwhile.
    const now = await settleUnsent(tenant, store, deliveryId)
    return now.kind === 'settled' ? now.delivery : await post(tenant, store, now.delivery, now.endpoint)
  } finally {
    release()
  }
}

/** What an attempt comes to before any socket: settled here (nothing to send, or failed unsent), or to be sent. */
type Unsent =
  | { kind: 'settled'; delivery: WebhookDelivery | undefined }
  | { kind: 'send'; delivery: WebhookDelivery; endpoint: WebhookEndpointRecord }

/**
 * Settles what needs no network: a delivery no longer pending, or of a dropped store (its account reset or evicted
 * since), stays as it is; a removed or disabled endpoint fails it; an endpoint whose host the running sandbox does not
 * allow (its URL came from a state file, or was allowed under another process's options) fails this attempt,
 * journaled and retried like any other, with nothing sent (decision 0082).
 */
async function settleUnsent(tenant: Tenant, store: TenantStore, deliveryId: string): Promise<Unsent> {
  const delivery = store.webhookDeliveries.get(deliveryId)
  if (delivery?.status !== 'pending' || store.dropped) return { kind: 'settled', delivery }
  const endpoint = store.webhookEndpoints.get(delivery.endpointId)
  if (!endpoint?.enabled)
    return {
      kind: 'settled',
      delivery: await finish(
        tenant,
        store,
        delivery,
        'failed',
        { error: endpoint ? 'the endpoint was disabled' : 'the endpoint was removed', durationMs: 0 },
        {},
      ),
    }
  if (webhookHostAllowed(endpoint.url, tenant.webhookAllowHosts)) return { kind: 'send', delivery, endpoint }
  const host = new URL(endpoint.url).hostname
  const error = `not sent: this sandbox does not allow webhooks to ${host} (loopback always; any other host only with --webhook-allow-host ${host}); change the endpoint's url or restart the sandbox with that flag`
  return {
    kind: 'settled',
    delivery: await failedAttempt(tenant, store, delivery, {
      answer: { error, durationMs: 0 },
      headers: {},
      started: tenant.clock.now(),
    }),
  }
}

/** Signs and posts the attempt, then keeps what came back. */
async function post(
  tenant: Tenant,
  store: TenantStore,
  delivery: WebhookDelivery,
  endpoint: WebhookEndpointRecord,
): Promise<WebhookDelivery | undefined> {
  const transport = tenant.webhookTransport
  const timestamp = transport.nowSeconds?.() ?? Math.floor(tenant.clock.now() / 1000)
  // The sandbox's own facts go in headers, not the body (which is the reference's, decision 0087).
  const headers = {
    ...deliveryHeaders(tenant, endpoint, delivery, timestamp),
    'user-agent': 'ramp-sandbox-webhooks',
    [SANDBOX_EVENT_ID_HEADER]: delivery.eventId,
    [SANDBOX_DELIVERY_ID_HEADER]: delivery.id,
  }
  const started = tenant.clock.now()
  const answer = await transport.post({
    url: endpoint.url,
    headers,
    body: delivery.body,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
  })
  if (delivered(answer)) return finish(tenant, store, delivery, 'delivered', answer, headers, started)
  return failedAttempt(tenant, store, delivery, { answer, headers, started })
}

/**
 * The signature headers of an attempt (decision 0086): the reference's V2 header keyed with the account's webhook API
 * key and its legacy header keyed with the endpoint's secret, on every delivery; an endpoint on the `standard` scheme
 * also gets the Standard Webhooks headers.
 */
function deliveryHeaders(
  tenant: Tenant,
  endpoint: WebhookEndpointRecord,
  delivery: WebhookDelivery,
  timestamp: number,
): Record<string, string> {
  const secret = webhookSecretOf(tenant, endpoint)
  const names = {
    headerName: tenant.settings.webhookSignatureHeader,
    legacyHeaderName: tenant.settings.webhookLegacySignatureHeader,
  }
  const headers = signWebhook(delivery.body, [webhookApiKeyOf(tenant), secret], { timestamp, ...names })
  if (endpoint.scheme === 'sandbox') return headers
  return { ...headers, ...signWebhook(delivery.body, secret, { timestamp, scheme: 'standard', id: delivery.eventId }) }
}

/** Keeps a failed attempt: the next is scheduled on the tenant clock, or, after the last, the delivery fails. */
async function failedAttempt(
  tenant: Tenant,
  store: TenantStore,
  delivery: WebhookDelivery,
  made: AttemptMade,
): Promise<WebhookDelivery | undefined> {
  const retry = WEBHOOK_RETRY_DELAYS_MS[delivery.attempts.length]
  if (retry === undefined) return finish(tenant, store, delivery, 'failed', made.answer, made.headers, made.started)
  const at = tenant.clock.now() + retry
  const updated = await record(tenant, store, delivery, made, { status: 'pending', nextAttemptAt: isoTime(at) })
  tenant.scheduleJob(store, { kind: 'webhook:retry', at, deliveryId: delivery.id })
  return updated
}

function finish(
  tenant: Tenant,
  store: TenantStore,
  delivery: WebhookDelivery,
  status: 'delivered' | 'failed',
  answer: WebhookAnswer,
  headers: Record<string, string>,
  started = tenant.clock.now(),
) {
  return record(tenant, store, delivery, { answer, headers, started }, { status, nextAttemptAt: null })
}

/** What one attempt sent and got back, and when it started (sandbox ms). */
interface AttemptMade {
  answer: WebhookAnswer
  headers: Record<string, string>
  started: number
}

/** Keeps an attempt with the delivery (its sandbox time, the headers sent, what came back, its real duration) and journals it. */
async function record(
  tenant: Tenant,
  store: TenantStore,
  delivery: WebhookDelivery,
  { answer, headers, started }: AttemptMade,
  next: Pick<WebhookDelivery, 'status' | 'nextAttemptAt'>,
) {
  const attempt: WebhookAttempt = {
    at: isoTime(started),
    requestHeaders: headers,
    status: 'status' in answer ? answer.status : null,
    error: 'error' in answer ? answer.error : null,
    durationMs: answer.durationMs,
  }
  // Counted before the update: it writes the stored record in place, and `delivery` is that record.
  const number = delivery.attempts.length + 1
  const updated = await store.webhookDeliveries.update(delivery.id, (draft) => {
    draft.attempts.push(attempt)
    Object.assign(draft, next, { heldBy: null })
  })
  tenant.record('webhook:attempted', {
    deliveryId: delivery.id,
    eventId: delivery.eventId,
    endpointId: delivery.endpointId,
    type: delivery.type,
    attempt: number,
    ...attempt,
    outcome: next.status,
  })
  return updated
}

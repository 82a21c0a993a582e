import type { CustomerDetails, TransactionRecord, WebhookDelivery, WebhookEventType } from '../contract/index.ts'
import type { Tenant } from '../kernel/tenant.ts'
import type { WebhookAnswer } from '../kernel/webhook-transport.ts'
import type { TenantStore } from '../kernel/store/tenant-store.ts'
import { signWebhook } from '../kernel/webhook-signature.ts'
import { isoTime } from './iso-time.ts'
import { newId } from './new-id.ts'
import { webhookSecretOf } from './webhook-endpoints.ts'

/** How long an endpoint has to answer an attempt. */
export const WEBHOOK_TIMEOUT_MS = 5_000
/** Sandbox ms before each retry: 30 s, then ×4 (2 min, 8 min, 32 min); after the fifth attempt the delivery fails. */
export const WEBHOOK_RETRY_DELAYS_MS = [30_000, 120_000, 480_000, 1_920_000] as const

/** What each event carries as `data`: the object as the API shows it at that moment. */
export interface WebhookData {
  transaction_created: TransactionRecord
  transaction_updated: TransactionRecord
  transaction_failed: TransactionRecord
  /** The customer as the Customer API reads it (`GET /platform/v1/customers/{customerId}`). */
  customer_verification_updated: CustomerDetails
}

/**
 * Emits an event to every enabled endpoint that wants its type: the envelope `{id, type, createdAt, data}` is made
 * once (`data` is the object as the API shows it now, read only when some endpoint wants the event), a delivery is
 * kept for each endpoint, and its first attempt starts at once, in the background (decision 0059).
 *
 * @example
 * await emitWebhook(tenant, store, 'transaction_created', transaction)
 */
export async function emitWebhook<Type extends WebhookEventType>(tenant: Tenant, store: TenantStore, type: Type, data: WebhookData[Type] | (() => Promise<WebhookData[Type]>)): Promise<void> {
  const endpoints = store.webhookEndpoints.where('enabled', 'enabled').filter((endpoint) => endpoint.events.includes(type))
  if (endpoints.length === 0) return
  const createdAt = tenant.clock.iso()
  const eventId = newId(tenant, store, 'evt')
  const body = JSON.stringify({ id: eventId, type, createdAt, data: typeof data === 'function' ? await data() : data })
  for (const endpoint of endpoints) {
    if (store.webhookDeliveries.full) {
      const oldest = store.webhookDeliveries.oldestWhere('finished', 'finished')
      if (!oldest) {
        tenant.record('webhook:dropped', { eventId, endpointId: endpoint.id, reason: 'every kept delivery is still pending' })
        continue
      }
      store.webhookDeliveries.delete(oldest.id)
    }
    const delivery = await store.webhookDeliveries.create({
      id: newId(tenant, store, 'whd'), eventId, endpointId: endpoint.id, type, url: endpoint.url, status: 'pending', attempts: [], nextAttemptAt: createdAt, createdAt, body,
    })
    tenant.background.start(attemptDelivery(tenant, store, delivery.id))
  }
}

/** How an attempt's answer counts: a 2xx delivers; anything else, a timeout or a refused connection is retried. */
const delivered = (answer: WebhookAnswer) => 'status' in answer && answer.status >= 200 && answer.status < 300

/**
 * One attempt at a delivery: signed for its endpoint as the endpoint is now (a removed or disabled endpoint fails it),
 * posted through the tenant's transport, journaled; a failed attempt schedules the next on the tenant clock, until
 * the last fails the delivery.
 *
 * @example
 * tenant.background.start(attemptDelivery(tenant, store, 'whd_…'))
 */
export async function attemptDelivery(tenant: Tenant, store: TenantStore, deliveryId: string): Promise<WebhookDelivery | undefined> {
  const delivery = store.webhookDeliveries.get(deliveryId)
  if (!delivery || delivery.status !== 'pending') return delivery
  const endpoint = store.webhookEndpoints.get(delivery.endpointId)
  if (!endpoint || !endpoint.enabled) return finish(tenant, store, delivery, 'failed', { error: endpoint ? 'the endpoint was disabled' : 'the endpoint was removed', durationMs: 0 })
  const transport = tenant.webhookTransport
  const timestamp = transport.nowSeconds?.() ?? Math.floor(tenant.clock.now() / 1000)
  const headers = signWebhook(delivery.body, webhookSecretOf(tenant, endpoint), { timestamp, scheme: endpoint.scheme, id: delivery.eventId })
  const started = tenant.clock.now()
  const answer = await transport.post({ url: endpoint.url, headers: { ...headers, 'user-agent': 'ramp-sandbox-webhooks' }, body: delivery.body, timeoutMs: WEBHOOK_TIMEOUT_MS })
  if (delivered(answer)) return finish(tenant, store, delivery, 'delivered', answer, started)
  const retry = WEBHOOK_RETRY_DELAYS_MS[delivery.attempts.length]
  if (retry === undefined) return finish(tenant, store, delivery, 'failed', answer, started)
  const at = tenant.clock.now() + retry
  const updated = await record(tenant, store, delivery, answer, started, { status: 'pending', nextAttemptAt: isoTime(at) })
  tenant.scheduleJob(store, { kind: 'webhook:retry', at, deliveryId })
  return updated
}

/** A retry the tenant clock made due: started in the background, so the clock's advance never waits on a receiver. */
export function retryDelivery(tenant: Tenant, store: TenantStore, deliveryId: string): Promise<void> {
  tenant.background.start(attemptDelivery(tenant, store, deliveryId))
  return Promise.resolve()
}

function finish(tenant: Tenant, store: TenantStore, delivery: WebhookDelivery, status: 'delivered' | 'failed', answer: WebhookAnswer, started = tenant.clock.now()) {
  return record(tenant, store, delivery, answer, started, { status, nextAttemptAt: null })
}

/** Keeps an attempt with the delivery (its sandbox time, what came back, its real duration) and journals it. */
async function record(tenant: Tenant, store: TenantStore, delivery: WebhookDelivery, answer: WebhookAnswer, started: number, next: Pick<WebhookDelivery, 'status' | 'nextAttemptAt'>) {
  const attempt = { at: isoTime(started), status: 'status' in answer ? answer.status : null, error: 'error' in answer ? answer.error : null, durationMs: answer.durationMs }
  const updated = await store.webhookDeliveries.update(delivery.id, (draft) => {
    draft.attempts.push(attempt)
    Object.assign(draft, next)
  })
  tenant.record('webhook:attempted', { deliveryId: delivery.id, eventId: delivery.eventId, endpointId: delivery.endpointId, type: delivery.type, attempt: delivery.attempts.length + 1, ...attempt, outcome: next.status })
  return updated
}

/** The tenant's deliveries, newest first, at most `limit` (the control API's delivery log). */
export async function listWebhookDeliveries(tenant: Tenant, limit: number): Promise<WebhookDelivery[]> {
  return (await tenant.store()).webhookDeliveries.all().slice(-limit).reverse()
}

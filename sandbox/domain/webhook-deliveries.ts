import {
  durationToMs,
  webhookBody,
  type ScheduledJob,
  type WebhookData,
  type WebhookDelivery,
  type WebhookEndpointRecord,
  type WebhookEventType,
  type WebhookHold,
} from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { isoTime } from './iso-time.ts'
import { newId } from './new-id.ts'
import { attemptDelivery } from './webhook-attempts.ts'

/** What each event carries as `data`: the object as its GET shows it at that moment (the catalogue's schemas, decision 0087). */
export type { WebhookData } from '#contract/index.ts'

/** An event on its way: its id (the platform body's `id`, the delivery log's `eventId`), type and time, and the body made once and sent on every attempt. */
interface WebhookEnvelope {
  eventId: string
  type: WebhookEventType
  createdAt: string
  /** The body as JSON text, in the family's envelope: widget `{type, data}`, platform `{id, type, timestamp, data}`. */
  body: string
}

/**
 * The enabled endpoints that want events of `type`.
 *
 * @example
 * endpointsWanting(store, 'transaction_failed') // [{ id: 'we_…', events: ['transaction_failed'], … }]
 */
export function endpointsWanting(store: TenantStore, type: WebhookEventType): WebhookEndpointRecord[] {
  return store.webhookEndpoints.where('enabled', 'enabled').filter((endpoint) => endpoint.events.includes(type))
}

/**
 * A new event: a new `evt_…` id, the tenant clock's time, and its body in its family's envelope (`webhookBody`) made
 * into JSON once.
 *
 * @example
 * const envelope = newEnvelope(tenant, store, 'transaction_created', transaction)
 */
export function newEnvelope(
  tenant: Tenant,
  store: TenantStore,
  type: WebhookEventType,
  data: Record<string, unknown>,
): WebhookEnvelope {
  const createdAt = tenant.clock.iso()
  const eventId = newId(tenant, store, 'evt')
  return { eventId, type, createdAt, body: JSON.stringify(webhookBody(type, { eventId, at: createdAt }, data)) }
}

/**
 * Emits an event to every enabled endpoint that wants its type: its body, in its family's envelope, is made
 * once (`data` is the object as the API shows it now, read only when some endpoint wants the event), a delivery is
 * kept for each endpoint (two with its `duplicate` switch), and its first attempt starts at once, in the background,
 * unless the endpoint's `delay` or `shuffleWindow` holds it (decisions 0059, 0061, 0087).
 *
 * @example
 * await emitWebhook(tenant, store, 'transaction_created', () => widgetTransactionOf(tenant, store, record))
 */
export async function emitWebhook<Type extends WebhookEventType>(
  tenant: Tenant,
  store: TenantStore,
  type: Type,
  data: WebhookData[Type] | (() => Promise<WebhookData[Type]>),
): Promise<void> {
  const endpoints = endpointsWanting(store, type)
  if (endpoints.length === 0) return
  const envelope = newEnvelope(tenant, store, type, typeof data === 'function' ? await data() : data)
  for (const endpoint of endpoints) await deliverEvent(tenant, store, endpoint, envelope, 'event')
}

/**
 * Delivers an event to one endpoint as its switches say: one delivery, or two (`duplicate`: two deliveries of the
 * same body, the second `origin: 'duplicate'`), each attempted at once or held by `delay` / `shuffleWindow`.
 * Answers the deliveries kept (none when every kept delivery is still pending and there is no room).
 *
 * @example
 * await deliverEvent(tenant, store, endpoint, envelope, 'trigger') // [delivery] or [delivery, duplicate]
 */
export async function deliverEvent(
  tenant: Tenant,
  store: TenantStore,
  endpoint: WebhookEndpointRecord,
  envelope: WebhookEnvelope,
  origin: 'event' | 'trigger',
): Promise<WebhookDelivery[]> {
  const first = firstAttemptOf(tenant, store, endpoint)
  // An event the domain emits is dropped when there is no room (a settlement never fails for it); a trigger is refused.
  const refuse = origin === 'trigger'
  const delivery = await newDelivery(tenant, store, endpoint, envelope, { origin, copyOf: null }, first, refuse)
  if (!delivery) return []
  if (!endpoint.duplicate) return [delivery]
  const copy = await newDelivery(
    tenant,
    store,
    endpoint,
    envelope,
    { origin: 'duplicate', copyOf: delivery.id },
    first,
    refuse,
  )
  return copy ? [delivery, copy] : [delivery]
}

/**
 * A new delivery of the same event (same body, same event id) to the same endpoint, attempted at once: what
 * `POST /__sandbox/webhooks/deliveries/{id}/resend` does. 404 for an unknown delivery; 409 when its endpoint was
 * removed or is disabled, or there is no room for another delivery.
 *
 * @example
 * await resendDelivery(tenant, 'whd_…') // { id: 'whd_…' (new), origin: 'resend', copyOf: 'whd_…', … }
 */
export async function resendDelivery(tenant: Tenant, id: string): Promise<WebhookDelivery> {
  const store = await tenant.store()
  const original = store.webhookDeliveries.get(id)
  if (!original)
    throw new SandboxError(
      'not_found',
      `webhook delivery ${id} does not exist: GET /__sandbox/webhooks/deliveries lists them`,
    )
  const endpoint = store.webhookEndpoints.get(original.endpointId)
  if (!endpoint)
    throw new SandboxError(
      'conflict',
      `webhook endpoint ${original.endpointId} of delivery ${id} was removed: there is nowhere to resend it`,
    )
  if (!endpoint.enabled)
    throw new SandboxError(
      'conflict',
      `webhook endpoint ${endpoint.id} is disabled: enable it (POST /__sandbox/webhooks/endpoints/${endpoint.id} {"enabled": true}) to resend`,
    )
  const envelope = {
    eventId: original.eventId,
    type: original.type,
    createdAt: original.createdAt,
    body: original.body,
  }
  const resent = await newDelivery(
    tenant,
    store,
    endpoint,
    envelope,
    { origin: 'resend', copyOf: original.id },
    AT_ONCE,
    true,
  )
  if (!resent)
    throw new SandboxError(
      'conflict',
      'every kept webhook delivery is still pending: advance the clock (POST /__sandbox/clock/advance) or reset to make room',
    )
  return resent
}

/** When a new delivery's first attempt is made: at once, or held until `at` by the endpoint's `delay` or `shuffleWindow`. */
type FirstAttempt = { heldBy: null } | { heldBy: WebhookHold; at: number }
const AT_ONCE: FirstAttempt = { heldBy: null }

/** The window an endpoint's shuffled events gather in: released (in a seeded shuffled order) at `at`. */
type ReleaseJob = Extract<ScheduledJob, { kind: 'webhook:release' }>
const isReleaseOf =
  (endpointId: string, now: number) =>
  (job: ScheduledJob): job is ReleaseJob =>
    job.kind === 'webhook:release' && job.endpointId === endpointId && job.closesAt > now

/**
 * When an endpoint's next event is first attempted: with `shuffleWindow`, when the open window closes (opening one,
 * a `webhook:release` job, if none is open), plus `delay`; with only `delay`, that long from now; else at once.
 */
function firstAttemptOf(tenant: Tenant, store: TenantStore, endpoint: WebhookEndpointRecord): FirstAttempt {
  const now = tenant.clock.now()
  const delay = endpoint.delay === null ? 0 : durationToMs(endpoint.delay)
  if (endpoint.shuffleWindow !== null) {
    const open = [...tenant.jobs].find(isReleaseOf(endpoint.id, now))
    if (open) return { heldBy: 'shuffle', at: open.at }
    const closesAt = now + durationToMs(endpoint.shuffleWindow)
    tenant.scheduleJob(store, { kind: 'webhook:release', at: closesAt + delay, endpointId: endpoint.id, closesAt })
    return { heldBy: 'shuffle', at: closesAt + delay }
  }
  return delay > 0 ? { heldBy: 'delay', at: now + delay } : AT_ONCE
}

/**
 * Keeps a new pending delivery (the oldest finished one makes room at the cap; with none, the event is journaled
 * `webhook:dropped` and undefined answered) and starts its first attempt, or schedules it (`webhook:attempt`).
 */
async function newDelivery(
  tenant: Tenant,
  store: TenantStore,
  endpoint: WebhookEndpointRecord,
  envelope: WebhookEnvelope,
  why: Pick<WebhookDelivery, 'origin' | 'copyOf'>,
  first: FirstAttempt,
  refuse: boolean,
): Promise<WebhookDelivery | undefined> {
  const pending = store.webhookDeliveries.countWhere('pending', 'pending')
  if (pending >= store.limits.pendingWebhookDeliveries) {
    const reason = `this account has ${pending} webhook deliveries pending, the sandbox's cap for one account (docs/decisions/0084): advance the clock so their attempts finish (POST /__sandbox/clock/advance), or fix the receiver`
    if (refuse) throw new SandboxError('rate_limited', reason)
    tenant.record('webhook:dropped', { eventId: envelope.eventId, endpointId: endpoint.id, reason })
    return undefined
  }
  if (store.webhookDeliveries.full) {
    const oldest = store.webhookDeliveries.oldestWhere('finished', 'finished')
    if (!oldest) {
      tenant.record('webhook:dropped', {
        eventId: envelope.eventId,
        endpointId: endpoint.id,
        reason: 'every kept delivery is still pending',
      })
      return undefined
    }
    store.webhookDeliveries.delete(oldest.id)
  }
  const now = tenant.clock.now()
  const values = {
    id: newId(tenant, store, 'whd'),
    eventId: envelope.eventId,
    endpointId: endpoint.id,
    type: envelope.type,
    url: endpoint.url,
    status: 'pending' as const,
    attempts: [],
    nextAttemptAt: isoTime(first.heldBy === null ? now : first.at),
    createdAt: isoTime(now),
    body: envelope.body,
    ...why,
    heldBy: first.heldBy,
  }
  const delivery = await keptDelivery(tenant, store, values, refuse)
  if (!delivery) return undefined
  if (first.heldBy === null) tenant.background.start(attemptDelivery(tenant, store, delivery.id))
  else if (first.heldBy === 'delay')
    tenant.scheduleJob(store, { kind: 'webhook:attempt', at: first.at, deliveryId: delivery.id })
  return delivery
}

/**
 * Keeps a new delivery within the account's byte budget (decision 0084): past it, the oldest finished deliveries make
 * room, one at a time (at most as many as are kept); with none left, an event the domain emits is dropped and
 * journaled `webhook:dropped` (a settlement never fails for want of room), and a trigger or resend is refused (429).
 */
async function keptDelivery(
  tenant: Tenant,
  store: TenantStore,
  values: WebhookDelivery,
  refuse: boolean,
): Promise<WebhookDelivery | undefined> {
  for (let room = store.webhookDeliveries.size; ; room--) {
    try {
      return await store.webhookDeliveries.create(values)
    } catch (error) {
      if (!(error instanceof SandboxError) || error.code !== 'rate_limited') throw error
      const oldest = room > 0 ? store.webhookDeliveries.oldestWhere('finished', 'finished') : undefined
      if (oldest) {
        store.webhookDeliveries.delete(oldest.id)
        continue
      }
      if (refuse) throw error
      tenant.record('webhook:dropped', {
        eventId: values.eventId,
        endpointId: values.endpointId,
        reason: error.message,
      })
      return undefined
    }
  }
}

/**
 * A window of shuffled events closed: its deliveries' first attempts are made one after another, in an order the
 * tenant's seed decides (each delivery's id digested under the seeded id key), in the background.
 *
 * @example
 * releaseShuffled(tenant, store, { kind: 'webhook:release', at, endpointId: 'we_…', closesAt })
 */
export function releaseShuffled(
  tenant: Tenant,
  store: TenantStore,
  job: Pick<ReleaseJob, 'at' | 'endpointId'>,
): Promise<void> {
  const order = heldForRelease(store, job).map((delivery) => ({
    id: delivery.id,
    key: tenant.opaqueId(`webhook-shuffle:${delivery.id}`),
  }))
  order.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  tenant.record('webhook:released', { endpointId: job.endpointId, deliveryIds: order.map(({ id }) => id) })
  tenant.background.start(
    (async () => {
      for (const { id } of order) await attemptDelivery(tenant, store, id)
    })(),
  )
  return Promise.resolve()
}

/** The deliveries a release job holds: the endpoint's, pending, not yet attempted, held by the shuffle until its time. */
function heldForRelease(store: TenantStore, job: Pick<ReleaseJob, 'at' | 'endpointId'>): WebhookDelivery[] {
  const at = isoTime(job.at)
  return store.webhookDeliveries.filter(
    (delivery) =>
      delivery.endpointId === job.endpointId &&
      delivery.status === 'pending' &&
      delivery.heldBy === 'shuffle' &&
      delivery.attempts.length === 0 &&
      delivery.nextAttemptAt === at,
  )
}

/**
 * After a restore: a pending delivery no restored job will attempt (its attempt was in flight when the state was
 * saved) is attempted again now, in the background; at least once, so a receiver may see it twice.
 *
 * @example
 * resumeDeliveries(tenant, restoredStore)
 */
export function resumeDeliveries(tenant: Tenant, store: TenantStore): void {
  const scheduled = new Set<string>()
  for (const job of tenant.jobs) {
    if (job.kind === 'webhook:retry' || job.kind === 'webhook:attempt') scheduled.add(job.deliveryId)
    else if (job.kind === 'webhook:release') for (const held of heldForRelease(store, job)) scheduled.add(held.id)
  }
  for (const delivery of store.webhookDeliveries.where('pending', 'pending')) {
    if (!scheduled.has(delivery.id)) tenant.background.start(attemptDelivery(tenant, store, delivery.id))
  }
}

/** An attempt the tenant clock made due (a retry, a delayed first attempt): started in the background, so the clock's advance never waits on a receiver. */
export function retryDelivery(tenant: Tenant, store: TenantStore, deliveryId: string): Promise<void> {
  tenant.background.start(attemptDelivery(tenant, store, deliveryId))
  return Promise.resolve()
}

/** The tenant's deliveries, newest first, at most `limit` (the control API's delivery log). */
export async function listWebhookDeliveries(tenant: Tenant, limit: number): Promise<WebhookDelivery[]> {
  return (await tenant.store()).webhookDeliveries.all().slice(-limit).reverse()
}

import { z } from 'zod'
import { jsonAtMost, MAX_TRIGGER_DATA_CHARS } from './json-size.ts'
import { durationText } from './control.ts'
import { IsoTimestamp } from './currency.ts'
import { WEBHOOK_CATALOGUE, webhookEntry, type WebhookEventName } from './webhook-catalogue.ts'

/**
 * The events the sandbox delivers to a partner's server, in catalogue order: the names of `WEBHOOK_CATALOGUE`
 * (decision 0087), where each event's family and `data` schema live. Add an event there, not here.
 */
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_CATALOGUE) as [WebhookEventName, ...WebhookEventName[]]
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES)
export type WebhookEventType = z.infer<typeof WebhookEventType>

/**
 * An event type as endpoints and state files may still name it: `customer_verification_updated`, the sandbox's name
 * before the reference's `customer.identity_status_updated`, is read as the new name (decision 0087).
 */
const KnownEventType = z.preprocess(
  (name) => (name === 'customer_verification_updated' ? 'customer.identity_status_updated' : name),
  WebhookEventType,
)

/** Which family or families an endpoint takes (decision 0087): the service registers them apart; `both` takes each. */
export const WebhookEndpointFamily = z.enum(['widget', 'platform', 'both'])
export type WebhookEndpointFamily = z.infer<typeof WebhookEndpointFamily>

/**
 * The families `events` belong to: one family, or `both` when they span the two; undefined for no events.
 *
 * @example
 * familyOfEvents(['transaction_created', 'transaction_failed']) // 'widget'
 * familyOfEvents(['transaction_created', 'transaction.updated']) // 'both'
 */
export function familyOfEvents(events: readonly WebhookEventType[]): WebhookEndpointFamily | undefined {
  const families = new Set(events.map((type) => webhookEntry(type).family))
  if (families.size === 0) return undefined
  return families.size === 2 ? 'both' : [...families][0]!
}

/** Whether an endpoint of `family` takes events of `type`'s family. */
export function familyTakes(family: WebhookEndpointFamily, type: WebhookEventType): boolean {
  return family === 'both' || webhookEntry(type).family === family
}

/**
 * Headers every delivery carries besides the reference's, documented as the sandbox's own (decision 0087): the event's
 * id (the same on every attempt, duplicate and resend; a widget body has no id) and the delivery's id (the control
 * API's, for resend and the log).
 */
export const SANDBOX_EVENT_ID_HEADER = 'x-sandbox-event-id'
/** See {@link SANDBOX_EVENT_ID_HEADER}. */
export const SANDBOX_DELIVERY_ID_HEADER = 'x-sandbox-delivery-id'

/** How an endpoint's deliveries are signed: the service's `t=…,s=…` header, or Standard Webhooks (decision 0058). */
export const WebhookScheme = z.enum(['sandbox', 'standard'])
export type WebhookScheme = z.infer<typeof WebhookScheme>

/** Where a webhook goes: an absolute http(s) URL without credentials. Which hosts are allowed is the sandbox's to say. */
export const WebhookUrl = z
  .string()
  .max(2048, 'url must be at most 2048 characters')
  .refine((text) => URL.canParse(text), 'url must be an absolute URL')
  .refine((text) => !URL.canParse(text) || /^https?:$/.test(new URL(text).protocol), 'url must be http or https')
  .refine(
    (text) => !URL.canParse(text) || (new URL(text).username === '' && new URL(text).password === ''),
    'url must not carry a user name or password',
  )

/** How long a delivery's first attempt is held (`delay`), or how long a window of events is gathered (`shuffleWindow`): up to a day. */
const HoldDuration = (field: string) => durationText(field, 86_400_000, '1d').nullable()

/**
 * Switches that make delivery harder on purpose, so a receiver is tested against what at-least-once, unordered
 * delivery allows (decision 0061): every event twice, events of a window in a seeded shuffled order, first attempts
 * held on the tenant clock.
 */
const DeliverySwitches = {
  /** Every event is delivered twice: two deliveries of the same body (same event id), each retried on its own. */
  duplicate: z.boolean(),
  /** Events emitted within this long (sandbox time) of the window's first are held, then delivered in a seeded shuffled order; null: off. */
  shuffleWindow: HoldDuration('shuffleWindow'),
  /** Each first attempt waits this long on the tenant clock (`POST /__sandbox/clock/advance` fires it); null: at once. */
  delay: HoldDuration('delay'),
}

const EndpointRecordFields = z.strictObject({
  id: z.string(),
  url: WebhookUrl,
  /** The families it takes; absent in state files written before families: the families of its `events`. */
  family: WebhookEndpointFamily.optional(),
  events: z.array(KnownEventType),
  enabled: z.boolean(),
  scheme: WebhookScheme,
  // Absent in state files written before the switches: off.
  duplicate: DeliverySwitches.duplicate.default(false),
  shuffleWindow: DeliverySwitches.shuffleWindow.default(null),
  delay: DeliverySwitches.delay.default(null),
  secretVersion: z.number().int().min(1),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
})

/** An endpoint as the sandbox keeps it: its secret is derived from the sandbox's signing secret and `secretVersion`. */
export const WebhookEndpointRecord = EndpointRecordFields.transform(({ family, ...endpoint }) => ({
  ...endpoint,
  family: family ?? familyOfEvents(endpoint.events) ?? 'widget',
}))
export type WebhookEndpointRecord = z.infer<typeof WebhookEndpointRecord>

/** An endpoint as the control API shows it. */
export const WebhookEndpoint = EndpointRecordFields.omit({ secretVersion: true }).extend({
  family: WebhookEndpointFamily,
})
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>

/** An endpoint with its signing secret: what creating one, rotating its secret or asking for it answers. */
export const WebhookEndpointWithSecret = WebhookEndpoint.extend({ secret: z.string() })
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>

/**
 * Body of `GET /__sandbox/webhooks/key`: the account's webhook API key in this mode (what the service's dashboard
 * shows on its Developers page) and the header it signs, the V2 one (decision 0086).
 */
export const WebhookApiKeyView = z.object({
  /** `wk_<mode>_…`: the key of the V2 signature header; neither the `sk_` secret key nor any endpoint's secret. */
  webhookApiKey: z.string(),
  /** The header it signs (`webhookSignatureHeader` of the settings). */
  header: z.string(),
  /** The header each endpoint's secret signs (`webhookLegacySignatureHeader` of the settings). */
  legacyHeader: z.string(),
})
export type WebhookApiKeyView = z.infer<typeof WebhookApiKeyView>

/** The event types an endpoint wants: at least one, each once. */
const EventTypes = z
  .array(KnownEventType)
  .min(1, 'events must name at least one event type')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((types) => new Set(types).size === types.length, 'events must name each event type once')

/**
 * Body of `POST /__sandbox/webhooks/endpoints`: enabled, `sandbox` signatures unless given; `family` defaults to the
 * families of `events`, else `widget`; `events` to every event of the family (decision 0087). A `family` and `events`
 * that disagree are refused.
 */
const EndpointFields = z.strictObject({
  url: WebhookUrl,
  family: WebhookEndpointFamily.optional(),
  events: EventTypes.optional(),
  enabled: z.boolean().optional(),
  scheme: WebhookScheme.optional(),
  duplicate: DeliverySwitches.duplicate.optional(),
  shuffleWindow: DeliverySwitches.shuffleWindow.optional(),
  delay: DeliverySwitches.delay.optional(),
})

/** Refuses an `events` entry outside `family`, naming it. */
function eventsWithinFamily(
  input: { family?: WebhookEndpointFamily | undefined; events?: WebhookEventType[] | undefined },
  context: z.RefinementCtx,
): void {
  const { family, events } = input
  if (family === undefined || events === undefined) return
  events.forEach((type, index) => {
    if (!familyTakes(family, type))
      context.addIssue({
        code: 'custom',
        path: ['events', index],
        message: `events must belong to the endpoint's family (${family}): ${type} is a ${webhookEntry(type).family} event; give family "both" to take both`,
      })
  })
}

export const CreateWebhookEndpoint = EndpointFields.superRefine(eventsWithinFamily)
export type CreateWebhookEndpoint = z.infer<typeof CreateWebhookEndpoint>

/** Body of `POST /__sandbox/webhooks/endpoints/{id}`: any of the fields, at least one (a new `family` alone takes every event of it). */
export const UpdateWebhookEndpoint = EndpointFields.partial()
  .refine(
    (update) => Object.keys(update).length > 0,
    'the body must change at least one of url, family, events, enabled, scheme, duplicate, shuffleWindow, delay',
  )
  .superRefine(eventsWithinFamily)
export type UpdateWebhookEndpoint = z.infer<typeof UpdateWebhookEndpoint>

/** One try at delivering a webhook: when, the headers sent, what the endpoint answered (or why nothing came back), how long it took. */
export const WebhookAttempt = z.strictObject({
  at: IsoTimestamp,
  /** The headers the sandbox sent (signature headers, user agent); absent in state files written before them. */
  requestHeaders: z.record(z.string(), z.string()).default({}),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().min(0),
})
export type WebhookAttempt = z.infer<typeof WebhookAttempt>

/** Where a delivery stands: still to be tried (or retried), delivered (a 2xx), or failed for good. */
export const WebhookDeliveryStatus = z.enum(['pending', 'delivered', 'failed'])

/**
 * Why a delivery exists: an event the sandbox emitted, the second copy the endpoint's `duplicate` switch makes, a
 * resend (`POST /__sandbox/webhooks/deliveries/{id}/resend`) or a trigger (`POST /__sandbox/webhooks/trigger`).
 */
export const WebhookDeliveryOrigin = z.enum(['event', 'duplicate', 'resend', 'trigger'])

/** What holds a delivery's first attempt back: the endpoint's `delay`, or its `shuffleWindow` still gathering events. */
export const WebhookHold = z.enum(['delay', 'shuffle'])
export type WebhookHold = z.infer<typeof WebhookHold>

/** One event on its way to one endpoint: the body it sends on every attempt, and every attempt so far. */
export const WebhookDelivery = z.strictObject({
  id: z.string(),
  eventId: z.string(),
  endpointId: z.string(),
  type: KnownEventType,
  url: z.string(),
  status: WebhookDeliveryStatus,
  attempts: z.array(WebhookAttempt),
  /** When the next attempt is due on the tenant clock; null once delivered or failed. */
  nextAttemptAt: IsoTimestamp.nullable(),
  // The three below are absent in state files written before them.
  origin: WebhookDeliveryOrigin.default('event'),
  /** The delivery this one copies (a duplicate's first, a resend's original); null for others. */
  copyOf: z.string().nullable().default(null),
  /** What holds the first attempt back until `nextAttemptAt`; null once it is made (or when nothing did). */
  heldBy: WebhookHold.nullable().default(null),
  createdAt: IsoTimestamp,
  /** The body as sent, JSON text, in the event's family's envelope: widget `{type, data}`, platform `{id, type, timestamp, data}` (`eventId` is the platform `id`). */
  body: z.string(),
})
export type WebhookDelivery = z.infer<typeof WebhookDelivery>

/**
 * Body of `POST /__sandbox/webhooks/trigger`: an event of `type` fired now, its `data` the object's current API view
 * (the transaction, sell transaction (by `transactionId`) or customer named, else the tenant's newest) deep-merged with `data`'s overrides.
 */
export const TriggerWebhook = z.strictObject({
  type: KnownEventType,
  transactionId: z.string().min(1).max(128).optional(),
  customerId: z.string().min(1).max(128).optional(),
  data: z
    .record(z.string(), z.unknown())
    .refine(...jsonAtMost('data', MAX_TRIGGER_DATA_CHARS))
    .optional(),
})
export type TriggerWebhook = z.infer<typeof TriggerWebhook>

/** What a trigger answers: the event's id and a delivery per endpoint that wants the type. */
export const TriggeredWebhook = z.strictObject({ eventId: z.string(), deliveries: z.array(WebhookDelivery) })
export type TriggeredWebhook = z.infer<typeof TriggeredWebhook>

import { z } from 'zod'
import { IsoTimestamp } from './currency.ts'

/**
 * The events the sandbox delivers to a partner's server (DESIGN §8; the spec leaves server-side events "not shown",
 * the service's public reference names these): a buy transaction created, moved on, failed; a customer's
 * verification status changed.
 */
export const WEBHOOK_EVENT_TYPES = ['transaction_created', 'transaction_updated', 'transaction_failed', 'customer_verification_updated'] as const
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES)
export type WebhookEventType = z.infer<typeof WebhookEventType>

/** How an endpoint's deliveries are signed: the service's `t=…,s=…` header, or Standard Webhooks (decision 0058). */
export const WebhookScheme = z.enum(['sandbox', 'standard'])
export type WebhookScheme = z.infer<typeof WebhookScheme>

/** Where a webhook goes: an absolute http(s) URL without credentials. Which hosts are allowed is the sandbox's to say. */
export const WebhookUrl = z
  .string()
  .max(2048, 'url must be at most 2048 characters')
  .refine((text) => URL.canParse(text), 'url must be an absolute URL')
  .refine((text) => !URL.canParse(text) || /^https?:$/.test(new URL(text).protocol), 'url must be http or https')
  .refine((text) => !URL.canParse(text) || (new URL(text).username === '' && new URL(text).password === ''), 'url must not carry a user name or password')

/** An endpoint as the sandbox keeps it: its secret is derived from the sandbox's signing secret and `secretVersion`. */
export const WebhookEndpointRecord = z.strictObject({
  id: z.string(),
  url: WebhookUrl,
  events: z.array(WebhookEventType),
  enabled: z.boolean(),
  scheme: WebhookScheme,
  secretVersion: z.number().int().min(1),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
})
export type WebhookEndpointRecord = z.infer<typeof WebhookEndpointRecord>

/** An endpoint as the control API shows it. */
export const WebhookEndpoint = WebhookEndpointRecord.omit({ secretVersion: true })
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>

/** An endpoint with its signing secret: what creating one, rotating its secret or asking for it answers. */
export const WebhookEndpointWithSecret = WebhookEndpoint.extend({ secret: z.string() })
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>

/** The event types an endpoint wants: at least one, each once. */
const EventTypes = z
  .array(WebhookEventType)
  .min(1, 'events must name at least one event type')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((types) => new Set(types).size === types.length, 'events must name each event type once')

/** Body of `POST /__sandbox/webhooks/endpoints`: every event type, enabled, `sandbox` signatures unless given. */
export const CreateWebhookEndpoint = z.strictObject({
  url: WebhookUrl,
  events: EventTypes.optional(),
  enabled: z.boolean().optional(),
  scheme: WebhookScheme.optional(),
})
export type CreateWebhookEndpoint = z.infer<typeof CreateWebhookEndpoint>

/** Body of `POST /__sandbox/webhooks/endpoints/{id}`: any of the fields, at least one. */
export const UpdateWebhookEndpoint = CreateWebhookEndpoint.partial().refine((update) => Object.keys(update).length > 0, 'the body must change at least one of url, events, enabled, scheme')
export type UpdateWebhookEndpoint = z.infer<typeof UpdateWebhookEndpoint>

/** One try at delivering a webhook: when, what the endpoint answered (or why nothing came back), how long it took. */
export const WebhookAttempt = z.strictObject({
  at: IsoTimestamp,
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().min(0),
})
export type WebhookAttempt = z.infer<typeof WebhookAttempt>

/** Where a delivery stands: still to be tried (or retried), delivered (a 2xx), or failed for good. */
export const WebhookDeliveryStatus = z.enum(['pending', 'delivered', 'failed'])

/** One event on its way to one endpoint: the body it sends on every attempt, and every attempt so far. */
export const WebhookDelivery = z.strictObject({
  id: z.string(),
  eventId: z.string(),
  endpointId: z.string(),
  type: WebhookEventType,
  url: z.string(),
  status: WebhookDeliveryStatus,
  attempts: z.array(WebhookAttempt),
  /** When the next retry is due on the tenant clock; null once delivered or failed. */
  nextAttemptAt: IsoTimestamp.nullable(),
  createdAt: IsoTimestamp,
  /** The envelope as sent, JSON text: `{id, type, createdAt, data}`. */
  body: z.string(),
})
export type WebhookDelivery = z.infer<typeof WebhookDelivery>

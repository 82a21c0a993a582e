import { z } from 'zod'
import { WidgetTransaction } from './onramp-transaction.ts'
import { IdentityCheck } from './identity-check.ts'
import { CustomerDetails } from './platform/customer-api.ts'
import { Transaction } from './platform/transaction.ts'
import { SellRequote } from './sell-requote.ts'
import { SellTransaction } from './sell-transaction.ts'
import { SwapTransaction } from './swap-transaction.ts'

/**
 * The service's two webhook families (the reference, §3 and §4; decision 0087): `widget` events are `snake_case` and
 * sent as `{type, data}` with the widget API's objects; `platform` events are dotted and sent as
 * `{id, type, timestamp, data}` with the platform API's objects.
 */
export const WebhookFamily = z.enum(['widget', 'platform'])
export type WebhookFamily = z.infer<typeof WebhookFamily>

/**
 * What an event's `data` is about, so the sandbox knows how to read it by id (a trigger, a GET): the widget buy
 * (`GET /v1/transactions/{id}`), the platform transaction (`GET /platform/v1/transactions/{id}`), the widget sell
 * (`GET /v3/sell_transactions/{id}`), the sell's requote (the reduced sell of the reference's requote page, decision
 * 0088), the swap (`GET /v4/swap/transaction/{id}`), the customer (`GET /platform/v1/customers/{id}`), the
 * customer's identity check (decision 0088).
 */
export const WebhookSubject = z.enum([
  'buy',
  'platform-transaction',
  'sell',
  'sell-requote',
  'swap',
  'customer',
  'identity-check',
])
export type WebhookSubject = z.infer<typeof WebhookSubject>

/** One event of the catalogue: its family, what it is about, and its `data`'s schema (the GET's own). */
export interface WebhookCatalogueEntry {
  family: WebhookFamily
  subject: WebhookSubject
  data: z.ZodObject
  /** The widget body repeats `data.externalCustomerId` at its top level (the reference's `identity_check_updated`). */
  topLevelExternalCustomerId?: true
}

/**
 * Every event the sandbox sends, one entry each (decision 0087): adding an event is adding its entry here (and
 * emitting it where its object changes). Widget buy events carry the buy as the widget API's
 * `GET /v1/transactions/{id}` shows it; `transaction.updated` carries the same buy as the platform API's
 * `GET /platform/v1/transactions/{id}` shows it; `customer.identity_status_updated` the customer as the Customer API
 * reads it (it was `customer_verification_updated`, a name the sandbox made up before the reference had one).
 *
 * @example
 * WEBHOOK_CATALOGUE.transaction_created.family // 'widget'
 * WEBHOOK_CATALOGUE['transaction.updated'].data // Transaction (the platform API's schema)
 */
export const WEBHOOK_CATALOGUE = {
  transaction_created: { family: 'widget', subject: 'buy', data: WidgetTransaction },
  transaction_updated: { family: 'widget', subject: 'buy', data: WidgetTransaction },
  transaction_failed: { family: 'widget', subject: 'buy', data: WidgetTransaction },
  sell_transaction_created: { family: 'widget', subject: 'sell', data: SellTransaction },
  sell_transaction_updated: { family: 'widget', subject: 'sell', data: SellTransaction },
  sell_transaction_failed: { family: 'widget', subject: 'sell', data: SellTransaction },
  sell_transaction_requote_required: { family: 'widget', subject: 'sell-requote', data: SellRequote },
  swap_transaction_created: { family: 'widget', subject: 'swap', data: SwapTransaction },
  swap_deposit_wallet_created: { family: 'widget', subject: 'swap', data: SwapTransaction },
  swap_deposit_received: { family: 'widget', subject: 'swap', data: SwapTransaction },
  swap_asset_delivery_initiated: { family: 'widget', subject: 'swap', data: SwapTransaction },
  swap_transaction_completed: { family: 'widget', subject: 'swap', data: SwapTransaction },
  swap_transaction_failed: { family: 'widget', subject: 'swap', data: SwapTransaction },
  swap_quote_expired: { family: 'widget', subject: 'swap', data: SwapTransaction },
  swap_quote_invalid: { family: 'widget', subject: 'swap', data: SwapTransaction },
  swap_refund_asset_delivery_initiated: { family: 'widget', subject: 'swap', data: SwapTransaction },
  swap_refund_completed: { family: 'widget', subject: 'swap', data: SwapTransaction },
  identity_check_updated: {
    family: 'widget',
    subject: 'identity-check',
    data: IdentityCheck,
    topLevelExternalCustomerId: true,
  },
  'transaction.updated': { family: 'platform', subject: 'platform-transaction', data: Transaction },
  'customer.identity_status_updated': { family: 'platform', subject: 'customer', data: CustomerDetails },
} as const satisfies Record<string, WebhookCatalogueEntry>

/** An event type: a name of the catalogue. */
export type WebhookEventName = keyof typeof WEBHOOK_CATALOGUE

/** What each event carries as `data`: the object as its GET shows it at that moment. */
export type WebhookData = { [Type in WebhookEventName]: z.infer<(typeof WEBHOOK_CATALOGUE)[Type]['data']> }

const ENTRIES = new Map<string, WebhookCatalogueEntry>(Object.entries(WEBHOOK_CATALOGUE))

/**
 * The catalogue's entry of an event type (a Map, so an outside name never reaches the object's prototype).
 *
 * @example
 * webhookEntry('customer.identity_status_updated').family // 'platform'
 */
export function webhookEntry(type: WebhookEventName): WebhookCatalogueEntry {
  return ENTRIES.get(type)!
}

/**
 * The event types of a family, in catalogue order.
 *
 * @example
 * eventTypesOf('platform') // ['transaction.updated', 'customer.identity_status_updated']
 */
export function eventTypesOf(family: WebhookFamily): WebhookEventName[] {
  return (Object.keys(WEBHOOK_CATALOGUE) as WebhookEventName[]).filter((type) => webhookEntry(type).family === family)
}

/** A widget webhook's body: `{type, data}`, with `externalCustomerId` at the top for the events that repeat it. */
export const WidgetWebhookBody = z.object({
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  externalCustomerId: z.string().nullable().optional(),
})
export type WidgetWebhookBody = z.infer<typeof WidgetWebhookBody>

/** A platform webhook's body: `{id, type, timestamp, data}`; `id` names the event (the same on every attempt). */
export const PlatformWebhookBody = z.object({
  id: z.string(),
  type: z.string(),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
})
export type PlatformWebhookBody = z.infer<typeof PlatformWebhookBody>

/**
 * The body an event is sent as, in its family's envelope: widget `{type, data}` (no id, no time: the reference shows
 * none), platform `{id, type, timestamp, data}`.
 *
 * @example
 * webhookBody('transaction_created', { eventId: 'evt_1', at: '2026-01-01T00:00:00.000Z' }, buy) // { type: 'transaction_created', data: buy }
 * webhookBody('transaction.updated', { eventId: 'evt_2', at: '2026-01-01T00:00:00.000Z' }, record) // { id: 'evt_2', type, timestamp, data }
 */
export function webhookBody(
  type: WebhookEventName,
  event: { eventId: string; at: string },
  data: Record<string, unknown>,
): WidgetWebhookBody | PlatformWebhookBody {
  return envelopeOf(webhookEntry(type), type, event, data)
}

/**
 * The body of an event of `type` as its catalogue entry says (what `webhookBody` does once it has the entry): the
 * widget envelope repeats `data.externalCustomerId` at its top when the entry says so (`identity_check_updated`).
 *
 * @example
 * envelopeOf({ family: 'widget', subject: 'identity-check', data, topLevelExternalCustomerId: true }, 'identity_check_updated', event, check)
 * // { type: 'identity_check_updated', data: check, externalCustomerId: check.externalCustomerId }
 */
export function envelopeOf(
  entry: WebhookCatalogueEntry,
  type: string,
  event: { eventId: string; at: string },
  data: Record<string, unknown>,
): WidgetWebhookBody | PlatformWebhookBody {
  if (entry.family === 'platform') return { id: event.eventId, type, timestamp: event.at, data }
  if (!entry.topLevelExternalCustomerId) return { type, data }
  const external = data.externalCustomerId
  return { type, data, externalCustomerId: typeof external === 'string' ? external : null }
}

/**
 * Reads a webhook body of either family: the event's type, its `data`, and the platform envelope's `id` (widget bodies
 * have none). Undefined for anything else.
 *
 * @example
 * readWebhookBody('{"type":"transaction_created","data":{"id":"txn_1"}}') // { type: 'transaction_created', data: { id: 'txn_1' }, id: undefined }
 */
export function readWebhookBody(
  text: string,
): { type: string; data: Record<string, unknown>; id: string | undefined } | undefined {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return undefined
  }
  const platform = PlatformWebhookBody.safeParse(json)
  if (platform.success) return { type: platform.data.type, data: platform.data.data, id: platform.data.id }
  const widget = WidgetWebhookBody.safeParse(json)
  return widget.success ? { type: widget.data.type, data: widget.data.data, id: undefined } : undefined
}

import type { WebhookDelivery } from '#contract/index.ts'

/** What a recording reads of a delivery from the delivery log. */
export type LoggedDelivery = Pick<WebhookDelivery, 'eventId' | 'endpointId' | 'type'>

/** The webhooks a replay expects, and whether it must listen first because no registration was journaled. */
interface RecordedWebhooks {
  events: Array<{ type: WebhookDelivery['type'] }>
  listenFirst: boolean
}

/**
 * The event types a replay of a recorded tenant expects, in the order they were emitted (the delivery log lists the
 * newest first): those sent to the endpoints the journal saw registered (each replayed as a `webhooks: 'listen'`
 * step), or, when it saw none, each event once, for one endpoint of every type the replay registers first. Only the
 * types: ids, instants and what the partner's receiver answered do not repeat.
 *
 * @example
 * recordedWebhooks(deliveries, ['we_1']) // { events: [{ type: 'transaction_created' }, …], listenFirst: false }
 */
export function recordedWebhooks(log: LoggedDelivery[], registered: string[]): RecordedWebhooks {
  const oldestFirst = [...log].reverse()
  if (registered.length > 0)
    return {
      events: oldestFirst.filter((delivery) => registered.includes(delivery.endpointId)).map(({ type }) => ({ type })),
      listenFirst: false,
    }
  const seen = new Set<string>()
  const events = oldestFirst
    .filter((delivery) => !seen.has(delivery.eventId) && seen.add(delivery.eventId))
    .map(({ type }) => ({ type }))
  return { events, listenFirst: events.length > 0 }
}

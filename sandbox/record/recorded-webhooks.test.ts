import { describe, expect, it } from 'vitest'
import { recordedWebhooks, type LoggedDelivery } from './recorded-webhooks.ts'

/** A delivery log as the control API lists it: newest first. */
const log: LoggedDelivery[] = [
  { eventId: 'evt_2', endpointId: 'we_b', type: 'transaction_updated' },
  { eventId: 'evt_2', endpointId: 'we_a', type: 'transaction_updated' },
  { eventId: 'evt_1', endpointId: 'we_a', type: 'transaction_created' },
]

describe('recordedWebhooks', () => {
  it('expects the deliveries to the registered endpoints, oldest first', () => {
    expect(recordedWebhooks(log, ['we_a'])).toEqual({
      events: [{ type: 'transaction_created' }, { type: 'transaction_updated' }],
      listenFirst: false,
    })
  })

  it('expects each event once and listens first when no registration was journaled', () => {
    expect(recordedWebhooks(log, [])).toEqual({
      events: [{ type: 'transaction_created' }, { type: 'transaction_updated' }],
      listenFirst: true,
    })
  })

  it('expects nothing and does not listen when the log is empty', () => {
    expect(recordedWebhooks([], [])).toEqual({ events: [], listenFirst: false })
  })
})

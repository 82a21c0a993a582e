import { describe, expect, it } from 'vitest'
import type { TimelineEntry } from '../recording.ts'
import { SANDBOX_EVENT_ID_HEADER } from '#contract/index.ts'
import { signWebhook } from '#kernel/webhook-signature.ts'
import {
  KEY,
  OTHER_SECRET,
  OTHER_WEBHOOK_KEY,
  SECRET,
  WEBHOOK_KEY,
  WIDGET_BODY,
  signedDelivery,
} from './webhook-inbox-test-kit.ts'
import { WebhookInboxes } from './webhook-inboxes.ts'

const URL_OF = 'http://127.0.0.1:9/__harness/acct/hooks'

function listening(answers: number[] = [], scheme: 'sandbox' | 'standard' = 'sandbox') {
  const inboxes = new WebhookInboxes()
  const timeline: TimelineEntry[] = []
  inboxes.listen('/__harness/acct/hooks', 'hooks', {
    secret: SECRET,
    scheme,
    key: KEY,
    answers,
    note: (entry) => timeline.push(entry),
  })
  return { inboxes, timeline }
}

describe('WebhookInboxes', () => {
  it('keeps a delivery that verifies, with the status it answered', async () => {
    const { inboxes } = listening()
    expect((await inboxes.receive(signedDelivery(URL_OF))).status).toBe(200)
    expect(inboxes.received('/__harness/acct/hooks')).toEqual([
      { eventId: 'evt_1', type: 'transaction_created', data: { id: 'txn_1', status: 'pending' }, status: 200 },
    ])
  })

  it('answers its statuses to successive deliveries, then 200', async () => {
    const { inboxes } = listening([500, 503])
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await inboxes.receive(signedDelivery(URL_OF))).status)
    expect(statuses).toEqual([500, 503, 200])
  })

  it('refuses a delivery whose legacy header is signed with another secret (its V2 header good) with 400, naming the legacy header in a finding', async () => {
    const { inboxes } = listening()
    expect((await inboxes.receive(signedDelivery(URL_OF, OTHER_SECRET))).status).toBe(400)
    expect(inboxes.received('/__harness/acct/hooks')).toEqual([])
    expect(inboxes.findings('/__harness/acct/hooks')).toEqual([
      expect.stringContaining(
        "a webhook to hooks does not verify: its legacy header moonpay-signature (the endpoint's secret): signature_mismatch",
      ),
    ])
  })

  it('refuses a delivery whose V2 header is signed with another key (its legacy header good) with 400, naming the V2 header in a finding', async () => {
    const { inboxes } = listening()
    expect(
      (await inboxes.receive(signedDelivery(URL_OF, SECRET, 'evt_1', WIDGET_BODY, OTHER_WEBHOOK_KEY))).status,
    ).toBe(400)
    expect(inboxes.received('/__harness/acct/hooks')).toEqual([])
    expect(inboxes.findings('/__harness/acct/hooks')).toEqual([
      expect.stringContaining(
        "a webhook to hooks does not verify: its V2 header moonpay-signature-v2 (the account's webhook API key): signature_mismatch",
      ),
    ])
  })

  it('refuses a delivery without the V2 header, naming it', async () => {
    const { inboxes } = listening()
    const headers = signWebhook(WIDGET_BODY, SECRET, { timestamp: Math.floor(Date.now() / 1000) })
    const request = new Request(URL_OF, {
      method: 'POST',
      headers: { [SANDBOX_EVENT_ID_HEADER]: 'evt_1', ...headers },
      body: WIDGET_BODY,
    })
    expect((await inboxes.receive(request)).status).toBe(400)
    expect(inboxes.findings('/__harness/acct/hooks')).toEqual([
      expect.stringContaining("its V2 header moonpay-signature-v2 (the account's webhook API key): missing_signature"),
    ])
  })

  it('verifies the V2 header and the Standard Webhooks headers of a standard-scheme endpoint', async () => {
    const { inboxes } = listening([], 'standard')
    const signed = (key: string) => {
      const headers = signWebhook(WIDGET_BODY, [key, SECRET], {
        timestamp: Math.floor(Date.now() / 1000),
        scheme: 'standard',
        id: 'evt_1',
      })
      return new Request(URL_OF, {
        method: 'POST',
        headers: { [SANDBOX_EVENT_ID_HEADER]: 'evt_1', ...headers },
        body: WIDGET_BODY,
      })
    }
    expect((await inboxes.receive(signed(WEBHOOK_KEY))).status).toBe(200)
    expect((await inboxes.receive(signed(OTHER_WEBHOOK_KEY))).status).toBe(400)
    expect((await inboxes.receive(signedDelivery(URL_OF))).status).toBe(400)
    expect(inboxes.findings('/__harness/acct/hooks')).toEqual([
      expect.stringContaining('its V2 header moonpay-signature-v2'),
      expect.stringContaining("its Standard Webhooks headers (the endpoint's secret): missing_signature"),
    ])
  })

  it('notes every arrival on the timeline', async () => {
    const { inboxes, timeline } = listening([500])
    await inboxes.receive(signedDelivery(URL_OF))
    expect(timeline).toEqual([{ actor: 'sandbox', target: 'webhooks:hooks', what: 'transaction_created → 500' }])
  })

  it('keeps a platform delivery {id, type, timestamp, data} whose id is the event id', async () => {
    const { inboxes } = listening()
    const body = JSON.stringify({
      id: 'evt_2',
      type: 'transaction.updated',
      timestamp: '2026-01-01T00:00:00.000Z',
      data: { id: 'txn_1' },
    })
    expect((await inboxes.receive(signedDelivery(URL_OF, SECRET, 'evt_2', body))).status).toBe(200)
    expect(inboxes.received('/__harness/acct/hooks')).toEqual([
      { eventId: 'evt_2', type: 'transaction.updated', data: { id: 'txn_1' }, status: 200 },
    ])
  })

  it.each([
    [
      'a widget event in the platform envelope',
      JSON.stringify({ id: 'evt_1', type: 'transaction_created', timestamp: '2026-01-01T00:00:00.000Z', data: {} }),
      'must be exactly {type, data}',
    ],
    [
      'a widget event with the old envelope',
      JSON.stringify({ id: 'evt_1', type: 'transaction_created', createdAt: '2026-01-01T00:00:00.000Z', data: {} }),
      'must be exactly {type, data}',
    ],
    [
      'a platform event without its id',
      JSON.stringify({ type: 'transaction.updated', data: {} }),
      'must be exactly {id, type, timestamp, data}',
    ],
    ['an unknown type', JSON.stringify({ type: 'transaction_exploded', data: {} }), 'no event of the catalogue'],
  ])('refuses %s with 400 and records why as a finding', async (_, body, why) => {
    const { inboxes } = listening()
    expect((await inboxes.receive(signedDelivery(URL_OF, SECRET, 'evt_1', body))).status).toBe(400)
    expect(inboxes.findings('/__harness/acct/hooks')).toEqual([expect.stringContaining(why)])
  })

  it('answers 404 for a path no run listens on, and after the inbox is closed', async () => {
    const { inboxes } = listening()
    expect((await inboxes.receive(signedDelivery('http://127.0.0.1:9/__harness/acct/other'))).status).toBe(404)
    inboxes.close('/__harness/acct/hooks')
    expect((await inboxes.receive(signedDelivery(URL_OF))).status).toBe(404)
  })
})

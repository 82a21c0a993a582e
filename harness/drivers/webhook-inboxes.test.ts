import { describe, expect, it } from 'vitest'
import type { TimelineEntry } from '../recording.ts'
import { OTHER_SECRET, SECRET, signedDelivery } from './webhook-inbox-test-kit.ts'
import { WebhookInboxes } from './webhook-inboxes.ts'

const URL_OF = 'http://127.0.0.1:9/__harness/acct/hooks'

function listening(answers: number[] = []) {
  const inboxes = new WebhookInboxes()
  const timeline: TimelineEntry[] = []
  inboxes.listen('/__harness/acct/hooks', 'hooks', { secret: SECRET, scheme: 'sandbox', answers, note: (entry) => timeline.push(entry) })
  return { inboxes, timeline }
}

describe('WebhookInboxes', () => {
  it('keeps a delivery that verifies, with the status it answered', async () => {
    const { inboxes } = listening()
    expect((await inboxes.receive(signedDelivery(URL_OF))).status).toBe(200)
    expect(inboxes.received('/__harness/acct/hooks')).toEqual([{ eventId: 'evt_1', type: 'transaction_created', data: { id: 'txn_1', status: 'pending' }, status: 200 }])
  })

  it('answers its statuses to successive deliveries, then 200', async () => {
    const { inboxes } = listening([500, 503])
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await inboxes.receive(signedDelivery(URL_OF))).status)
    expect(statuses).toEqual([500, 503, 200])
  })

  it('refuses a delivery signed with another secret with 400 and records it as a finding', async () => {
    const { inboxes } = listening()
    expect((await inboxes.receive(signedDelivery(URL_OF, OTHER_SECRET))).status).toBe(400)
    expect(inboxes.received('/__harness/acct/hooks')).toEqual([])
    expect(inboxes.findings('/__harness/acct/hooks')).toEqual([expect.stringContaining('a webhook to hooks does not verify (signature_mismatch')])
  })

  it('notes every arrival on the timeline', async () => {
    const { inboxes, timeline } = listening([500])
    await inboxes.receive(signedDelivery(URL_OF))
    expect(timeline).toEqual([{ actor: 'sandbox', target: 'webhooks:hooks', what: 'transaction_created → 500' }])
  })

  it('keeps a platform delivery {id, type, timestamp, data} whose id is the event id', async () => {
    const { inboxes } = listening()
    const body = JSON.stringify({ id: 'evt_2', type: 'transaction.updated', timestamp: '2026-01-01T00:00:00.000Z', data: { id: 'txn_1' } })
    expect((await inboxes.receive(signedDelivery(URL_OF, SECRET, 'evt_2', body))).status).toBe(200)
    expect(inboxes.received('/__harness/acct/hooks')).toEqual([{ eventId: 'evt_2', type: 'transaction.updated', data: { id: 'txn_1' }, status: 200 }])
  })

  it.each([
    ['a widget event in the platform envelope', JSON.stringify({ id: 'evt_1', type: 'transaction_created', timestamp: '2026-01-01T00:00:00.000Z', data: {} }), 'must be exactly {type, data}'],
    ['a widget event with the old envelope', JSON.stringify({ id: 'evt_1', type: 'transaction_created', createdAt: '2026-01-01T00:00:00.000Z', data: {} }), 'must be exactly {type, data}'],
    ['a platform event without its id', JSON.stringify({ type: 'transaction.updated', data: {} }), 'must be exactly {id, type, timestamp, data}'],
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

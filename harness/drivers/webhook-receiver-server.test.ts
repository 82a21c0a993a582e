import { afterEach, describe, expect, it } from 'vitest'
import { KEY, SECRET, signedDelivery } from './webhook-inbox-test-kit.ts'
import { WebhookInboxes } from './webhook-inboxes.ts'
import { startWebhookReceiver, type WebhookReceiverServer } from './webhook-receiver-server.ts'

const started: WebhookReceiverServer[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((receiver) => receiver.close()))
})

describe('startWebhookReceiver', () => {
  it('hands a delivery over the socket to the inboxes and answers their status', async () => {
    const inboxes = new WebhookInboxes()
    inboxes.listen('/__harness/acct/hooks', 'hooks', {
      secret: SECRET,
      scheme: 'sandbox',
      key: KEY,
      answers: [503],
      note: () => undefined,
    })
    const receiver = await startWebhookReceiver(inboxes)
    started.push(receiver)
    expect(receiver.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const response = await fetch(signedDelivery(`${receiver.origin}/__harness/acct/hooks`))
    expect(response.status).toBe(503)
    expect(inboxes.received('/__harness/acct/hooks')).toEqual([
      expect.objectContaining({ eventId: 'evt_1', status: 503 }),
    ])
  })
})

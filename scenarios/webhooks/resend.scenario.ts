import { defineScenario } from '#harness/scenario.ts'
import { cardBuy, completesPending } from '#harness/steps.ts'

/**
 * Resending a delivery (`POST /__sandbox/webhooks/deliveries/{id}/resend`) makes a new delivery of the same event: the
 * same body and event id, a new delivery id, attempted at once; the receiver gets the event id twice.
 */
export default defineScenario({
  title: 'resending transaction_created delivers the same event again as a new delivery',
  tags: ['webhooks', 'webhooks-resend', 'payments', 'buy', 'card'],
  steps: [
    { webhooks: 'listen', as: 'hooks', events: ['transaction_created'] },
    ...cardBuy(),
    { api: 'POST /__sandbox/webhooks/settle', as: 'settled' },
    { api: 'GET /__sandbox/webhooks/deliveries?limit=1', as: 'log' },
    { api: 'POST /__sandbox/webhooks/deliveries/{{log.body.data.0.id}}/resend', as: 'resent' },
  ],
  expect: {
    channels: { pay: { events: [{ kind: 'handshake' }, completesPending] } },
    responses: {
      settled: { status: 200, body: { data: { deliveries: 1, delivered: 1 } } },
      resent: { status: 201, body: { data: { type: 'transaction_created', origin: 'resend' } } },
    },
    webhooks: {
      mode: 'exact',
      events: [
        {
          type: 'transaction_created',
          payload: { data: { status: 'waitingAuthorization' }, status: 'delivered', attempts: 1, received: 2 },
        },
        {
          type: 'transaction_created',
          payload: { data: { status: 'waitingAuthorization' }, status: 'delivered', attempts: 1, received: 2 },
        },
      ],
    },
  },
})

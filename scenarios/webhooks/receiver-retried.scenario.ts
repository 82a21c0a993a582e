import { defineScenario } from '#harness/scenario.ts'
import { cardBuy, completesPending } from '#harness/steps.ts'

/**
 * A receiver that answers 500 twice: the sandbox retries transaction_created on the tenant clock, 30 s after the first
 * failure and 2 min after the second, and the third attempt is delivered. The endpoint wants transaction_created only.
 * The settle summaries show it still pending after the first attempt and after the 30 s retry.
 */
export default defineScenario({
  title: 'a receiver answering 500 twice gets transaction_created three times: retried after 30 s, then 2 min',
  tags: ['webhooks', 'webhooks-retry', 'payments', 'buy', 'card'],
  steps: [
    { webhooks: 'listen', as: 'hooks', events: ['transaction_created'], answers: [500, 500] },
    ...cardBuy(),
    { api: 'POST /__sandbox/webhooks/settle', as: 'first' },
    { control: 'advanceClock', by: '30s' },
    { api: 'POST /__sandbox/webhooks/settle', as: 'second' },
    { control: 'advanceClock', by: '2m' },
  ],
  expect: {
    channels: { pay: { events: [{ kind: 'handshake' }, completesPending] } },
    responses: {
      first: { status: 200, body: { data: { deliveries: 1, pending: 1, delivered: 0, failed: 0 } } },
      second: { status: 200, body: { data: { deliveries: 1, pending: 1, delivered: 0, failed: 0 } } },
    },
    webhooks: {
      events: [
        {
          type: 'transaction_created',
          payload: { data: { status: 'waitingAuthorization' }, status: 'delivered', attempts: 3, received: 3 },
        },
      ],
    },
  },
})

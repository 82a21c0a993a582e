import { defineScenario } from '#harness/scenario.ts'
import { cardBuy, completesPending } from '#harness/steps.ts'

/**
 * An endpoint with the `duplicate` switch (decision 0061) is sent every event twice: two deliveries with the same body
 * and event id, so the receiver gets each event id twice (`received: 2` on both) and a handler keyed on the event id
 * handles it once. Delivery is at-least-once in the real service too.
 */
export default defineScenario({
  title: 'a duplicating endpoint gets transaction_created twice with the same event id',
  tags: ['webhooks', 'webhooks-duplicate', 'payments', 'buy', 'card'],
  steps: [{ webhooks: 'listen', as: 'hooks', events: ['transaction_created'], duplicate: true }, ...cardBuy()],
  expect: {
    channels: { pay: { events: [{ kind: 'handshake' }, completesPending] } },
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

import { defineScenario } from '#harness/scenario.ts'
import { cardBuy, completesPending } from '#harness/steps.ts'

const stages = (...statuses: Array<'success' | 'in_progress' | 'not_started'>) => statuses.map((status) => ({ status }))

/**
 * An endpoint registered for the platform family only (decision 0087) is sent a card buy as the platform API shows it
 * and nothing of the widget family: transaction.updated at creation (pending), at each stage passed (5 s, 10 s) and at
 * completion (20 s), each with the platform transaction's source amount, and no failureCode. Why: a partner on the platform API handles
 * one envelope, `{id, type, timestamp, data}`, and must not be sent widget bodies it would refuse.
 */
export default defineScenario({
  title: 'a platform-family endpoint is sent a card buy as transaction.updated only, from pending to completed',
  tags: ['webhooks', 'webhook-events', 'webhooks-family', 'buy', 'card', 'platform'],
  steps: [
    { webhooks: 'listen', as: 'hooks', family: 'platform' },
    ...cardBuy(),
    { control: 'advanceClock', by: '20s' },
  ],
  expect: {
    channels: { pay: { events: [{ kind: 'handshake' }, completesPending] } },
    webhooks: {
      mode: 'exact',
      events: [
        {
          type: 'transaction.updated',
          payload: {
            data: {
              status: 'pending',
              source: { amount: 100 },
              stages: stages('success', 'in_progress', 'not_started', 'not_started'),
            },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'transaction.updated',
          payload: {
            data: {
              status: 'pending',
              source: { amount: 100 },
              stages: stages('success', 'success', 'in_progress', 'not_started'),
            },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'transaction.updated',
          payload: {
            data: {
              status: 'pending',
              source: { amount: 100 },
              stages: stages('success', 'success', 'success', 'in_progress'),
            },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'transaction.updated',
          payload: {
            data: {
              status: 'completed',
              source: { amount: 100 },
              failureCode: undefined,
              stages: stages('success', 'success', 'success', 'success'),
            },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
      ],
    },
  },
})

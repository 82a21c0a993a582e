import { defineScenario } from '#harness/scenario.ts'
import { cardBuy, completesPending } from '#harness/steps.ts'
import { present } from '#harness/match-sequence.ts'

const stages = (...statuses: Array<'success' | 'in_progress' | 'not_started'>) => statuses.map((status) => ({ status }))

/**
 * An endpoint registered for the widget family only (decision 0087) is sent a card buy as the widget API shows it and
 * nothing of the platform family: transaction_created (waitingAuthorization) at once, transaction_updated as each stage
 * passes (5 s, 10 s; the crypto transaction's hash is set once processing passes and delivery starts) and
 * transaction_updated completed at 20 s. Why: a partner that
 * integrated the widget must be able to test against widget bodies alone, with no transaction.updated to skip.
 */
export default defineScenario({
  title:
    'a widget-family endpoint is sent a card buy as transaction_created and transaction_updated only, never transaction.updated',
  tags: ['webhooks', 'webhook-events', 'webhooks-family', 'buy', 'card'],
  steps: [{ webhooks: 'listen', as: 'hooks', family: 'widget' }, ...cardBuy(), { control: 'advanceClock', by: '20s' }],
  expect: {
    channels: { pay: { events: [{ kind: 'handshake' }, completesPending] } },
    webhooks: {
      mode: 'exact',
      events: [
        {
          type: 'transaction_created',
          payload: {
            data: {
              status: 'waitingAuthorization',
              totalAmount: 100,
              failureReason: null,
              cryptoTransactionId: null,
              stages: stages('success', 'in_progress', 'not_started', 'not_started'),
            },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'transaction_updated',
          payload: {
            data: {
              status: 'pending',
              totalAmount: 100,
              cryptoTransactionId: null,
              stages: stages('success', 'success', 'in_progress', 'not_started'),
            },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'transaction_updated',
          payload: {
            data: {
              status: 'pending',
              totalAmount: 100,
              cryptoTransactionId: present,
              stages: stages('success', 'success', 'success', 'in_progress'),
            },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'transaction_updated',
          payload: {
            data: {
              status: 'completed',
              totalAmount: 100,
              failureReason: null,
              cryptoTransactionId: present,
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

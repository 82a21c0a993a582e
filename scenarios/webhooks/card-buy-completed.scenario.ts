import { defineScenario } from '#harness/scenario.ts'
import { cardBuy, completesPending } from '#harness/steps.ts'

/**
 * A card buy sends the partner's endpoint transaction_created (waitingAuthorization, verification in progress) at once, a
 * transaction_updated as each stage passes on the clock (5 s, 10 s; decision 0060), and transaction_updated with status
 * completed once the clock has run 20 s. The endpoint takes both families (decision 0087), so each change also comes
 * as transaction.updated with the platform transaction (pending, then completed), right after its widget event.
 */
export default defineScenario({
  title:
    'a card buy sends transaction_created, then transaction_updated completed once the clock settles it, each change also as transaction.updated',
  tags: ['webhooks', 'webhooks-card-buy', 'payments', 'buy', 'card'],
  steps: [{ webhooks: 'listen', as: 'hooks', family: 'both' }, ...cardBuy(), { control: 'advanceClock', by: '20s' }],
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
              stages: [
                { status: 'success' },
                { status: 'in_progress' },
                { status: 'not_started' },
                { status: 'not_started' },
              ],
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
              stages: [
                { status: 'success' },
                { status: 'in_progress' },
                { status: 'not_started' },
                { status: 'not_started' },
              ],
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
              stages: [
                { status: 'success' },
                { status: 'success' },
                { status: 'in_progress' },
                { status: 'not_started' },
              ],
            },
            status: 'delivered',
          },
        },
        {
          type: 'transaction.updated',
          payload: {
            data: {
              status: 'pending',
              stages: [
                { status: 'success' },
                { status: 'success' },
                { status: 'in_progress' },
                { status: 'not_started' },
              ],
            },
            status: 'delivered',
          },
        },
        {
          type: 'transaction_updated',
          payload: {
            data: {
              status: 'pending',
              stages: [{ status: 'success' }, { status: 'success' }, { status: 'success' }, { status: 'in_progress' }],
            },
            status: 'delivered',
          },
        },
        {
          type: 'transaction.updated',
          payload: {
            data: {
              status: 'pending',
              stages: [{ status: 'success' }, { status: 'success' }, { status: 'success' }, { status: 'in_progress' }],
            },
            status: 'delivered',
          },
        },
        {
          type: 'transaction_updated',
          payload: {
            data: {
              status: 'completed',
              stages: [{ status: 'success' }, { status: 'success' }, { status: 'success' }, { status: 'success' }],
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
              stages: [{ status: 'success' }, { status: 'success' }, { status: 'success' }, { status: 'success' }],
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

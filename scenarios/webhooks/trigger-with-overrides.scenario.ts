import { defineScenario } from '#harness/scenario.ts'
import { cardBuy, completesPending } from '#harness/steps.ts'

/**
 * `POST /__sandbox/webhooks/trigger` fires an event on demand: transaction_failed for the newest transaction, its data
 * the buy as `GET /v1/transactions/{id}` shows it with the overrides merged in, to every endpoint that wants the type. The
 * transaction itself is unchanged: the next transaction_updated still says pending.
 */
export default defineScenario({
  title: 'triggering transaction_failed with overrides sends the transaction with the overridden fields',
  tags: ['webhooks', 'webhooks-trigger', 'payments', 'buy', 'card'],
  steps: [
    { webhooks: 'listen', as: 'hooks', events: ['transaction_failed', 'transaction_updated'] },
    ...cardBuy(),
    {
      api: 'POST /__sandbox/webhooks/trigger',
      as: 'triggered',
      body: { type: 'transaction_failed', data: { status: 'failed', failureReason: 'Declined in a test.' } },
    },
    { control: 'advanceClock', by: '5s' },
  ],
  expect: {
    channels: { pay: { events: [{ kind: 'handshake' }, completesPending] } },
    responses: { triggered: { status: 201 } },
    webhooks: {
      mode: 'exact',
      events: [
        {
          type: 'transaction_failed',
          payload: {
            data: { status: 'failed', failureReason: 'Declined in a test.', totalAmount: 100 },
            status: 'delivered',
          },
        },
        { type: 'transaction_updated', payload: { data: { status: 'pending' }, status: 'delivered' } },
      ],
    },
  },
})

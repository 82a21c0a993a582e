import { defineScenario } from '../../harness/scenario.ts'
import { completesPending, connectCustomer, magic, openPayFrame, quoteFor } from '../../harness/steps.ts'

/**
 * A card buy sends the partner's endpoint transaction_created (pending) at once and, once the clock has run 20 s,
 * transaction_updated with status completed. Updates per stage between them may come too: a subsequence.
 */
export default defineScenario({
  title: 'a card buy sends transaction_created, then transaction_updated completed once the clock settles it',
  tags: ['webhooks', 'webhooks-card-buy', 'payments', 'buy', 'card'],
  steps: [
    { webhooks: 'listen', as: 'hooks' },
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount: 100, method: 'card' }),
    openPayFrame('buy'),
    { until: 'pay', kind: 'complete' },
    { control: 'advanceClock', by: '20s' },
  ],
  expect: {
    channels: { pay: { events: [{ kind: 'handshake' }, completesPending] } },
    webhooks: {
      mode: 'subsequence',
      events: [
        { type: 'transaction_created', payload: { data: { status: 'pending' }, status: 'delivered', attempts: 1, received: 1 } },
        { type: 'transaction_updated', payload: { data: { status: 'completed' }, status: 'delivered', attempts: 1, received: 1 } },
      ],
    },
  },
})

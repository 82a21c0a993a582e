import { defineScenario } from '#harness/scenario.ts'
import {
  activeAndExpiredCards,
  completesPending,
  connectCustomer,
  magic,
  openPayFrame,
  quoteFor,
} from '#harness/steps.ts'

/** Live mode ignores test-mode triggers: a card buy of 48 pays at once, with no challenge. */
export default defineScenario({
  title: 'in live mode a buy of 48 completes pending without a challenge',
  tags: ['payments', 'buy', 'card', 'live', 'trigger-48'],
  mode: 'live',
  steps: [
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount: 48, method: 'card' }),
    openPayFrame('buy'),
    { until: 'pay', kind: 'complete' },
  ],
  expect: {
    responses: { methods: activeAndExpiredCards, q: { status: 200, body: { data: { source: { amount: 48 } } } } },
    channels: { pay: { mode: 'exact', events: [{ kind: 'handshake' }, completesPending] } },
  },
})

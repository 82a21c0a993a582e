import { defineScenario } from '#harness/scenario.ts'
import {
  activeAndExpiredCards,
  completesPending,
  connectCustomer,
  magic,
  openPayFrame,
  quoteFor,
} from '#harness/steps.ts'

/** An ordinary amount sets off no sandbox trigger: in test mode a card buy of 50 pays at once, as the real test mode does. */
export default defineScenario({
  title: 'in test mode a card buy of 50 completes pending without a challenge',
  tags: ['payments', 'buy', 'card', 'ordinary-amount'],
  steps: [
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount: 50, method: 'card' }),
    openPayFrame('buy'),
    { until: 'pay', kind: 'complete' },
  ],
  expect: {
    responses: { methods: activeAndExpiredCards, q: { status: 200, body: { data: { source: { amount: 50 } } } } },
    channels: { pay: { mode: 'exact', events: [{ kind: 'handshake' }, completesPending] } },
  },
})

import { defineScenario } from '#harness/scenario.ts'
import {
  activeAndExpiredCards,
  completesPending,
  connectCustomer,
  magic,
  openPayFrame,
  quoteFor,
} from '#harness/steps.ts'

/** The headless buy frame pays its card quote as soon as the host acks it, with no customer action. */
export default defineScenario({
  title: 'the headless buy frame pays a card quote right after the ack and completes pending',
  tags: ['payments', 'buy', 'card', 'headless'],
  steps: [
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount: 100, method: 'card' }),
    openPayFrame('buy'),
    { until: 'pay', kind: 'complete' },
  ],
  expect: {
    responses: { methods: activeAndExpiredCards, q: { status: 200 } },
    channels: { pay: { mode: 'exact', events: [{ kind: 'handshake' }, completesPending] } },
  },
})

import { defineScenario } from '#harness/scenario.ts'
import {
  activeAndExpiredCards,
  completesPending,
  connectCustomer,
  magic,
  openPayFrame,
  quoteFor,
  tapAndConfirm,
} from '#harness/steps.ts'

/** A connected customer buys with the buy button and the stored card: the tap posts buttonPressed, the confirmed sheet completes with a pending transaction. */
export default defineScenario({
  title: 'a card purchase through the buy button completes with a pending transaction',
  tags: ['payments', 'buy-button', 'card'],
  steps: [
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount: 100, method: 'card' }),
    openPayFrame('buy-button'),
    ...tapAndConfirm(),
    { until: 'pay', kind: 'complete' },
  ],
  expect: {
    responses: {
      methods: activeAndExpiredCards,
      q: {
        status: 200,
        body: { data: { source: { amount: 100 }, paymentMethod: { type: 'card' }, executable: true } },
      },
    },
    channels: {
      pay: {
        mode: 'exact',
        events: [{ kind: 'handshake' }, { kind: 'ready' }, { kind: 'buttonPressed' }, completesPending],
      },
    },
  },
})

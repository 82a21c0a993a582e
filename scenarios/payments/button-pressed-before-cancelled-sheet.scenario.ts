import { defineScenario } from '#harness/scenario.ts'
import {
  activeAndExpiredCards,
  completesPending,
  connectCustomer,
  listTransactions,
  magic,
  openPayFrame,
  quoteFor,
  tapAndConfirm,
} from '#harness/steps.ts'

/** Every tap posts buttonPressed, even one whose sheet the customer cancels (which posts nothing); the second tap pays, once. */
export default defineScenario({
  title: 'a cancelled sheet posts only buttonPressed, and the next tap that is confirmed pays',
  tags: ['payments', 'buy-button', 'card', 'buttonPressed', 'cancel-sheet'],
  steps: [
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount: 100, method: 'card' }),
    openPayFrame('buy-button', 'pay', 'q', { externalTransactionId: 'button-1' }),
    { customer: 'tapPay', channel: 'pay' },
    { customer: 'cancelSheet', channel: 'pay' },
    ...tapAndConfirm(),
    { until: 'pay', kind: 'complete' },
    listTransactions(),
  ],
  expect: {
    responses: {
      methods: activeAndExpiredCards,
      q: { status: 200 },
      latest: {
        status: 200,
        body: {
          data: [
            {
              externalTransactionId: 'button-1',
              status: 'pending',
              source: { amount: 100 },
              paymentMethod: { type: 'card' },
            },
          ],
        },
      },
    },
    channels: {
      pay: {
        mode: 'exact',
        events: [
          { kind: 'handshake' },
          { kind: 'ready' },
          { kind: 'buttonPressed' },
          { kind: 'buttonPressed' },
          completesPending,
        ],
      },
    },
  },
})

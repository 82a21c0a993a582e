import { defineScenario } from '#harness/scenario.ts'
import { completesPending, connectCustomer, magic, openPayFrame, quoteFor, tapAndConfirm } from '#harness/steps.ts'

/** Apple Pay: ready, buttonPressed on the tap, then complete with a pending transaction once the sheet is confirmed. */
export default defineScenario({
  title: 'an apple-pay purchase completes with a pending transaction after the sheet is confirmed',
  tags: ['payments', 'apple-pay', 'wallet-pay'],
  steps: [
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount: 100, method: 'apple_pay' }),
    openPayFrame('apple-pay'),
    ...tapAndConfirm(),
    { until: 'pay', kind: 'complete' },
  ],
  expect: {
    responses: { q: { status: 200, body: { data: { paymentMethod: { type: 'apple_pay' }, executable: true } } } },
    channels: {
      pay: {
        mode: 'exact',
        events: [{ kind: 'handshake' }, { kind: 'ready' }, { kind: 'buttonPressed' }, completesPending],
      },
    },
  },
})

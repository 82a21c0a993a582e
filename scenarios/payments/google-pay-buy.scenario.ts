import { defineScenario } from '#harness/scenario.ts'
import { completesPending, connectCustomer, magic, openPayFrame, quoteFor, tapAndConfirm } from '#harness/steps.ts'

/** Google Pay: ready, buttonPressed on the tap, then complete with a pending transaction once the sheet is confirmed. */
export default defineScenario({
  title: 'a google-pay purchase completes with a pending transaction after the sheet is confirmed',
  tags: ['payments', 'google-pay', 'wallet-pay'],
  steps: [
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount: 100, method: 'google_pay' }),
    openPayFrame('google-pay'),
    ...tapAndConfirm(),
    { until: 'pay', kind: 'complete' },
  ],
  expect: {
    responses: { q: { status: 200, body: { data: { paymentMethod: { type: 'google_pay' }, executable: true } } } },
    channels: {
      pay: {
        mode: 'exact',
        events: [{ kind: 'handshake' }, { kind: 'ready' }, { kind: 'buttonPressed' }, completesPending],
      },
    },
  },
})

import { defineScenario } from '#harness/scenario.ts'
import { completesPending, connectCustomer, magic, openPayFrame, quoteFor, tapAndConfirm } from '#harness/steps.ts'

/** iOS wallet pay, sandbox trigger amount 47.13: the frame asks for a second factor and pays only once the customer confirms it. */
export default defineScenario({
  title:
    'an apple-pay purchase of 47.13 waits on oneTapWalletPaySecondFactorRequired and completes after confirmSecondFactor',
  tags: ['payments', 'apple-pay', 'wallet-pay', 'trigger-47.13', 'second-factor'],
  steps: [
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount: 47.13, method: 'apple_pay' }),
    openPayFrame('apple-pay'),
    ...tapAndConfirm(),
    { until: 'pay', kind: 'oneTapWalletPaySecondFactorRequired' },
    { customer: 'confirmSecondFactor', channel: 'pay' },
    { until: 'pay', kind: 'complete' },
  ],
  expect: {
    responses: {
      q: { status: 200, body: { data: { source: { amount: 47.13 }, paymentMethod: { type: 'apple_pay' } } } },
    },
    channels: {
      pay: {
        mode: 'exact',
        events: [
          { kind: 'handshake' },
          { kind: 'ready' },
          { kind: 'buttonPressed' },
          { kind: 'oneTapWalletPaySecondFactorRequired', payload: {} },
          completesPending,
        ],
      },
    },
  },
})

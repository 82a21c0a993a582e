import { defineScenario } from '#harness/scenario.ts'
import {
  asksForChallenge,
  challengeThen,
  completesPending,
  connectCustomer,
  magic,
  openPayFrame,
  quoteFor,
  tapAndConfirm,
} from '#harness/steps.ts'

/** iOS wallet pay of 48: a wallet-ownership challenge, completed in the challenge frame, lets the purchase complete pending. */
export default defineScenario({
  title: 'an apple-pay purchase of 48 is challenged, and completing the challenge completes the purchase',
  tags: ['challenges', 'apple-pay', 'wallet-pay', 'trigger-48', 'wallet-ownership'],
  steps: [
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount: 48, method: 'apple_pay' }),
    openPayFrame('apple-pay'),
    ...tapAndConfirm(),
    ...challengeThen('completeChallenge'),
  ],
  expect: {
    responses: { q: { status: 200, body: { data: { source: { amount: 48 }, paymentMethod: { type: 'apple_pay' } } } } },
    channels: {
      pay: {
        mode: 'exact',
        events: [
          { kind: 'handshake' },
          { kind: 'ready' },
          { kind: 'buttonPressed' },
          asksForChallenge,
          completesPending,
        ],
      },
      challenge: {
        mode: 'exact',
        events: [
          { kind: 'handshake' },
          { kind: 'complete', payload: { flow: 'buy', transaction: { status: 'pending' } } },
        ],
      },
    },
  },
})

import { defineScenario } from '#harness/scenario.ts'
import {
  activeAndExpiredCards,
  asksForChallenge,
  challengeThen,
  completesPending,
  connectCustomer,
  magic,
  openPayFrame,
  quoteFor,
  tapAndConfirm,
} from '#harness/steps.ts'

/** Card buy of 48 through the buy button: a wallet-ownership challenge, completed in the challenge frame, lets the purchase complete pending. */
export default defineScenario({
  title: 'a buy-button card purchase of 48 is challenged, and completing the challenge completes the purchase',
  tags: ['challenges', 'buy-button', 'card', 'trigger-48', 'wallet-ownership'],
  steps: [
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount: 48, method: 'card' }),
    openPayFrame('buy-button'),
    ...tapAndConfirm(),
    ...challengeThen('completeChallenge'),
  ],
  expect: {
    responses: { methods: activeAndExpiredCards, q: { status: 200, body: { data: { source: { amount: 48 } } } } },
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

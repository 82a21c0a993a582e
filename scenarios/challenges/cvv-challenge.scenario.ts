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

/** Card buy of 49 through the buy button: a CVV re-entry challenge; entering 3 digits completes it and the purchase. */
export default defineScenario({
  title: 'a buy-button card purchase of 49 asks for the CVV again and completes once it is entered',
  tags: ['challenges', 'buy-button', 'card', 'trigger-49', 'cvv'],
  steps: [
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount: 49, method: 'card' }),
    openPayFrame('buy-button'),
    ...tapAndConfirm(),
    ...challengeThen({ enterCvv: '123' }),
  ],
  expect: {
    responses: { methods: activeAndExpiredCards, q: { status: 200, body: { data: { source: { amount: 49 } } } } },
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

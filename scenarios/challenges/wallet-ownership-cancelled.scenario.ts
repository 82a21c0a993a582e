import { defineScenario } from '#harness/scenario.ts'
import {
  activeAndExpiredCards,
  asksForChallenge,
  challengeThen,
  completesDeclined,
  connectCustomer,
  magic,
  openPayFrame,
  quoteFor,
} from '#harness/steps.ts'

/** Card buy of 48, challenge cancelled: the challenge frame posts cancelled, and the buy completes with a transaction failed at verification (authorizationDeclined; decision 0063). */
export default defineScenario({
  title: 'cancelling the 48 challenge fails the purchase with authorizationDeclined',
  tags: ['challenges', 'buy', 'card', 'trigger-48', 'wallet-ownership', 'cancelled'],
  steps: [
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount: 48, method: 'card' }),
    openPayFrame('buy'),
    ...challengeThen('cancelChallenge'),
  ],
  expect: {
    responses: { methods: activeAndExpiredCards, q: { status: 200, body: { data: { source: { amount: 48 } } } } },
    channels: {
      pay: {
        mode: 'exact',
        events: [
          { kind: 'handshake' },
          asksForChallenge,
          completesDeclined('The customer cancelled the verification challenge.'),
        ],
      },
      challenge: { mode: 'exact', events: [{ kind: 'handshake' }, { kind: 'cancelled', payload: { flow: 'buy' } }] },
    },
  },
})

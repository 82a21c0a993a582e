import { defineScenario } from '../../harness/scenario.ts'
import { asksForChallenge, challengeThen, completesDeclined, connectCustomer, magic, openPayFrame, quoteFor } from '../../harness/steps.ts'

/**
 * Card buy of 48, challenge cancelled: the purchase fails before any transaction exists (the frame's transaction id is
 * null), so the endpoint is sent nothing at all, not even after the clock has run past settlement: transaction_failed
 * is for a transaction that was created and then failed (decision 0059).
 */
export default defineScenario({
  title: 'cancelling the 48 challenge sends no transaction webhook: the purchase failed before a transaction existed',
  tags: ['webhooks', 'webhooks-challenge-cancelled', 'challenges', 'buy', 'card', 'trigger-48', 'cancelled'],
  steps: [
    { webhooks: 'listen', as: 'hooks' },
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount: 48, method: 'card' }),
    openPayFrame('buy'),
    ...challengeThen('cancelChallenge'),
    { control: 'advanceClock', by: '20s' },
  ],
  expect: {
    channels: {
      pay: { events: [{ kind: 'handshake' }, asksForChallenge, completesDeclined('The customer cancelled the verification challenge.')] },
      challenge: { events: [{ kind: 'handshake' }, { kind: 'cancelled', payload: { flow: 'buy' } }] },
    },
    webhooks: { mode: 'exact', events: [] },
  },
})

import { defineScenario } from '#harness/scenario.ts'
import {
  asksForChallenge,
  challengeThen,
  completesDeclined,
  connectCustomer,
  magic,
  openPayFrame,
  quoteFor,
} from '#harness/steps.ts'

/**
 * Card buy of 48, challenge cancelled: the purchase fails as a transaction failed at verification (decision 0063), so
 * the endpoint gets transaction_created, then transaction_failed carrying the widget buy: `failureReason` `cancelled`
 * (its failed stage's reason) and no failure code, which the widget object does not have (decision 0087). The
 * endpoint takes both families, so each also comes as transaction.updated, and the failed one carries the platform
 * transaction's `failureCode` authorizationDeclined and its sentence; nothing more after the clock runs past settlement.
 */
export default defineScenario({
  title:
    'cancelling the 48 challenge sends transaction_failed with failureReason cancelled, and transaction.updated failed with failureCode authorizationDeclined',
  tags: ['webhooks', 'webhooks-challenge-cancelled', 'challenges', 'buy', 'card', 'trigger-48', 'cancelled'],
  steps: [
    { webhooks: 'listen', as: 'hooks', family: 'both' },
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount: 48, method: 'card' }),
    openPayFrame('buy'),
    ...challengeThen('cancelChallenge'),
    { control: 'advanceClock', by: '20s' },
  ],
  expect: {
    channels: {
      pay: {
        events: [
          { kind: 'handshake' },
          asksForChallenge,
          completesDeclined('The customer cancelled the verification challenge.'),
        ],
      },
      challenge: { events: [{ kind: 'handshake' }, { kind: 'cancelled', payload: { flow: 'buy' } }] },
    },
    webhooks: {
      mode: 'exact',
      events: [
        {
          type: 'transaction_created',
          payload: { data: { status: 'waitingAuthorization', totalAmount: 48 }, status: 'delivered' },
        },
        {
          type: 'transaction.updated',
          payload: { data: { status: 'pending', source: { amount: 48 } }, status: 'delivered' },
        },
        {
          type: 'transaction_failed',
          payload: {
            data: {
              status: 'failed',
              failureReason: 'cancelled',
              failureCode: undefined,
              stages: [
                { status: 'success' },
                { stage: 'stage_two_verification', status: 'failed', failureReason: 'cancelled' },
                { status: 'not_started' },
                { status: 'not_started' },
              ],
            },
            status: 'delivered',
          },
        },
        {
          type: 'transaction.updated',
          payload: {
            data: {
              status: 'failed',
              failureCode: 'authorizationDeclined',
              failureReason: 'The customer cancelled the verification challenge.',
              stages: [
                { status: 'success' },
                { stage: 'stage_two_verification', status: 'failed', failureReason: 'cancelled' },
                { status: 'not_started' },
                { status: 'not_started' },
              ],
            },
            status: 'delivered',
          },
        },
      ],
    },
  },
})

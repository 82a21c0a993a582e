import { defineScenario } from '#harness/scenario.ts'
import { walletFailureScenario } from '#harness/steps.ts'

const failure = walletFailureScenario({
  frame: 'google-pay',
  amount: 45.13,
  failureCode: 'unknown',
  failureReason: 'The payment failed for an unknown reason.',
})

/**
 * Android wallet pay, trigger 45.13: the transaction is created, then fails at once. transaction_failed carries the
 * widget buy, whose `failureReason` is its failed stage's (`error`) and which has no failure code (decision 0087); the
 * platform family's transaction.updated carries the code, `failureCode` unknown, with its sentence.
 */
export default defineScenario({
  ...failure,
  title:
    'a google-pay buy of 45.13 sends transaction_failed with failureReason error, and transaction.updated failed with failureCode unknown',
  tags: ['webhooks', 'webhooks-wallet-failure', ...(failure.tags ?? [])],
  steps: [{ webhooks: 'listen', as: 'hooks', family: 'both' }, ...failure.steps],
  expect: {
    ...failure.expect,
    webhooks: {
      mode: 'exact',
      events: [
        { type: 'transaction_created', payload: { data: { status: 'waitingAuthorization' }, status: 'delivered' } },
        { type: 'transaction.updated', payload: { data: { status: 'pending' }, status: 'delivered' } },
        {
          type: 'transaction_failed',
          payload: {
            data: {
              status: 'failed',
              failureReason: 'error',
              failureCode: undefined,
              stages: [
                { status: 'success' },
                { status: 'failed', failureReason: 'error' },
                { status: 'not_started' },
                { status: 'not_started' },
              ],
            },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'transaction.updated',
          payload: {
            data: {
              status: 'failed',
              failureCode: 'unknown',
              failureReason: 'The payment failed for an unknown reason.',
              stages: [
                { status: 'success' },
                { status: 'failed', failureReason: 'error' },
                { status: 'not_started' },
                { status: 'not_started' },
              ],
            },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
      ],
    },
  },
})

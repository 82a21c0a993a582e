import { defineScenario } from '#harness/scenario.ts'
import { walletFailureScenario } from '#harness/steps.ts'

/** Android wallet pay (google-pay), sandbox trigger amount 43.13: the transaction is created and fails at once with failureCode serviceUnavailable, and the transaction list shows it failed. */
export default defineScenario(
  walletFailureScenario({
    frame: 'google-pay',
    amount: 43.13,
    failureCode: 'serviceUnavailable',
    failureReason: 'The payment service is temporarily unavailable; try again later.',
  }),
)

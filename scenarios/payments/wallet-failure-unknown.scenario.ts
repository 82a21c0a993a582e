import { defineScenario } from '#harness/scenario.ts'
import { walletFailureScenario } from '#harness/steps.ts'

/** Android wallet pay (google-pay), sandbox trigger amount 45.13: the transaction is created and fails at once with failureCode unknown, and the transaction list shows it failed. */
export default defineScenario(
  walletFailureScenario({
    frame: 'google-pay',
    amount: 45.13,
    failureCode: 'unknown',
    failureReason: 'The payment failed for an unknown reason.',
  }),
)

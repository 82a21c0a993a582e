import { defineScenario } from '#harness/scenario.ts'
import { walletFailureScenario } from '#harness/steps.ts'

/** Android wallet pay (google-pay), sandbox trigger amount 41.13: the transaction is created and fails at once with failureCode transactionNotAllowed, and the transaction list shows it failed. */
export default defineScenario(
  walletFailureScenario({
    frame: 'google-pay',
    amount: 41.13,
    failureCode: 'transactionNotAllowed',
    failureReason: 'This purchase is not allowed for this customer.',
  }),
)

import { defineScenario } from '#harness/scenario.ts'
import { walletFailureScenario } from '#harness/steps.ts'

/** iOS wallet pay (apple-pay), sandbox trigger amount 42.13: the transaction is created and fails at once with failureCode validationError, and the transaction list shows it failed. */
export default defineScenario(
  walletFailureScenario({
    frame: 'apple-pay',
    amount: 42.13,
    failureCode: 'validationError',
    failureReason: 'The payment details did not pass validation.',
  }),
)

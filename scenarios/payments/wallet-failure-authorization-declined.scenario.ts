import { defineScenario } from '#harness/scenario.ts'
import { walletFailureScenario } from '#harness/steps.ts'

/** iOS wallet pay (apple-pay), sandbox trigger amount 44.13: the transaction is created and fails at once with failureCode authorizationDeclined, and the transaction list shows it failed. */
export default defineScenario(
  walletFailureScenario({
    frame: 'apple-pay',
    amount: 44.13,
    failureCode: 'authorizationDeclined',
    failureReason: 'The wallet declined to authorize the payment.',
  }),
)

import { defineScenario } from '#harness/scenario.ts'
import { walletFailureScenario } from '#harness/steps.ts'

/** iOS wallet pay (apple-pay), sandbox trigger amount 46.13: the transaction is created and fails at once with failureCode walletPayMerchantUnavailable, and the transaction list shows it failed. */
export default defineScenario(
  walletFailureScenario({
    frame: 'apple-pay',
    amount: 46.13,
    failureCode: 'walletPayMerchantUnavailable',
    failureReason: 'Apple Pay is not available for this merchant.',
  }),
)

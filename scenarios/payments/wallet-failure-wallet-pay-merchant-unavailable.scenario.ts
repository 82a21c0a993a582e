import { defineScenario } from '../../harness/scenario.ts'
import { walletFailureScenario } from '../../harness/steps.ts'

/** iOS wallet pay (apple-pay), test-mode amount 46: the transaction is created and fails at once with failureCode walletPayMerchantUnavailable, and the transaction list shows it failed. */
export default defineScenario(walletFailureScenario({ frame: 'apple-pay', amount: 46, failureCode: 'walletPayMerchantUnavailable', failureReason: 'Apple Pay is not available for this merchant.' }))

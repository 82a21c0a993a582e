import { defineScenario } from '../../harness/scenario.ts'
import { walletFailureScenario } from '../../harness/steps.ts'

/** Android wallet pay (google-pay), test-mode amount 45: the transaction is created and fails at once with failureCode unknown, and the transaction list shows it failed. */
export default defineScenario(walletFailureScenario({ frame: 'google-pay', amount: 45, failureCode: 'unknown', failureReason: 'The payment failed for an unknown reason.' }))

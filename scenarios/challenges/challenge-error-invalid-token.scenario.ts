import { defineScenario } from '#harness/scenario.ts'
import { challengeErrorScenario } from '#harness/steps.ts'

/** Sandbox trigger 50.13: the challenge frame reports `invalid_token` instead of resolving, and the buy completes with a transaction failed at verification (decision 0063). */
export default defineScenario(
  challengeErrorScenario({
    amount: 50.13,
    code: 'invalid_token',
    message: 'the challenge token is not valid (sandbox trigger 50.13)',
  }),
)

import { defineScenario } from '#harness/scenario.ts'
import { challengeErrorScenario } from '#harness/steps.ts'

/** Sandbox trigger 51.13: the challenge frame reports `unsupported_flow` instead of resolving, and the buy completes with a transaction failed at verification (decision 0063). */
export default defineScenario(
  challengeErrorScenario({
    amount: 51.13,
    code: 'unsupported_flow',
    message: 'this challenge flow is not supported here (sandbox trigger 51.13)',
  }),
)

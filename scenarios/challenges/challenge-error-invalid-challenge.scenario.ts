import { defineScenario } from '#harness/scenario.ts'
import { challengeErrorScenario } from '#harness/steps.ts'

/** Sandbox trigger 52.13: the challenge frame reports `invalid_challenge` instead of resolving, and the buy completes with a transaction failed at verification (decision 0063). */
export default defineScenario(
  challengeErrorScenario({
    amount: 52.13,
    code: 'invalid_challenge',
    message: 'the challenge cannot be resolved (sandbox trigger 52.13)',
  }),
)

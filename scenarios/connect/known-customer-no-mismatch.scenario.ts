import { defineScenario } from '#harness/scenario.ts'
import { createSession, magic, openSessionFrame } from '#harness/steps.ts'

/** Email and phone of the same known customer: active, and the mismatch field is absent (not false). */
export default defineScenario({
  title: 'email and phone of one known customer connect active without a mismatch field',
  tags: ['connect', 'mismatch', 'known-customer'],
  steps: [createSession({ externalCustomerId: 'user-ny', ...magic.usNy }), openSessionFrame('check')],
  expect: {
    channels: {
      check: {
        events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'active', mismatch: undefined } }],
      },
    },
  },
})

import { defineScenario } from '#harness/scenario.ts'
import { createSession, magic, openSessionFrame } from '#harness/steps.ts'

/** Email and phone of two different customers: connectionRequired with mismatch: true. */
export default defineScenario({
  title: 'email and phone of two customers flag mismatch: true',
  tags: ['connect', 'mismatch'],
  steps: [
    createSession({ externalCustomerId: 'u1', email: magic.usNy.email, phoneNumber: magic.gb.phoneNumber }),
    openSessionFrame('check'),
  ],
  expect: {
    channels: {
      check: {
        events: [
          { kind: 'handshake' },
          { kind: 'complete', payload: { status: 'connectionRequired', mismatch: true } },
        ],
      },
    },
  },
})

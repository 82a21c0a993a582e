import { defineScenario } from '#harness/scenario.ts'
import { createSession, magic, openSessionFrame } from '#harness/steps.ts'

/** A customer in a restricted country (CUB) connects as unavailable. */
export default defineScenario({
  title: 'a customer in a restricted country is unavailable',
  tags: ['connect', 'unavailable', 'region'],
  steps: [createSession({ externalCustomerId: 'user-cu', ...magic.unavailable }), openSessionFrame('check')],
  expect: {
    channels: {
      check: {
        events: [
          { kind: 'handshake' },
          { kind: 'complete', payload: { status: 'unavailable', customer: { country: 'CUB' } } },
        ],
      },
    },
  },
})

import { defineScenario } from '#harness/scenario.ts'
import { createSession, magic, openSessionFrame } from '#harness/steps.ts'

/** The guest customer is active with capabilities.guestCheckout while the partner has guest checkout enabled (the default). */
export default defineScenario({
  title: 'a guest checkout session is active with capabilities.guestCheckout',
  tags: ['connect', 'guest-checkout', 'capabilities'],
  steps: [createSession({ externalCustomerId: 'user-guest', ...magic.guest }), openSessionFrame('check')],
  expect: {
    channels: {
      check: {
        events: [
          { kind: 'handshake' },
          { kind: 'complete', payload: { status: 'active', capabilities: { guestCheckout: { enabled: true } } } },
        ],
      },
    },
  },
})

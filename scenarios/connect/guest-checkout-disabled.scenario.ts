import { defineScenario } from '#harness/scenario.ts'
import { createSession, magic, openSessionFrame } from '#harness/steps.ts'

/** With guest checkout switched off for the partner, the guest customer must connect and gets no guestCheckout capability. */
export default defineScenario({
  title: 'with guest checkout disabled a guest session is connectionRequired without capabilities.guestCheckout',
  tags: ['connect', 'guest-checkout', 'capabilities', 'settings'],
  steps: [
    { control: 'settings', body: { capabilities: { guestCheckout: false } } },
    createSession({ externalCustomerId: 'user-guest', ...magic.guest }),
    openSessionFrame('check'),
  ],
  expect: {
    channels: {
      check: {
        events: [
          { kind: 'handshake' },
          {
            kind: 'complete',
            payload: {
              status: 'connectionRequired',
              capabilities: { guestCheckout: undefined },
              customer: { capabilities: { guestCheckout: undefined } },
            },
          },
        ],
      },
    },
  },
})

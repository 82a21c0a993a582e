import { defineScenario, ref } from '../../harness/scenario.ts'

/** With guest checkout switched off for the partner, the guest customer must connect and gets no guestCheckout capability. */
export default defineScenario({
  title: 'with guest checkout disabled a guest session is connectionRequired without capabilities.guestCheckout',
  tags: ['connect', 'guest-checkout', 'capabilities', 'settings'],
  steps: [
    { control: 'settings', body: { capabilities: { guestCheckout: false } } },
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'user-guest', deviceIp: '203.0.113.7', email: 'guest@sandbox.test', phoneNumber: '+12125550109' } },
    { open: 'check', channel: 'check', params: { sessionToken: ref('session.sessionToken'), publicKey: 'a'.repeat(64) } },
  ],
  expect: {
    channels: {
      check: {
        events: [
          { kind: 'handshake' },
          { kind: 'complete', payload: { status: 'connectionRequired', capabilities: { guestCheckout: undefined }, customer: { capabilities: { guestCheckout: undefined } } } },
        ],
      },
    },
  },
})

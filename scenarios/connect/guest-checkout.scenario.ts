import { defineScenario, ref } from '../../harness/scenario.ts'

/** The guest customer is active with capabilities.guestCheckout while the partner has guest checkout enabled (the default). */
export default defineScenario({
  title: 'a guest checkout session is active with capabilities.guestCheckout',
  tags: ['connect', 'guest-checkout', 'capabilities'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'user-guest', deviceIp: '203.0.113.7', email: 'guest@sandbox.test', phoneNumber: '+12125550109' } },
    { open: 'check', channel: 'check', params: { sessionToken: ref('session.sessionToken'), publicKey: 'a'.repeat(64) } },
  ],
  expect: {
    channels: {
      check: { events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'active', capabilities: { guestCheckout: { enabled: true } } } }] },
    },
  },
})

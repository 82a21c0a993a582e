import { defineScenario, ref } from '../../harness/scenario.ts'

/** Email and phone of the same known customer: active, and the mismatch field is absent (not false). */
export default defineScenario({
  title: 'email and phone of one known customer connect active without a mismatch field',
  tags: ['connect', 'mismatch', 'known-customer'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'user-ny', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { open: 'check', channel: 'check', params: { sessionToken: ref('session.sessionToken'), publicKey: 'a'.repeat(64) } },
  ],
  expect: {
    channels: {
      check: { events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'active', mismatch: undefined } }] },
    },
  },
})

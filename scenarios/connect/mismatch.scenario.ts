import { defineScenario, ref } from '../../harness/scenario.ts'

/** Email and phone of two different customers: connectionRequired with mismatch: true. */
export default defineScenario({
  title: 'email and phone of two customers flag mismatch: true',
  tags: ['connect', 'mismatch'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+447700900104' } },
    { open: 'check', channel: 'check', params: { sessionToken: ref('session.sessionToken'), publicKey: 'a'.repeat(64) } },
  ],
  expect: {
    channels: {
      check: { events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'connectionRequired', mismatch: true } }] },
    },
  },
})

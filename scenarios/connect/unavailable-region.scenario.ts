import { defineScenario, ref } from '../../harness/scenario.ts'

/** A customer in a restricted country (CUB) connects as unavailable. */
export default defineScenario({
  title: 'a customer in a restricted country is unavailable',
  tags: ['connect', 'unavailable', 'region'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'user-cu', deviceIp: '203.0.113.7', email: 'unavailable@sandbox.test', phoneNumber: '+12125550108' } },
    { open: 'check', channel: 'check', params: { sessionToken: ref('session.sessionToken'), publicKey: 'a'.repeat(64) } },
  ],
  expect: {
    channels: {
      check: { events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'unavailable', customer: { country: 'CUB' } } }] },
    },
  },
})

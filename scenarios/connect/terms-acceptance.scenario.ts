import { defineScenario, ref } from '../../harness/scenario.ts'

/** Outstanding terms: the frame reports termsAcceptanceRequired; a new session carrying termsAcceptedAt connects. */
export default defineScenario({
  title: 'a customer with outstanding terms is termsAcceptanceRequired until a session carries termsAcceptedAt',
  tags: ['connect', 'terms', 'termsAcceptedAt'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'user-terms', deviceIp: '203.0.113.7', email: 'terms@sandbox.test', phoneNumber: '+12125550105' } },
    { open: 'connect', channel: 'connect', params: { sessionToken: ref('session.sessionToken'), publicKey: 'a'.repeat(64) } },
    { customer: 'acceptTerms', channel: 'connect' },
    {
      server: 'createSession',
      as: 'accepted',
      body: { externalCustomerId: 'user-terms', deviceIp: '203.0.113.7', email: 'terms@sandbox.test', phoneNumber: '+12125550105', termsAcceptedAt: '2026-01-01T00:00:00.000Z' },
    },
    { open: 'connect', channel: 'relaunch', params: { sessionToken: ref('accepted.sessionToken'), publicKey: 'a'.repeat(64) } },
  ],
  expect: {
    channels: {
      connect: { events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'termsAcceptanceRequired' } }] },
      relaunch: { events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'active', customer: { country: 'USA', administrativeArea: 'NY' } } }] },
    },
  },
})

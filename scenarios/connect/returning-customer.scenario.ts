import { defineScenario, ref } from '../../harness/scenario.ts'

/** A session that names a known customerId resolves to that customer without email or phone. */
export default defineScenario({
  title: 'a returning customer identified by customerId is active',
  tags: ['connect', 'returning-customer', 'customerId'],
  steps: [
    { server: 'createSession', as: 'firstSession', body: { externalCustomerId: 'user-ny', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { client: 'getConnection', sessionToken: ref('firstSession.sessionToken'), as: 'first' },
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'user-ny', deviceIp: '203.0.113.7', customerId: ref('first.customer.id') } },
    { open: 'check', channel: 'check', params: { sessionToken: ref('session.sessionToken'), publicKey: 'a'.repeat(64) } },
  ],
  expect: {
    channels: {
      check: { events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'active', customer: { country: 'USA', administrativeArea: 'NY' } } }] },
    },
  },
})

import { defineScenario, ref } from '../../harness/scenario.ts'

/** A customer whose KYC is under review connects as pending. */
export default defineScenario({
  title: 'a customer with KYC under review is pending',
  tags: ['connect', 'kyc', 'pending'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'user-kyc-pending', deviceIp: '203.0.113.7', email: 'kyc-pending@sandbox.test', phoneNumber: '+12125550106' } },
    { open: 'check', channel: 'check', params: { sessionToken: ref('session.sessionToken'), publicKey: 'a'.repeat(64) } },
  ],
  expect: {
    channels: {
      check: { events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'pending', customer: { kyc: { status: 'pending' } } } }] },
    },
  },
})

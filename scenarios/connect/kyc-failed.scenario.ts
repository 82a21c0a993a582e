import { defineScenario, ref } from '../../harness/scenario.ts'

/** A customer whose KYC was rejected connects as failed. */
export default defineScenario({
  title: 'a customer with rejected KYC is failed',
  tags: ['connect', 'kyc', 'failed'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'user-kyc-failed', deviceIp: '203.0.113.7', email: 'kyc-failed@sandbox.test', phoneNumber: '+12125550107' } },
    { open: 'check', channel: 'check', params: { sessionToken: ref('session.sessionToken'), publicKey: 'a'.repeat(64) } },
  ],
  expect: {
    channels: {
      check: { events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'failed', customer: { kyc: { status: 'rejected' } } } }] },
    },
  },
})

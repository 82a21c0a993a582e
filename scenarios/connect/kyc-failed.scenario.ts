import { defineScenario } from '#harness/scenario.ts'
import { createSession, magic, openSessionFrame } from '#harness/steps.ts'

/** A customer whose KYC was rejected connects as failed. */
export default defineScenario({
  title: 'a customer with rejected KYC is failed',
  tags: ['connect', 'kyc', 'failed'],
  steps: [createSession({ externalCustomerId: 'user-kyc-failed', ...magic.kycFailed }), openSessionFrame('check')],
  expect: {
    channels: {
      check: {
        events: [
          { kind: 'handshake' },
          { kind: 'complete', payload: { status: 'failed', customer: { kyc: { status: 'rejected' } } } },
        ],
      },
    },
  },
})

import { defineScenario } from '#harness/scenario.ts'
import { createSession, magic, openSessionFrame } from '#harness/steps.ts'

/** A customer whose KYC is under review connects as pending. */
export default defineScenario({
  title: 'a customer with KYC under review is pending',
  tags: ['connect', 'kyc', 'pending'],
  steps: [createSession({ externalCustomerId: 'user-kyc-pending', ...magic.kycPending }), openSessionFrame('check')],
  expect: {
    channels: {
      check: {
        events: [
          { kind: 'handshake' },
          { kind: 'complete', payload: { status: 'pending', customer: { kyc: { status: 'pending' } } } },
        ],
      },
    },
  },
})

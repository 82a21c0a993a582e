import { defineScenario } from '#harness/scenario.ts'
import { createSession, openSessionFrame } from '#harness/steps.ts'

/** A customer the sandbox does not know registers in the connect frame: email, code 000000, terms. */
export default defineScenario({
  title:
    'a new customer enters an email, the code 000000 and accepts the terms, and the connect frame completes active',
  tags: ['connect', 'new-customer', 'connect-frame'],
  steps: [
    createSession({ externalCustomerId: 'new-user-1' }),
    openSessionFrame('connect'),
    { customer: 'enterEmail', channel: 'connect', fields: { email: 'new.customer@example.com' } },
    { customer: 'enterCode', channel: 'connect', fields: { code: '000000' } },
    { customer: 'acceptTerms', channel: 'connect' },
  ],
  expect: {
    channels: {
      connect: {
        events: [
          { kind: 'handshake' },
          { kind: 'complete', payload: { status: 'active', customer: { kyc: { status: 'approved' } } } },
        ],
      },
    },
  },
})

import { defineScenario, ref } from '#harness/scenario.ts'
import { connectCustomer, createSession, magic, openSessionFrame } from '#harness/steps.ts'

/** A session that names a known customerId resolves to that customer without email or phone. */
export default defineScenario({
  title: 'a returning customer identified by customerId is active',
  tags: ['connect', 'returning-customer', 'customerId'],
  steps: [
    // A first session, by email and phone, tells the partner the customer's id.
    ...connectCustomer({ ...magic.usNy, externalCustomerId: 'user-ny' }, 'first'),
    createSession({ externalCustomerId: 'user-ny', customerId: ref('first.customer.id') }),
    openSessionFrame('check'),
  ],
  expect: {
    channels: {
      check: {
        events: [
          { kind: 'handshake' },
          { kind: 'complete', payload: { status: 'active', customer: { country: 'USA', administrativeArea: 'NY' } } },
        ],
      },
    },
  },
})

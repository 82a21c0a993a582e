import { defineScenario, ref } from '#harness/scenario.ts'
import { connectCustomer, getPaymentMethods, magic } from '#harness/steps.ts'

/** Revoking a session mid-flow stops its access token working at once. */
export default defineScenario({
  title: 'after the partner revokes the session its access token gets 401',
  tags: ['platform', 'sessions', 'revocation', 'auth'],
  steps: [
    ...connectCustomer({ ...magic.usNy, externalCustomerId: 'user-ny' }),
    getPaymentMethods('before'),
    { server: 'revokeSession', sessionToken: ref('session.sessionToken') },
    getPaymentMethods('after'),
  ],
  expect: { responses: { before: { status: 200 }, after: { status: 401, body: { code: 'unauthorized' } } } },
})

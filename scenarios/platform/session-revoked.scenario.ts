import { defineScenario, ref } from '../../harness/scenario.ts'

/** Revoking a session mid-flow stops its access token working at once. */
export default defineScenario({
  title: 'after the partner revokes the session its access token gets 401',
  tags: ['platform', 'sessions', 'revocation', 'auth'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'user-ny', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { client: 'getConnection', sessionToken: ref('session.sessionToken'), as: 'conn' },
    { client: 'getPaymentMethods', accessToken: ref('conn.credentials.accessToken'), as: 'before' },
    { server: 'revokeSession', sessionToken: ref('session.sessionToken') },
    { client: 'getPaymentMethods', accessToken: ref('conn.credentials.accessToken'), as: 'after' },
  ],
  expect: {
    responses: {
      before: { status: 200 },
      after: { status: 401, body: { code: 'unauthorized' } },
    },
  },
})

import { defineScenario, ref } from '../../harness/scenario.ts'

/** The reset frame logs the customer out: it completes, and the access token issued before it stops working (401). */
export default defineScenario({
  title: 'the reset frame completes and the old access token is then refused with 401',
  tags: ['frames', 'reset', 'logout', 'credentials'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'buyer-1', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { client: 'getConnection', sessionToken: ref('session.sessionToken'), as: 'conn' },
    { client: 'getPaymentMethods', accessToken: ref('conn.credentials.accessToken'), as: 'before' },
    { open: 'reset', channel: 'reset', params: { clientToken: ref('conn.credentials.clientToken') } },
    { until: 'reset', kind: 'complete' },
    { client: 'getPaymentMethods', accessToken: ref('conn.credentials.accessToken'), as: 'after' },
  ],
  expect: {
    responses: {
      before: { status: 200 },
      after: { status: 401 },
    },
    channels: {
      reset: { mode: 'exact', events: [{ kind: 'handshake' }, { kind: 'complete', payload: {} }] },
    },
  },
})

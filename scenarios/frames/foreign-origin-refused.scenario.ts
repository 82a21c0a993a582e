import { defineScenario, ref } from '../../harness/scenario.ts'

/** A tenant that allows only https://partner.example: the host's origin may not embed the reset frame, which never loads, so the customer stays logged in. */
export default defineScenario({
  title: 'a frame is refused under an origin the tenant does not allow: no handshake, and reset never runs',
  tags: ['frames', 'reset', 'allowedOrigins', 'frame-ancestors', 'settings'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'buyer-1', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { client: 'getConnection', sessionToken: ref('session.sessionToken'), as: 'conn' },
    { control: 'settings', body: { allowedOrigins: ['https://partner.example'] } },
    { open: 'reset', channel: 'reset', params: { clientToken: ref('conn.credentials.clientToken') } },
    { client: 'getPaymentMethods', accessToken: ref('conn.credentials.accessToken'), as: 'after' },
  ],
  expect: {
    responses: {
      after: { status: 200 },
    },
    channels: {
      reset: { mode: 'never', events: [{ kind: 'handshake' }, { kind: 'complete' }, { kind: 'error' }] },
    },
  },
})

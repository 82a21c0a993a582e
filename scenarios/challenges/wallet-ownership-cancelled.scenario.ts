import { defineScenario, ref } from '../../harness/scenario.ts'

/** Card buy of 48, challenge cancelled: the challenge frame posts cancelled, and the buy completes failed with no transaction (authorizationDeclined). */
export default defineScenario({
  title: 'cancelling the 48 challenge fails the purchase with authorizationDeclined and creates no transaction',
  tags: ['challenges', 'buy', 'card', 'trigger-48', 'wallet-ownership', 'cancelled'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'buyer-1', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { client: 'getConnection', sessionToken: ref('session.sessionToken'), as: 'conn' },
    { client: 'getPaymentMethods', accessToken: ref('conn.credentials.accessToken'), as: 'methods' },
    {
      client: 'getQuote',
      accessToken: ref('conn.credentials.accessToken'),
      body: {
        source: { asset: { code: 'usd' }, amount: 48 },
        destination: { asset: { code: 'eth' } },
        wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
        paymentMethod: { type: 'card', id: ref('methods.body.data.paymentMethods.0.id') },
      },
      as: 'q',
    },
    { open: 'buy', channel: 'pay', params: { clientToken: ref('conn.credentials.clientToken'), quote: ref('q.encoded') } },
    { until: 'pay', kind: 'challenge' },
    { openChallenge: 'challenge', from: 'pay', params: { clientToken: ref('conn.credentials.clientToken') } },
    { customer: 'cancelChallenge', channel: 'challenge' },
    { until: 'challenge', kind: 'cancelled' },
    { until: 'pay', kind: 'complete' },
  ],
  expect: {
    responses: {
      methods: { status: 200, body: { data: { paymentMethods: [{ type: 'card', availability: { available: true } }, { type: 'card', availability: { available: false, reason: 'card_expired' } }] } } },
      q: { status: 200, body: { data: { source: { amount: 48 } } } },
    },
    channels: {
      pay: {
        mode: 'exact',
        events: [
          { kind: 'handshake' },
          { kind: 'challenge', payload: { kind: 'frame' } },
          {
            kind: 'complete',
            payload: { transaction: { id: null, status: 'failed' }, failureCode: 'authorizationDeclined', failureReason: 'The customer cancelled the verification challenge.' },
          },
        ],
      },
      challenge: { mode: 'exact', events: [{ kind: 'handshake' }, { kind: 'cancelled', payload: { flow: 'buy' } }] },
    },
  },
})

import { defineScenario, ref } from '../../harness/scenario.ts'

/** Card buy of 49 through the buy button: a CVV re-entry challenge; entering 3 digits completes it and the purchase. */
export default defineScenario({
  title: 'a buy-button card purchase of 49 asks for the CVV again and completes once it is entered',
  tags: ['challenges', 'buy-button', 'card', 'trigger-49', 'cvv'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'buyer-1', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { client: 'getConnection', sessionToken: ref('session.sessionToken'), as: 'conn' },
    { client: 'getPaymentMethods', accessToken: ref('conn.credentials.accessToken'), as: 'methods' },
    {
      client: 'getQuote',
      accessToken: ref('conn.credentials.accessToken'),
      body: {
        source: { asset: { code: 'usd' }, amount: 49 },
        destination: { asset: { code: 'eth' } },
        wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
        paymentMethod: { type: 'card', id: ref('methods.body.data.paymentMethods.0.id') },
      },
      as: 'q',
    },
    { open: 'buy-button', channel: 'pay', params: { clientToken: ref('conn.credentials.clientToken'), quote: ref('q.encoded') } },
    { customer: 'tapPay', channel: 'pay' },
    { customer: 'confirmSheet', channel: 'pay' },
    { until: 'pay', kind: 'challenge' },
    { openChallenge: 'challenge', from: 'pay', params: { clientToken: ref('conn.credentials.clientToken') } },
    { customer: 'enterCvv', channel: 'challenge', fields: { cvv: '123' } },
    { until: 'challenge', kind: 'complete' },
    { until: 'pay', kind: 'complete' },
  ],
  expect: {
    responses: {
      methods: { status: 200, body: { data: { paymentMethods: [{ type: 'card', availability: { available: true } }, { type: 'card', availability: { available: false, reason: 'card_expired' } }] } } },
      q: { status: 200, body: { data: { source: { amount: 49 } } } },
    },
    channels: {
      pay: {
        mode: 'exact',
        events: [
          { kind: 'handshake' },
          { kind: 'ready' },
          { kind: 'buttonPressed' },
          { kind: 'challenge', payload: { kind: 'frame' } },
          { kind: 'complete', payload: { transaction: { status: 'pending' }, failureCode: undefined } },
        ],
      },
      challenge: { mode: 'exact', events: [{ kind: 'handshake' }, { kind: 'complete', payload: { flow: 'buy', transaction: { status: 'pending' } } }] },
    },
  },
})

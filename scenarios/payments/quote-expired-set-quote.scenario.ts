import { defineScenario, ref } from '../../harness/scenario.ts'

/** A quote that expires while the button waits: confirming posts quoteExpired, and the fresh quote the host sends with setQuote pays. */
export default defineScenario({
  title: 'an expired quote posts quoteExpired on confirm, and setQuote with a fresh quote completes the purchase',
  tags: ['payments', 'buy-button', 'card', 'quoteExpired', 'setQuote', 'clock'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'buyer-1', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { client: 'getConnection', sessionToken: ref('session.sessionToken'), as: 'conn' },
    { client: 'getPaymentMethods', accessToken: ref('conn.credentials.accessToken'), as: 'methods' },
    {
      client: 'getQuote',
      accessToken: ref('conn.credentials.accessToken'),
      body: {
        source: { asset: { code: 'usd' }, amount: 100 },
        destination: { asset: { code: 'eth' } },
        wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
        paymentMethod: { type: 'card', id: ref('methods.body.data.paymentMethods.0.id') },
      },
      as: 'q',
    },
    { open: 'buy-button', channel: 'pay', params: { clientToken: ref('conn.credentials.clientToken'), quote: ref('q.encoded') } },
    { control: 'advanceClock', by: '31s' },
    { customer: 'tapPay', channel: 'pay' },
    { customer: 'confirmSheet', channel: 'pay' },
    { until: 'pay', kind: 'quoteExpired' },
    {
      client: 'getQuote',
      accessToken: ref('conn.credentials.accessToken'),
      body: {
        source: { asset: { code: 'usd' }, amount: 100 },
        destination: { asset: { code: 'eth' } },
        wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
        paymentMethod: { type: 'card', id: ref('methods.body.data.paymentMethods.0.id') },
      },
      as: 'fresh',
    },
    { host: 'setQuote', channel: 'pay', quote: ref('fresh.quote') },
    { until: 'pay', kind: 'complete' },
  ],
  expect: {
    responses: {
      methods: { status: 200, body: { data: { paymentMethods: [{ type: 'card', availability: { available: true } }, { type: 'card', availability: { available: false, reason: 'card_expired' } }] } } },
      q: { status: 200, body: { data: { expiresIn: 30 } } },
      fresh: { status: 200 },
    },
    channels: {
      pay: {
        mode: 'exact',
        events: [
          { kind: 'handshake' },
          { kind: 'ready' },
          { kind: 'buttonPressed' },
          { kind: 'quoteExpired' },
          { kind: 'complete', payload: { transaction: { status: 'pending' }, failureCode: undefined } },
        ],
      },
    },
  },
})

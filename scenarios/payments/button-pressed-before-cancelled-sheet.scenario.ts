import { defineScenario, ref } from '../../harness/scenario.ts'

/** Every tap posts buttonPressed, even one whose sheet the customer cancels (which posts nothing); the second tap pays, once. */
export default defineScenario({
  title: 'a cancelled sheet posts only buttonPressed, and the next tap that is confirmed pays',
  tags: ['payments', 'buy-button', 'card', 'buttonPressed', 'cancel-sheet'],
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
    { open: 'buy-button', channel: 'pay', params: { clientToken: ref('conn.credentials.clientToken'), quote: ref('q.encoded'), externalTransactionId: 'button-1' } },
    { customer: 'tapPay', channel: 'pay' },
    { customer: 'cancelSheet', channel: 'pay' },
    { customer: 'tapPay', channel: 'pay' },
    { customer: 'confirmSheet', channel: 'pay' },
    { until: 'pay', kind: 'complete' },
    { client: 'listTransactions', accessToken: ref('conn.credentials.accessToken'), query: '?limit=1', as: 'latest' },
  ],
  expect: {
    responses: {
      methods: { status: 200, body: { data: { paymentMethods: [{ type: 'card', availability: { available: true } }, { type: 'card', availability: { available: false, reason: 'card_expired' } }] } } },
      q: { status: 200 },
      latest: { status: 200, body: { data: [{ externalTransactionId: 'button-1', status: 'pending', source: { amount: 100 }, paymentMethod: { type: 'card' } }] } },
    },
    channels: {
      pay: {
        mode: 'exact',
        events: [
          { kind: 'handshake' },
          { kind: 'ready' },
          { kind: 'buttonPressed' },
          { kind: 'buttonPressed' },
          { kind: 'complete', payload: { transaction: { status: 'pending' }, failureCode: undefined } },
        ],
      },
    },
  },
})

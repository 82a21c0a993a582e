import { defineScenario, ref } from '../../harness/scenario.ts'

/** Google Pay: ready, buttonPressed on the tap, then complete with a pending transaction once the sheet is confirmed. */
export default defineScenario({
  title: 'a google-pay purchase completes with a pending transaction after the sheet is confirmed',
  tags: ['payments', 'google-pay', 'wallet-pay'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'buyer-1', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { client: 'getConnection', sessionToken: ref('session.sessionToken'), as: 'conn' },
    {
      client: 'getQuote',
      accessToken: ref('conn.credentials.accessToken'),
      body: {
        source: { asset: { code: 'usd' }, amount: 100 },
        destination: { asset: { code: 'eth' } },
        wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
        paymentMethod: { type: 'google_pay' },
      },
      as: 'q',
    },
    { open: 'google-pay', channel: 'pay', params: { clientToken: ref('conn.credentials.clientToken'), quote: ref('q.encoded') } },
    { customer: 'tapPay', channel: 'pay' },
    { customer: 'confirmSheet', channel: 'pay' },
    { until: 'pay', kind: 'complete' },
  ],
  expect: {
    responses: { q: { status: 200, body: { data: { paymentMethod: { type: 'google_pay' }, executable: true } } } },
    channels: {
      pay: {
        mode: 'exact',
        events: [
          { kind: 'handshake' },
          { kind: 'ready' },
          { kind: 'buttonPressed' },
          { kind: 'complete', payload: { transaction: { status: 'pending' }, failureCode: undefined } },
        ],
      },
    },
  },
})

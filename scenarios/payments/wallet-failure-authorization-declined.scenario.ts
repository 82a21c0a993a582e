import { defineScenario, ref } from '../../harness/scenario.ts'

/** iOS wallet pay (apple-pay), test-mode amount 44: the transaction is created and fails at once with failureCode authorizationDeclined, and the transaction list shows it failed. */
export default defineScenario({
  title: 'an apple-pay purchase of 44 completes failed with failureCode authorizationDeclined',
  tags: ['payments', 'apple-pay', 'wallet-pay', 'trigger-44', 'failureCode', 'authorizationDeclined'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'buyer-1', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { client: 'getConnection', sessionToken: ref('session.sessionToken'), as: 'conn' },
    {
      client: 'getQuote',
      accessToken: ref('conn.credentials.accessToken'),
      body: {
        source: { asset: { code: 'usd' }, amount: 44 },
        destination: { asset: { code: 'eth' } },
        wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
        paymentMethod: { type: 'apple_pay' },
      },
      as: 'q',
    },
    { open: 'apple-pay', channel: 'pay', params: { clientToken: ref('conn.credentials.clientToken'), quote: ref('q.encoded') } },
    { customer: 'tapPay', channel: 'pay' },
    { customer: 'confirmSheet', channel: 'pay' },
    { until: 'pay', kind: 'complete' },
    { client: 'listTransactions', accessToken: ref('conn.credentials.accessToken'), query: '?limit=1', as: 'latest' },
  ],
  expect: {
    responses: {
      q: { status: 200, body: { data: { source: { amount: 44 }, paymentMethod: { type: 'apple_pay' } } } },
      latest: { status: 200, body: { data: [{ status: 'failed', source: { amount: 44 }, paymentMethod: { type: 'apple_pay' }, failureCode: 'authorizationDeclined', failureReason: 'The wallet declined to authorize the payment.' }] } },
    },
    channels: {
      pay: {
        mode: 'exact',
        events: [
          { kind: 'handshake' },
          { kind: 'ready' },
          { kind: 'buttonPressed' },
          { kind: 'complete', payload: { transaction: { status: 'failed' }, failureCode: 'authorizationDeclined', failureReason: 'The wallet declined to authorize the payment.' } },
        ],
      },
    },
  },
})

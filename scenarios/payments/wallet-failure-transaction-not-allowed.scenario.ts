import { defineScenario, ref } from '../../harness/scenario.ts'

/** Android wallet pay (google-pay), test-mode amount 41: the transaction is created and fails at once with failureCode transactionNotAllowed, and the transaction list shows it failed. */
export default defineScenario({
  title: 'a google-pay purchase of 41 completes failed with failureCode transactionNotAllowed',
  tags: ['payments', 'google-pay', 'wallet-pay', 'trigger-41', 'failureCode', 'transactionNotAllowed'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'buyer-1', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { client: 'getConnection', sessionToken: ref('session.sessionToken'), as: 'conn' },
    {
      client: 'getQuote',
      accessToken: ref('conn.credentials.accessToken'),
      body: {
        source: { asset: { code: 'usd' }, amount: 41 },
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
    { client: 'listTransactions', accessToken: ref('conn.credentials.accessToken'), query: '?limit=1', as: 'latest' },
  ],
  expect: {
    responses: {
      q: { status: 200, body: { data: { source: { amount: 41 }, paymentMethod: { type: 'google_pay' } } } },
      latest: { status: 200, body: { data: [{ status: 'failed', source: { amount: 41 }, paymentMethod: { type: 'google_pay' }, failureCode: 'transactionNotAllowed', failureReason: 'This purchase is not allowed for this customer.' }] } },
    },
    channels: {
      pay: {
        mode: 'exact',
        events: [
          { kind: 'handshake' },
          { kind: 'ready' },
          { kind: 'buttonPressed' },
          { kind: 'complete', payload: { transaction: { status: 'failed' }, failureCode: 'transactionNotAllowed', failureReason: 'This purchase is not allowed for this customer.' } },
        ],
      },
    },
  },
})

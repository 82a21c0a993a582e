import { defineScenario, ref } from '../../harness/scenario.ts'

/** iOS wallet pay (apple-pay), test-mode amount 46: the transaction is created and fails at once with failureCode walletPayMerchantUnavailable, and the transaction list shows it failed. */
export default defineScenario({
  title: 'an apple-pay purchase of 46 completes failed with failureCode walletPayMerchantUnavailable',
  tags: ['payments', 'apple-pay', 'wallet-pay', 'trigger-46', 'failureCode', 'walletPayMerchantUnavailable'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'buyer-1', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { client: 'getConnection', sessionToken: ref('session.sessionToken'), as: 'conn' },
    {
      client: 'getQuote',
      accessToken: ref('conn.credentials.accessToken'),
      body: {
        source: { asset: { code: 'usd' }, amount: 46 },
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
      q: { status: 200, body: { data: { source: { amount: 46 }, paymentMethod: { type: 'apple_pay' } } } },
      latest: { status: 200, body: { data: [{ status: 'failed', source: { amount: 46 }, paymentMethod: { type: 'apple_pay' }, failureCode: 'walletPayMerchantUnavailable', failureReason: 'Apple Pay is not available for this merchant.' }] } },
    },
    channels: {
      pay: {
        mode: 'exact',
        events: [
          { kind: 'handshake' },
          { kind: 'ready' },
          { kind: 'buttonPressed' },
          { kind: 'complete', payload: { transaction: { status: 'failed' }, failureCode: 'walletPayMerchantUnavailable', failureReason: 'Apple Pay is not available for this merchant.' } },
        ],
      },
    },
  },
})

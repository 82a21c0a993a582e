import { defineScenario, ref } from '../../harness/scenario.ts'

/** iOS wallet pay, test-mode amount 47: the frame asks for a second factor and pays only once the customer confirms it. */
export default defineScenario({
  title: 'an apple-pay purchase of 47 waits on oneTapWalletPaySecondFactorRequired and completes after confirmSecondFactor',
  tags: ['payments', 'apple-pay', 'wallet-pay', 'trigger-47', 'second-factor'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'buyer-1', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { client: 'getConnection', sessionToken: ref('session.sessionToken'), as: 'conn' },
    {
      client: 'getQuote',
      accessToken: ref('conn.credentials.accessToken'),
      body: {
        source: { asset: { code: 'usd' }, amount: 47 },
        destination: { asset: { code: 'eth' } },
        wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
        paymentMethod: { type: 'apple_pay' },
      },
      as: 'q',
    },
    { open: 'apple-pay', channel: 'pay', params: { clientToken: ref('conn.credentials.clientToken'), quote: ref('q.encoded') } },
    { customer: 'tapPay', channel: 'pay' },
    { customer: 'confirmSheet', channel: 'pay' },
    { until: 'pay', kind: 'oneTapWalletPaySecondFactorRequired' },
    { customer: 'confirmSecondFactor', channel: 'pay' },
    { until: 'pay', kind: 'complete' },
  ],
  expect: {
    responses: { q: { status: 200, body: { data: { source: { amount: 47 }, paymentMethod: { type: 'apple_pay' } } } } },
    channels: {
      pay: {
        mode: 'exact',
        events: [
          { kind: 'handshake' },
          { kind: 'ready' },
          { kind: 'buttonPressed' },
          { kind: 'oneTapWalletPaySecondFactorRequired', payload: {} },
          { kind: 'complete', payload: { transaction: { status: 'pending' }, failureCode: undefined } },
        ],
      },
    },
  },
})

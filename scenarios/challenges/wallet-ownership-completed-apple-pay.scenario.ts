import { defineScenario, ref } from '../../harness/scenario.ts'

/** iOS wallet pay of 48: a wallet-ownership challenge, completed in the challenge frame, lets the purchase complete pending. */
export default defineScenario({
  title: 'an apple-pay purchase of 48 is challenged, and completing the challenge completes the purchase',
  tags: ['challenges', 'apple-pay', 'wallet-pay', 'trigger-48', 'wallet-ownership'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'buyer-1', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { client: 'getConnection', sessionToken: ref('session.sessionToken'), as: 'conn' },
    {
      client: 'getQuote',
      accessToken: ref('conn.credentials.accessToken'),
      body: {
        source: { asset: { code: 'usd' }, amount: 48 },
        destination: { asset: { code: 'eth' } },
        wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
        paymentMethod: { type: 'apple_pay' },
      },
      as: 'q',
    },
    { open: 'apple-pay', channel: 'pay', params: { clientToken: ref('conn.credentials.clientToken'), quote: ref('q.encoded') } },
    { customer: 'tapPay', channel: 'pay' },
    { customer: 'confirmSheet', channel: 'pay' },
    { until: 'pay', kind: 'challenge' },
    { openChallenge: 'challenge', from: 'pay', params: { clientToken: ref('conn.credentials.clientToken') } },
    { customer: 'completeChallenge', channel: 'challenge' },
    { until: 'challenge', kind: 'complete' },
    { until: 'pay', kind: 'complete' },
  ],
  expect: {
    responses: { q: { status: 200, body: { data: { source: { amount: 48 }, paymentMethod: { type: 'apple_pay' } } } } },
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

import { defineScenario, ref } from '../../harness/scenario.ts'

/** Live mode ignores test-mode triggers: a card buy of 48 pays at once, with no challenge. */
export default defineScenario({
  title: 'in live mode a buy of 48 completes pending without a challenge',
  tags: ['payments', 'buy', 'card', 'live', 'trigger-48'],
  mode: 'live',
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
    { until: 'pay', kind: 'complete' },
  ],
  expect: {
    responses: {
      methods: { status: 200, body: { data: { paymentMethods: [{ type: 'card', availability: { available: true } }, { type: 'card', availability: { available: false, reason: 'card_expired' } }] } } },
      q: { status: 200, body: { data: { source: { amount: 48 } } } },
    },
    channels: {
      pay: { mode: 'exact', events: [{ kind: 'handshake' }, { kind: 'complete', payload: { transaction: { status: 'pending' }, failureCode: undefined } }] },
    },
  },
})

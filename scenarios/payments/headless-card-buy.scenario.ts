import { defineScenario, ref } from '../../harness/scenario.ts'

/** The headless buy frame pays its card quote as soon as the host acks it, with no customer action. */
export default defineScenario({
  title: 'the headless buy frame pays a card quote right after the ack and completes pending',
  tags: ['payments', 'buy', 'card', 'headless'],
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
    { open: 'buy', channel: 'pay', params: { clientToken: ref('conn.credentials.clientToken'), quote: ref('q.encoded') } },
    { until: 'pay', kind: 'complete' },
  ],
  expect: {
    responses: {
      methods: { status: 200, body: { data: { paymentMethods: [{ type: 'card', availability: { available: true } }, { type: 'card', availability: { available: false, reason: 'card_expired' } }] } } },
      q: { status: 200 },
    },
    channels: {
      pay: { mode: 'exact', events: [{ kind: 'handshake' }, { kind: 'complete', payload: { transaction: { status: 'pending' }, failureCode: undefined } }] },
    },
  },
})

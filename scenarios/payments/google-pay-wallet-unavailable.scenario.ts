import { defineScenario, ref } from '../../harness/scenario.ts'

/** Android wallet pay with no wallet on the device (walletAvailable=false): unsupported {reason: 'wallet_unavailable'}, no button, no error. */
export default defineScenario({
  title: 'google-pay without a wallet posts unsupported wallet_unavailable instead of ready',
  tags: ['payments', 'google-pay', 'wallet-pay', 'unsupported', 'walletAvailable'],
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
    { open: 'google-pay', channel: 'pay', params: { clientToken: ref('conn.credentials.clientToken'), quote: ref('q.encoded'), walletAvailable: 'false' } },
    { until: 'pay', kind: 'unsupported' },
  ],
  expect: {
    responses: { q: { status: 200 } },
    channels: {
      pay: { mode: 'exact', events: [{ kind: 'handshake' }, { kind: 'unsupported', payload: { reason: 'wallet_unavailable' } }] },
    },
  },
})

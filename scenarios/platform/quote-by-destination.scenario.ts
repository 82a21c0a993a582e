import { defineScenario, ref } from '../../harness/scenario.ts'

/** Quoting by destination.amount is always fees-inclusive, even when exclusive is asked for. */
export default defineScenario({
  title: 'a quote by destination amount is inclusive even when exclusive is requested',
  tags: ['platform', 'buy-quote', 'feeBehavior', 'destination-amount'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'user-ny', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { client: 'getConnection', sessionToken: ref('session.sessionToken'), as: 'conn' },
    { client: 'getQuote', accessToken: ref('conn.credentials.accessToken'), as: 'quote', body: { source: { asset: { code: 'usd' } }, destination: { asset: { code: 'eth' }, amount: 0.01 }, feeBehavior: 'exclusive' } },
  ],
  expect: { responses: { quote: { status: 200, body: { data: { feeBehavior: 'inclusive', destination: { asset: { code: 'eth' }, amount: 0.01 } } } } } },
})

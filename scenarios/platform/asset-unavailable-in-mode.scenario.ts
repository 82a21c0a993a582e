import { defineScenario, ref } from '../../harness/scenario.ts'

/** doge has no test mode: a buy quote for it under a test key is refused on destination.asset.code. */
export default defineScenario({
  title: 'a buy quote for an asset without test-mode support is refused with 400 invalid_request on destination.asset.code',
  tags: ['platform', 'buy-quote', 'test-mode', 'doge'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'user-ny', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { client: 'getConnection', sessionToken: ref('session.sessionToken'), as: 'conn' },
    { client: 'getQuote', accessToken: ref('conn.credentials.accessToken'), as: 'quote', body: { source: { asset: { code: 'usd' }, amount: 100 }, destination: { asset: { code: 'doge' } } } },
  ],
  expect: { responses: { quote: { status: 400, body: { code: 'invalid_request', errors: [{ field: 'destination.asset.code' }] } } } },
})

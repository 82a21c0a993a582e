import { defineScenario, ref } from '../../harness/scenario.ts'

/** The old flat buy-quote shape is refused with one error per flat field, each pointing at its nested replacement. */
export default defineScenario({
  title: 'a buy quote in the flat request shape is refused with 400 naming each flat field',
  tags: ['platform', 'buy-quote', 'validation', 'flat-shape'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'user-ny', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { client: 'getConnection', sessionToken: ref('session.sessionToken'), as: 'conn' },
    { client: 'getQuote', accessToken: ref('conn.credentials.accessToken'), as: 'quote', body: { sourceAmount: 100, sourceCurrencyCode: 'usd', destinationCurrencyCode: 'eth', walletAddress: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' } },
  ],
  expect: {
    responses: {
      quote: {
        status: 400,
        body: { code: 'invalid_request', errors: [{ field: 'sourceAmount' }, { field: 'walletAddress' }, { field: 'sourceCurrencyCode' }, { field: 'destinationCurrencyCode' }] },
      },
    },
  },
})

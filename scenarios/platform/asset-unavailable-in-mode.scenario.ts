import { defineScenario } from '#harness/scenario.ts'
import { connectCustomer, getQuote, magic } from '#harness/steps.ts'

/** doge has no test mode: a buy quote for it under a test key is refused on destination.asset.code. */
export default defineScenario({
  title:
    'a buy quote for an asset without test-mode support is refused with 400 invalid_request on destination.asset.code',
  tags: ['platform', 'buy-quote', 'test-mode', 'doge'],
  steps: [
    ...connectCustomer({ ...magic.usNy, externalCustomerId: 'user-ny' }),
    getQuote({ source: { asset: { code: 'usd' }, amount: 100 }, destination: { asset: { code: 'doge' } } }),
  ],
  expect: {
    responses: {
      quote: { status: 400, body: { code: 'invalid_request', errors: [{ field: 'destination.asset.code' }] } },
    },
  },
})

import { defineScenario } from '#harness/scenario.ts'
import { connectCustomer, getQuote, magic } from '#harness/steps.ts'

/** The old flat buy-quote shape is refused with one error per flat field, each pointing at its nested replacement. */
export default defineScenario({
  title: 'a buy quote in the flat request shape is refused with 400 naming each flat field',
  tags: ['platform', 'buy-quote', 'validation', 'flat-shape'],
  steps: [
    ...connectCustomer({ ...magic.usNy, externalCustomerId: 'user-ny' }),
    getQuote({
      sourceAmount: 100,
      sourceCurrencyCode: 'usd',
      destinationCurrencyCode: 'eth',
      walletAddress: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
    }),
  ],
  expect: {
    responses: {
      quote: {
        status: 400,
        body: {
          code: 'invalid_request',
          errors: [
            { field: 'sourceAmount' },
            { field: 'walletAddress' },
            { field: 'sourceCurrencyCode' },
            { field: 'destinationCurrencyCode' },
          ],
        },
      },
    },
  },
})

import { defineScenario } from '#harness/scenario.ts'

/** A currency code the catalog does not have answers 404. */
export default defineScenario({
  title: 'a sell quote for an unknown currency answers 404 NotFoundError',
  tags: ['sell-quote', 'not-found', 'currency'],
  steps: [
    {
      api: 'GET /v3/currencies/nope/sell_quote?apiKey={pk}&quoteCurrencyCode=usd&baseCurrencyAmount=1',
      as: 'quote',
      headers: {},
    },
  ],
  expect: {
    responses: {
      quote: {
        status: 404,
        body: {
          type: 'NotFoundError',
          message: 'currencyCode nope is not a known currency; GET /v3/currencies lists them',
        },
      },
    },
  },
})

import { defineScenario } from '#harness/scenario.ts'

/** doge has no test-mode support: under a test key its sell quote is refused. */
export default defineScenario({
  title: 'a sell quote for doge under a test key is refused with 400',
  tags: ['sell-quote', 'validation', 'test-mode', 'doge'],
  mode: 'test',
  steps: [
    {
      api: 'GET /v3/currencies/doge/sell_quote?apiKey={pk}&quoteCurrencyCode=usd&baseCurrencyAmount=500',
      as: 'quote',
      headers: {},
    },
  ],
  expect: {
    responses: {
      quote: {
        status: 400,
        body: {
          type: 'BadRequestError',
          message: 'currencyCode doge does not support test mode: use a currency with supportsTestMode or a live key',
        },
      },
    },
  },
})

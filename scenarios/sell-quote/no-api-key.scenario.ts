import { defineScenario } from '#harness/scenario.ts'

/** A sell quote without the apiKey query parameter is refused as unauthorized. */
export default defineScenario({
  title: 'a sell quote without an apiKey is refused with 401 UnauthorizedError',
  tags: ['sell-quote', 'auth', 'api-key'],
  steps: [
    {
      api: 'GET /v3/currencies/eth/sell_quote?quoteCurrencyCode=usd&baseCurrencyAmount=0.5&payoutMethod=sepa_bank_transfer',
      as: 'quote',
      headers: {},
    },
  ],
  expect: {
    responses: {
      quote: { status: 401, body: { message: 'apiKey query parameter is required', type: 'UnauthorizedError' } },
    },
  },
})

import { defineScenario } from '#harness/scenario.ts'

/** trx cannot be sold: a sell quote within its limits is refused. */
export default defineScenario({
  title: 'a sell quote for unsellable trx is refused with 400',
  tags: ['sell-quote', 'validation', 'unsellable', 'trx'],
  steps: [
    {
      api: 'GET /v3/currencies/trx/sell_quote?apiKey={pk}&quoteCurrencyCode=usd&baseCurrencyAmount=100',
      as: 'quote',
      headers: {},
    },
  ],
  expect: {
    responses: {
      quote: { status: 400, body: { type: 'BadRequestError', message: 'currencyCode trx does not support sales' } },
    },
  },
})

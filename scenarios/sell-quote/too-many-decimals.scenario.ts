import { defineScenario } from '#harness/scenario.ts'

/** baseCurrencyAmount takes at most 5 decimal places: 0.123456 btc is refused, naming the parameter. */
export default defineScenario({
  title: 'a sell amount with six decimal places is refused with 400 naming baseCurrencyAmount',
  tags: ['sell-quote', 'validation', 'baseCurrencyAmount'],
  steps: [
    {
      api: 'GET /v3/currencies/btc/sell_quote?apiKey={pk}&quoteCurrencyCode=usd&baseCurrencyAmount=0.123456',
      as: 'quote',
      headers: {},
    },
  ],
  expect: {
    responses: {
      quote: {
        status: 400,
        body: { type: 'BadRequestError', message: 'baseCurrencyAmount must have at most 5 decimal places' },
      },
    },
  },
})

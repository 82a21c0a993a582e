import { defineScenario } from '#harness/scenario.ts'

/** extraFeePercentage is an integer 0–10: 11 is refused. */
export default defineScenario({
  title: 'an extraFeePercentage of 11 is refused with 400',
  tags: ['sell-quote', 'validation', 'extraFeePercentage'],
  steps: [
    {
      api: 'GET /v3/currencies/eth/sell_quote?apiKey={pk}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5&extraFeePercentage=11',
      as: 'quote',
      headers: {},
    },
  ],
  expect: {
    responses: {
      quote: { status: 400, body: { type: 'BadRequestError', message: 'extraFeePercentage must be at most 10' } },
    },
  },
})

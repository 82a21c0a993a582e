import { defineScenario } from '#harness/scenario.ts'

/** An amount under the crypto's minSellAmount (eth: 0.0083) is refused. */
export default defineScenario({
  title: 'a sell amount below minSellAmount is refused with 400',
  tags: ['sell-quote', 'validation', 'limits', 'minSellAmount'],
  steps: [
    {
      api: 'GET /v3/currencies/eth/sell_quote?apiKey={pk}&quoteCurrencyCode=usd&baseCurrencyAmount=0.008',
      as: 'quote',
      headers: {},
    },
  ],
  expect: {
    responses: {
      quote: {
        status: 400,
        body: { type: 'BadRequestError', message: 'baseCurrencyAmount must be at least 0.0083 (minSellAmount of eth)' },
      },
    },
  },
})

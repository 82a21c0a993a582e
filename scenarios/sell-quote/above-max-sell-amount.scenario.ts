import { defineScenario } from '#harness/scenario.ts'

/** An amount over the crypto's maxSellAmount (eth: 68) is refused. */
export default defineScenario({
  title: 'a sell amount above maxSellAmount is refused with 400',
  tags: ['sell-quote', 'validation', 'limits', 'maxSellAmount'],
  steps: [
    {
      api: 'GET /v3/currencies/eth/sell_quote?apiKey={pk}&quoteCurrencyCode=usd&baseCurrencyAmount=69',
      as: 'quote',
      headers: {},
    },
  ],
  expect: {
    responses: {
      quote: {
        status: 400,
        body: { type: 'BadRequestError', message: 'baseCurrencyAmount must be at most 68 (maxSellAmount of eth)' },
      },
    },
  },
})

import { defineScenario } from '#harness/scenario.ts'

/** Under a live key the test-mode rule does not apply: doge quotes normally. */
export default defineScenario({
  title: 'a sell quote for doge under a live key succeeds',
  tags: ['sell-quote', 'live-mode', 'doge'],
  mode: 'live',
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
        status: 200,
        body: { baseCurrencyCode: 'doge', quoteCurrencyCode: 'usd', baseCurrencyAmount: 500, expiresIn: 30 },
      },
    },
  },
})

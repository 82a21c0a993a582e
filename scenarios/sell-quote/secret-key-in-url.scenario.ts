import { defineScenario } from '#harness/scenario.ts'

/** The widget API takes only publishable keys: a secret key in the URL is refused. */
export default defineScenario({
  title: 'a sell quote with a secret key in the URL is refused with 401',
  tags: ['sell-quote', 'auth', 'secret-key'],
  // The DSL has a {pk} placeholder only; any well-formed secret key shows the rule.
  steps: [
    {
      api: 'GET /v3/currencies/eth/sell_quote?apiKey=sk_test_sandbox&quoteCurrencyCode=usd&baseCurrencyAmount=0.5',
      as: 'quote',
      headers: {},
    },
  ],
  expect: {
    responses: {
      quote: {
        status: 401,
        body: {
          type: 'UnauthorizedError',
          message: 'apiKey query parameter must be a publishable key (pk_...); never put a secret key in a URL',
        },
      },
    },
  },
})

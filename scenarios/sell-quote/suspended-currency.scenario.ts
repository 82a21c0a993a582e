import { defineScenario } from '#harness/scenario.ts'

/** xtz is suspended: no quote can be made for it, even within its limits. */
export default defineScenario({
  title: 'a sell quote for suspended xtz is refused with 400',
  tags: ['sell-quote', 'validation', 'suspended', 'xtz'],
  steps: [
    {
      api: 'GET /v3/currencies/xtz/sell_quote?apiKey={pk}&quoteCurrencyCode=usd&baseCurrencyAmount=100',
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
          message: 'currencyCode xtz is suspended: no quote or transaction can be made',
        },
      },
    },
  },
})

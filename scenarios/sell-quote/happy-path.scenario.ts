import { defineScenario } from '#harness/scenario.ts'

/** A sell quote for 0.5 eth paid out by SEPA. */
export default defineScenario({
  title: 'a sell quote for 0.5 eth to usd by sepa_bank_transfer',
  tags: ['sell-quote'],
  steps: [
    {
      api: 'GET /v3/currencies/eth/sell_quote?apiKey={pk}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5&payoutMethod=sepa_bank_transfer',
      as: 'quote',
      headers: {},
    },
  ],
  expect: {
    responses: {
      quote: {
        status: 200,
        body: {
          baseCurrencyCode: 'eth',
          quoteCurrencyCode: 'usd',
          baseCurrencyAmount: 0.5,
          payoutMethod: 'sepa_bank_transfer',
          expiresIn: 30,
        },
      },
    },
  },
})

import { defineScenario } from '#harness/scenario.ts'

/**
 * The amounts of a sell quote at the account's default extra fee are the seed's, whatever the account (decision 0052):
 * seed 1 prices eth/usd 2947.0109 at the epoch, sepa takes 0.9 % (13.26), the default extra fee of 3 % 44.21.
 */
export default defineScenario({
  title: 'a sell quote for 0.5 eth at the default extra fee pays out the same amounts under any account',
  tags: ['sell-quote', 'amounts'],
  seed: 1,
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
          baseCurrencyAmount: 0.5,
          baseCurrencyPrice: 2947.0109,
          feeAmount: 13.26,
          extraFeeAmount: 44.21,
          quoteCurrencyAmount: 1416.04,
        },
      },
    },
  },
})

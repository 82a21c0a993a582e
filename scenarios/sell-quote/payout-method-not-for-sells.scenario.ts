import { defineScenario } from '#harness/scenario.ts'

/** pix_instant_payment is in the request enum but never offered for sells. */
export default defineScenario({
  title: 'payoutMethod pix_instant_payment is refused for a sell with 400',
  tags: ['sell-quote', 'validation', 'payoutMethod'],
  steps: [
    {
      api: 'GET /v3/currencies/eth/sell_quote?apiKey={pk}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5&payoutMethod=pix_instant_payment',
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
          message:
            'payoutMethod pix_instant_payment is not available for sell quotes; use one of ach_bank_transfer, credit_debit_card, wallet_service, sepa_bank_transfer',
        },
      },
    },
  },
})

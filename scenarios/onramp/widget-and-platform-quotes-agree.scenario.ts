import { defineScenario } from '#harness/scenario.ts'
import { connectCustomer, getQuote, magic } from '#harness/steps.ts'
import { widgetBuyQuote } from '#harness/widget-api-steps.ts'

/**
 * The widget API's buy quote is priced by the platform buy quote's code (decision 0066): 100 usd of eth by card, fees
 * included, at the default extra fee pinned to 3 %, gives both the same price (seed 1 prices eth/usd 2947.0109 at the
 * epoch), the same fees (network 2.5, card service 4.5 %, extra 3 %), the same eth and the same total. The widget's
 * baseCurrencyAmount is the fiat converted: 100 less 10 of fees.
 */
export default defineScenario({
  title: 'widget and platform buy quotes agree',
  tags: ['onramp', 'buy-quote', 'widget'],
  seed: 1,
  steps: [
    { control: 'settings', body: { defaultExtraFeePercentage: 3 } },
    ...connectCustomer({ ...magic.usNy, externalCustomerId: 'user-ny' }),
    getQuote(
      {
        source: { asset: { code: 'usd' }, amount: 100 },
        destination: { asset: { code: 'eth' } },
        paymentMethod: { type: 'card' },
        feeBehavior: 'inclusive',
      },
      'platformQuote',
    ),
    widgetBuyQuote('baseCurrencyCode=usd&baseCurrencyAmount=100&paymentMethod=credit_debit_card&areFeesIncluded=true'),
  ],
  expect: {
    responses: {
      platformQuote: {
        status: 200,
        body: {
          data: {
            exchangeRate: 2947.0109,
            destination: { amount: 0.0305 },
            fees: { network: 2.5, service: 4.5, ecosystem: 3 },
            totalAmount: 100,
          },
        },
      },
      widgetQuote: {
        status: 200,
        body: {
          quoteCurrencyPrice: 2947.0109,
          quoteCurrencyAmount: 0.0305,
          networkFeeAmount: 2.5,
          feeAmount: 4.5,
          extraFeeAmount: 3,
          extraFeePercentage: 3,
          totalAmount: 100,
          baseCurrencyAmount: 90,
          paymentMethod: 'credit_debit_card',
        },
      },
    },
  },
})

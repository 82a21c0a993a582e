import { defineScenario } from '#harness/scenario.ts'
import { accountDetails, widgetBuyQuote } from '#harness/widget-api-steps.ts'

/**
 * The account's default extra fee is one setting (decision 0065): changing it with `PUT /__sandbox/settings` shows in
 * the account details' extra-fee percentages, in the next widget buy quote and sell quote made without an
 * `extraFeePercentage` of their own, and in the next swap quote (which takes no percentage of its own).
 */
export default defineScenario({
  title: "changing the account's default extra fee shows in the account details and in every quote",
  tags: ['account', 'account-details', 'widget-api', 'extra-fee', 'swaps'],
  steps: [
    { control: 'settings', body: { defaultExtraFeePercentage: 3 } },
    accountDetails('before'),
    { control: 'settings', body: { defaultExtraFeePercentage: 7 } },
    accountDetails('after'),
    widgetBuyQuote('baseCurrencyCode=usd&baseCurrencyAmount=100', 'buyQuote'),
    {
      api: 'GET /v3/currencies/eth/sell_quote?apiKey={pk}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5',
      headers: {},
      as: 'sellQuote',
    },
    { api: 'GET /v4/swap/eth-usdc/quote?apiKey={pk}&baseCurrencyAmount=0.5', headers: {}, as: 'swapQuote' },
  ],
  expect: {
    responses: {
      before: { status: 200, body: { cardExtraFeePercentage: 3, sellBankTransferExtraFeePercentage: 3 } },
      after: { status: 200, body: { cardExtraFeePercentage: 7, sellBankTransferExtraFeePercentage: 7 } },
      buyQuote: { status: 200, body: { extraFeePercentage: 7 } },
      // 7 % of the gross 1473.51 (the sell quote states the amount, not the percentage).
      sellQuote: { status: 200, body: { baseCurrencyAmount: 0.5, extraFeeAmount: 103.15 } },
      // 7 % of the gross 1476.96 usdc, taken in usdc (sandbox/domain/swap-quote.test.ts works it out; 3 % gives 44.31).
      swapQuote: {
        status: 200,
        body: { baseCurrencyAmount: '0.5', extraFeeAmount: '103.39', quoteCurrencyAmount: '1357.8' },
      },
    },
  },
})

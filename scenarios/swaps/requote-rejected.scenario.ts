import { defineScenario } from '#harness/scenario.ts'
import { readSwap, rejectSwapRequote, screenedSwap, swapRequote } from '#harness/widget-api-steps.ts'

/**
 * A customer swaps 100 USDC for ETH but deposits 80: screened 10 s after the deposit, the swap needs a requote
 * (more than 1 % off the quote, decision 0068). The requote prices the 80 deposited; the customer rejects it, and the
 * swap fails with depositAmountIncorrect, the deposit refunded.
 */
export default defineScenario({
  title: 'a swap with a requote rejected fails with depositAmountIncorrect',
  tags: ['swaps', 'requote'],
  steps: [...screenedSwap(100, 80), readSwap('required'), swapRequote(), rejectSwapRequote(), readSwap('after')],
  expect: {
    responses: {
      swapQuote: { status: 200, body: { pairName: 'usdc-eth', baseCurrencyAmount: '100' } },
      swap: { status: 200, body: { status: 'waitingForDepositAddressGeneration', baseCurrencyAmount: '100' } },
      deposit: { status: 200, body: { data: { status: 'screeningWalletAddress', depositAmount: '80' } } },
      required: { status: 200, body: { status: 'reQuoteRequired' } },
      requote: { status: 200, body: { pairName: 'usdc-eth', baseCurrencyAmount: '80' } },
      rejected: { status: 200, body: { success: true } },
      after: { status: 200, body: { status: 'failed', failureReason: 'depositAmountIncorrect' } },
    },
  },
})

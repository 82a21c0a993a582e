import { defineScenario } from '#harness/scenario.ts'
import { connectCustomer, magic } from '#harness/steps.ts'
import { depositToSwap, executeSwap, readSwap, swapQuote } from '#harness/widget-api-steps.ts'

/**
 * A customer swaps 100 USDC for ETH and deposits exactly 100: its deposit address is made 5 s after execution, the
 * deposit is screened 10 s after it arrives, and the swap completes 30 s later (decision 0068).
 */
export default defineScenario({
  title: 'a swap deposited as quoted completes',
  tags: ['swaps'],
  steps: [
    ...connectCustomer(magic.usNy),
    swapQuote('usdc-eth', 100),
    executeSwap(),
    { control: 'advanceClock', by: '5s' },
    readSwap('waiting'),
    depositToSwap(100),
    { control: 'advanceClock', by: '10s' },
    readSwap('swapping'),
    { control: 'advanceClock', by: '30s' },
    readSwap('done'),
  ],
  expect: {
    responses: {
      swap: { status: 200, body: { status: 'waitingForDepositAddressGeneration' } },
      waiting: { status: 200, body: { status: 'waitingForDeposit', depositWallet: { tag: null } } },
      deposit: { status: 200, body: { data: { status: 'screeningWalletAddress' } } },
      swapping: { status: 200, body: { status: 'executingSwap' } },
      done: { status: 200, body: { status: 'completed', failureReason: null, depositAmount: '100' } },
    },
  },
})

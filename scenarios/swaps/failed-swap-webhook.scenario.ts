import { defineScenario } from '#harness/scenario.ts'
import { readSwap, screenedSwap } from '#harness/widget-api-steps.ts'

/**
 * A swap of 62.13 USDC (a test-mode swap trigger, decision 0068) fails at screening with customerLimitsExceeded, 10 s
 * after its deposit, and the partner's endpoint is sent swap_transaction_failed carrying the swap as the API shows it.
 */
export default defineScenario({
  title: 'a swap of 62.13 fails with customerLimitsExceeded and sends swap_transaction_failed',
  tags: ['swaps', 'webhooks', 'trigger-62.13'],
  steps: [
    { webhooks: 'listen', as: 'hooks', events: ['swap_transaction_failed'] },
    ...screenedSwap(62.13),
    readSwap('after'),
  ],
  expect: {
    responses: { after: { status: 200, body: { status: 'failed', failureReason: 'customerLimitsExceeded' } } },
    webhooks: {
      mode: 'exact',
      events: [
        {
          type: 'swap_transaction_failed',
          payload: {
            data: { status: 'failed', failureReason: 'customerLimitsExceeded', baseCurrencyAmount: '62.13' },
            status: 'delivered',
            received: 1,
          },
        },
      ],
    },
  },
})

import { present } from '#harness/match-sequence.ts'
import { defineScenario } from '#harness/scenario.ts'
import { readSwap, screenedSwap } from '#harness/widget-api-steps.ts'

/**
 * A swap of 62.13 USDC (the test-mode trigger whose screening refuses the customer, decision 0068) fails 10 s after its
 * deposit with customerLimitsExceeded: swap_transaction_failed, then swap_refund_asset_delivery_initiated at once (the
 * deposit sent back, the refund hash set), and swap_refund_completed 30 s later on the clock. Why: a failed swap that
 * took a deposit owes the customer a refund, and the partner must learn when it arrived.
 */
export default defineScenario({
  title:
    'a swap of 62.13 fails with customerLimitsExceeded, and its deposit is refunded: failed, refund initiated, refund completed',
  tags: ['swaps', 'webhooks', 'webhook-events', 'refund', 'trigger-62.13'],
  steps: [
    { webhooks: 'listen', as: 'hooks', family: 'widget' },
    ...screenedSwap(62.13),
    { control: 'advanceClock', by: '30s' },
    readSwap('after'),
  ],
  expect: {
    responses: {
      after: {
        status: 200,
        body: { status: 'failed', failureReason: 'customerLimitsExceeded', refundHash: present, transactionHash: null },
      },
    },
    webhooks: {
      mode: 'exact',
      events: [
        {
          type: 'swap_transaction_created',
          payload: {
            data: { status: 'waitingForDepositAddressGeneration', baseCurrencyAmount: '62.13' },
            status: 'delivered',
          },
        },
        {
          type: 'swap_deposit_wallet_created',
          payload: { data: { status: 'waitingForDeposit' }, status: 'delivered' },
        },
        {
          type: 'swap_deposit_received',
          payload: {
            data: { status: 'screeningWalletAddress', depositAmount: '62.13', refundHash: null },
            status: 'delivered',
          },
        },
        {
          type: 'swap_transaction_failed',
          payload: {
            data: {
              status: 'failed',
              failureReason: 'customerLimitsExceeded',
              depositAmount: '62.13',
              transactionHash: null,
              refundHash: present,
            },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'swap_refund_asset_delivery_initiated',
          payload: {
            data: { status: 'failed', failureReason: 'customerLimitsExceeded', refundHash: present },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'swap_refund_completed',
          payload: {
            data: { status: 'failed', failureReason: 'customerLimitsExceeded', refundHash: present },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
      ],
    },
  },
})

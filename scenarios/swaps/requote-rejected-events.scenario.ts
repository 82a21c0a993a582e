import { present } from '#harness/match-sequence.ts'
import { defineScenario } from '#harness/scenario.ts'
import { rejectSwapRequote, screenedSwap, swapRequote } from '#harness/widget-api-steps.ts'

/**
 * A swap quoted for 100 USDC but deposited 80 needs a requote (swap_quote_invalid); the customer rejects it, so the
 * swap fails with depositAmountIncorrect (swap_transaction_failed) and the 80 go back to the refund wallet at once
 * (swap_refund_asset_delivery_initiated, the refund hash set), arriving 30 s later on the clock (swap_refund_completed,
 * decision 0088). Why: a partner must see the refund start and end, not only the failure.
 */
export default defineScenario({
  title:
    'a swap whose requote is rejected sends swap_transaction_failed with depositAmountIncorrect, then the refund initiated and completed',
  tags: ['swaps', 'webhooks', 'webhook-events', 'requote', 'refund'],
  steps: [
    { webhooks: 'listen', as: 'hooks', family: 'widget' },
    ...screenedSwap(100, 80),
    swapRequote(),
    rejectSwapRequote(),
    { control: 'advanceClock', by: '30s' },
  ],
  expect: {
    responses: { rejected: { status: 200, body: { success: true } } },
    webhooks: {
      mode: 'exact',
      events: [
        {
          type: 'swap_transaction_created',
          payload: { data: { status: 'waitingForDepositAddressGeneration' }, status: 'delivered' },
        },
        {
          type: 'swap_deposit_wallet_created',
          payload: { data: { status: 'waitingForDeposit' }, status: 'delivered' },
        },
        {
          type: 'swap_deposit_received',
          payload: { data: { status: 'screeningWalletAddress', depositAmount: '80' }, status: 'delivered' },
        },
        {
          type: 'swap_quote_invalid',
          payload: { data: { status: 'reQuoteRequired', depositAmount: '80', refundHash: null }, status: 'delivered' },
        },
        {
          type: 'swap_transaction_failed',
          payload: {
            data: {
              status: 'failed',
              failureReason: 'depositAmountIncorrect',
              depositAmount: '80',
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
            data: {
              status: 'failed',
              failureReason: 'depositAmountIncorrect',
              transactionHash: null,
              refundHash: present,
            },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'swap_refund_completed',
          payload: {
            data: {
              status: 'failed',
              failureReason: 'depositAmountIncorrect',
              transactionHash: null,
              refundHash: present,
            },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
      ],
    },
  },
})

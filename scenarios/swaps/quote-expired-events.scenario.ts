import { present } from '#harness/match-sequence.ts'
import { defineScenario } from '#harness/scenario.ts'
import { acceptSwapRequote, screenedSwap, swapRequote } from '#harness/widget-api-steps.ts'

/**
 * A swap of 65.13 USDC (the test-mode trigger that finds the quote expired at screening, decision 0088) deposited as
 * quoted: 10 s after the deposit it needs a requote and swap_quote_expired is sent (not swap_quote_invalid: the amount
 * was right). The requote prices the 65.13 deposited; accepted, the swap goes on: swap_asset_delivery_initiated, then
 * swap_transaction_completed 30 s later. Why: the expired-quote event is reachable only by this trigger, and its
 * requote path is the same as a mismatch's.
 */
export default defineScenario({
  title:
    'a swap of 65.13 sends swap_quote_expired at screening, and once its requote is accepted, asset delivery and completed',
  tags: ['swaps', 'webhooks', 'webhook-events', 'requote', 'trigger-65.13'],
  steps: [
    { webhooks: 'listen', as: 'hooks', family: 'widget' },
    ...screenedSwap(65.13),
    swapRequote(),
    acceptSwapRequote(),
    { control: 'advanceClock', by: '30s' },
  ],
  expect: {
    responses: {
      requote: { status: 200, body: { baseCurrencyAmount: '65.13' } },
      accepted: { status: 200, body: { status: 'executingSwap' } },
    },
    webhooks: {
      mode: 'exact',
      events: [
        {
          type: 'swap_transaction_created',
          payload: {
            data: { status: 'waitingForDepositAddressGeneration', baseCurrencyAmount: '65.13' },
            status: 'delivered',
          },
        },
        {
          type: 'swap_deposit_wallet_created',
          payload: { data: { status: 'waitingForDeposit' }, status: 'delivered' },
        },
        {
          type: 'swap_deposit_received',
          payload: { data: { status: 'screeningWalletAddress', depositAmount: '65.13' }, status: 'delivered' },
        },
        {
          type: 'swap_quote_expired',
          payload: {
            data: { status: 'reQuoteRequired', failureReason: null, depositAmount: '65.13', transactionHash: null },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'swap_asset_delivery_initiated',
          payload: {
            data: { status: 'executingSwap', baseCurrencyAmount: '65.13', transactionHash: null },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'swap_transaction_completed',
          payload: {
            data: { status: 'completed', failureReason: null, transactionHash: present, refundHash: null },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
      ],
    },
  },
})

import { present } from '#harness/match-sequence.ts'
import { defineScenario } from '#harness/scenario.ts'
import { acceptSwapRequote, readSwap, screenedSwap, swapRequote } from '#harness/widget-api-steps.ts'

/**
 * A swap quoted for 100 USDC but deposited 80: screening finds the deposit more than 1 % off the quote, so the swap needs a
 * requote and swap_quote_invalid is sent (reQuoteRequired). The customer accepts the requote (executing it, decision
 * 0088): swap_asset_delivery_initiated at the requote's 80, then swap_transaction_completed 30 s later with the
 * destination hash. Why: the deposit-mismatch path must end in success, with no failure or refund event.
 */
export default defineScenario({
  title:
    'a swap deposited 80 of 100 sends swap_quote_invalid, and once its requote is accepted, asset delivery and completed at 80',
  tags: ['swaps', 'webhooks', 'webhook-events', 'requote'],
  steps: [
    { webhooks: 'listen', as: 'hooks', family: 'widget' },
    ...screenedSwap(100, 80),
    swapRequote(),
    acceptSwapRequote(),
    { control: 'advanceClock', by: '30s' },
    readSwap('done'),
  ],
  expect: {
    responses: {
      requote: { status: 200, body: { pairName: 'usdc-eth', baseCurrencyAmount: '80' } },
      accepted: { status: 200, body: { status: 'executingSwap', baseCurrencyAmount: '80' } },
      done: { status: 200, body: { status: 'completed', baseCurrencyAmount: '80', depositAmount: '80' } },
    },
    webhooks: {
      mode: 'exact',
      events: [
        {
          type: 'swap_transaction_created',
          payload: {
            data: { status: 'waitingForDepositAddressGeneration', baseCurrencyAmount: '100' },
            status: 'delivered',
          },
        },
        {
          type: 'swap_deposit_wallet_created',
          payload: { data: { status: 'waitingForDeposit', depositWallet: { address: present } }, status: 'delivered' },
        },
        {
          type: 'swap_deposit_received',
          payload: {
            data: { status: 'screeningWalletAddress', baseCurrencyAmount: '100', depositAmount: '80' },
            status: 'delivered',
          },
        },
        {
          type: 'swap_quote_invalid',
          payload: {
            data: {
              status: 'reQuoteRequired',
              failureReason: null,
              baseCurrencyAmount: '100',
              depositAmount: '80',
              refundHash: null,
            },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'swap_asset_delivery_initiated',
          payload: {
            data: {
              status: 'executingSwap',
              failureReason: null,
              baseCurrencyAmount: '80',
              depositAmount: '80',
              transactionHash: null,
            },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'swap_transaction_completed',
          payload: {
            data: {
              status: 'completed',
              failureReason: null,
              baseCurrencyAmount: '80',
              transactionHash: present,
              refundHash: null,
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

import { present } from '#harness/match-sequence.ts'
import { defineScenario } from '#harness/scenario.ts'
import { screenedSwap } from '#harness/widget-api-steps.ts'

/**
 * A swap of 100 USDC for ETH deposited as quoted sends its five lifecycle events in order (decision 0088's table), each
 * carrying the swap as `GET /v4/swap/transaction/{id}` shows it then: swap_transaction_created at execution,
 * swap_deposit_wallet_created 5 s later (the deposit wallet set), swap_deposit_received at the deposit (amount and
 * hash), swap_asset_delivery_initiated once screened 10 s later, swap_transaction_completed 30 s after that with the
 * destination hash. Why: a partner's swap screen is driven by these alone, and nothing tells of a refund.
 */
export default defineScenario({
  title:
    'a swap deposited as quoted sends created, deposit wallet created, deposit received, asset delivery initiated and completed',
  tags: ['swaps', 'webhooks', 'webhook-events'],
  steps: [
    { webhooks: 'listen', as: 'hooks', family: 'widget' },
    ...screenedSwap(100),
    { control: 'advanceClock', by: '30s' },
  ],
  expect: {
    webhooks: {
      mode: 'exact',
      events: [
        {
          type: 'swap_transaction_created',
          payload: {
            data: {
              status: 'waitingForDepositAddressGeneration',
              baseCurrencyAmount: '100',
              depositWallet: null,
              depositAmount: null,
              depositHash: null,
              transactionHash: null,
              refundHash: null,
            },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'swap_deposit_wallet_created',
          payload: {
            data: { status: 'waitingForDeposit', depositWallet: { address: present, tag: null }, depositAmount: null },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'swap_deposit_received',
          payload: {
            data: {
              status: 'screeningWalletAddress',
              depositAmount: '100',
              depositHash: present,
              transactionHash: null,
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
              baseCurrencyAmount: '100',
              depositAmount: '100',
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
              baseCurrencyAmount: '100',
              depositAmount: '100',
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

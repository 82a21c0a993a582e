import { present } from '#harness/match-sequence.ts'
import { defineScenario } from '#harness/scenario.ts'
import {
  completeSell,
  depositForSell,
  readSell,
  requoteSell,
  sellStagesAre,
  startSell,
} from '#harness/widget-api-steps.ts'

/**
 * A sell of 0.5 ETH whose deposit arrived is made `requoteRequired` at 1400 USD by the control route (decision 0088):
 * sell_transaction_requote_required carries the reference's reduced object (currencies as codes, the deposit address
 * as `walletAddress`), and the sell then waits: 20 s on the clock pass no stage. The customer accepts (`…/complete`):
 * its remaining stages pass and it completes at 1400, each change a sell_transaction_updated. Why: a partner must
 * handle the reduced object, and see the sell settle at the requoted amount, not the first.
 */
export default defineScenario({
  title:
    'a requoted sell sends sell_transaction_requote_required with currencies as codes, waits, and once accepted completes at the new amount',
  tags: ['offramp', 'sell', 'webhooks', 'webhook-events', 'requote'],
  steps: [
    { webhooks: 'listen', as: 'hooks', family: 'widget' },
    startSell({ externalTransactionId: 'requoted-1' }),
    depositForSell(0.5),
    requoteSell(1400),
    { control: 'advanceClock', by: '20s' },
    readSell('waiting'),
    completeSell(),
    readSell('done'),
  ],
  expect: {
    responses: {
      sellRequote: { status: 200, body: { data: { status: 'requoteRequired', quoteCurrencyAmount: 1400 } } },
      waiting: {
        status: 200,
        body: {
          status: 'requoteRequired',
          quoteCurrencyAmount: 1400,
          stages: sellStagesAre('success', 'in_progress', 'not_started', 'not_started'),
        },
      },
      done: { status: 200, body: { status: 'completed', quoteCurrencyAmount: 1400, failureReason: null } },
    },
    webhooks: {
      mode: 'exact',
      events: [
        {
          type: 'sell_transaction_created',
          payload: { data: { status: 'waitingForDeposit', baseCurrencyAmount: 0.5 }, status: 'delivered' },
        },
        {
          type: 'sell_transaction_updated',
          payload: {
            data: { status: 'pending', stages: sellStagesAre('success', 'in_progress', 'not_started', 'not_started') },
            status: 'delivered',
          },
        },
        {
          type: 'sell_transaction_requote_required',
          payload: {
            data: {
              status: 'requoteRequired',
              baseCurrency: 'eth',
              quoteCurrency: 'usd',
              baseCurrencyAmount: 0.5,
              quoteCurrencyAmount: 1400,
              walletAddress: present,
              externalTransactionId: 'requoted-1',
            },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'sell_transaction_updated',
          payload: {
            data: {
              status: 'pending',
              quoteCurrencyAmount: 1400,
              stages: sellStagesAre('success', 'success', 'in_progress', 'not_started'),
            },
            status: 'delivered',
          },
        },
        {
          type: 'sell_transaction_updated',
          payload: {
            data: {
              status: 'pending',
              quoteCurrencyAmount: 1400,
              stages: sellStagesAre('success', 'success', 'success', 'in_progress'),
            },
            status: 'delivered',
          },
        },
        {
          type: 'sell_transaction_updated',
          payload: {
            data: {
              status: 'completed',
              quoteCurrencyAmount: 1400,
              failureReason: null,
              stages: sellStagesAre('success', 'success', 'success', 'success'),
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

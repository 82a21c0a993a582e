import { defineScenario } from '#harness/scenario.ts'
import { depositForSell, readSell, sellStagesAre, startSell } from '#harness/widget-api-steps.ts'

/**
 * A sell made through the control API waits for its deposit; the exact deposit makes it pending, its stages pass on
 * the clock (5 s, 10 s) and it completes at 20 s (decision 0067). Each change reaches the partner's endpoint as a sell
 * webhook carrying the sell as `GET /v3/sell_transactions/{id}` shows it.
 */
export default defineScenario({
  title: 'a sell from quote through deposit to completed, with its webhooks',
  tags: ['offramp', 'sell', 'webhooks'],
  steps: [
    {
      webhooks: 'listen',
      as: 'hooks',
      events: ['sell_transaction_created', 'sell_transaction_updated', 'sell_transaction_failed'],
    },
    { api: 'GET /v3/currencies/eth/sell_quote?apiKey={pk}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5', as: 'quote' },
    startSell({ externalTransactionId: 'order-1' }),
    readSell('waiting'),
    depositForSell(0.5),
    { control: 'advanceClock', by: '20s' },
    readSell('done'),
    { api: 'GET /v3/sell_transactions/ext/order-1?apiKey={pk}', as: 'byExternalId' },
    { api: 'GET /v3/sell_transactions?externalTransactionId=order-1', as: 'listed' },
  ],
  expect: {
    responses: {
      quote: { status: 200, body: { baseCurrencyAmount: 0.5, payoutMethod: 'ach_bank_transfer' } },
      sell: {
        status: 201,
        body: {
          data: {
            status: 'waitingForDeposit',
            baseCurrencyAmount: 0.5,
            payoutMethod: 'ach_bank_transfer',
            externalTransactionId: 'order-1',
          },
        },
      },
      waiting: {
        status: 200,
        body: {
          status: 'waitingForDeposit',
          depositHash: null,
          stages: sellStagesAre('in_progress', 'not_started', 'not_started', 'not_started'),
        },
      },
      sellDeposit: { status: 200, body: { data: { status: 'pending' } } },
      done: {
        status: 200,
        body: {
          status: 'completed',
          failureReason: null,
          stages: sellStagesAre('success', 'success', 'success', 'success'),
        },
      },
      byExternalId: { status: 200, body: [{ status: 'completed', externalTransactionId: 'order-1' }] },
      listed: { status: 200, body: [{ status: 'completed' }] },
    },
    webhooks: {
      mode: 'exact',
      events: [
        {
          type: 'sell_transaction_created',
          payload: {
            data: {
              status: 'waitingForDeposit',
              stages: sellStagesAre('in_progress', 'not_started', 'not_started', 'not_started'),
            },
            status: 'delivered',
          },
        },
        {
          type: 'sell_transaction_updated',
          payload: {
            data: { status: 'pending', stages: sellStagesAre('success', 'in_progress', 'not_started', 'not_started') },
            status: 'delivered',
          },
        },
        {
          type: 'sell_transaction_updated',
          payload: {
            data: { status: 'pending', stages: sellStagesAre('success', 'success', 'in_progress', 'not_started') },
            status: 'delivered',
          },
        },
        {
          type: 'sell_transaction_updated',
          payload: {
            data: { status: 'pending', stages: sellStagesAre('success', 'success', 'success', 'in_progress') },
            status: 'delivered',
          },
        },
        {
          type: 'sell_transaction_updated',
          payload: {
            data: { status: 'completed', stages: sellStagesAre('success', 'success', 'success', 'success') },
            status: 'delivered',
          },
        },
      ],
    },
  },
})

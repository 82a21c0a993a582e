import { defineScenario, ref } from '#harness/scenario.ts'
import { connectCustomer, magic } from '#harness/steps.ts'
import {
  depositForWidgetSell,
  readWidgetSell,
  sellStagesAre,
  widgetSellsByExternalId,
} from '#harness/widget-api-steps.ts'

const REFUND = '0x52908400098527886E0F7030069857D2E4169EE7'

/**
 * A connected customer sells 0.5 ETH in the widget frame opened with `flow=sell` (decision 0070): amount, refund
 * wallet, confirm; the frame posts `complete` with the sell waiting for its deposit. The partner finds it by its
 * external id, the exact deposit arrives through the control API, and 20 s later it is completed, each change
 * reaching the partner's endpoint as a sell webhook.
 */
export default defineScenario({
  title: 'a sell made in the widget frame, deposited and completed',
  tags: ['offramp', 'sell', 'widget', 'frames', 'webhooks'],
  steps: [
    {
      webhooks: 'listen',
      as: 'hooks',
      events: ['sell_transaction_created', 'sell_transaction_updated', 'sell_transaction_failed'],
    },
    ...connectCustomer(magic.usNy),
    {
      open: 'widget',
      channel: 'widget',
      params: {
        clientToken: ref('conn.credentials.clientToken'),
        flow: 'sell',
        currencyCode: 'eth',
        externalTransactionId: 'widget-sell-1',
      },
    },
    { customer: 'chooseAmount', channel: 'widget', fields: { amount: '0.5', currencyCode: 'eth' } },
    { customer: 'enterWallet', channel: 'widget', fields: { address: REFUND } },
    { customer: 'confirmSell', channel: 'widget' },
    { until: 'widget', kind: 'complete' },
    widgetSellsByExternalId('widget-sell-1', 'sells'),
    depositForWidgetSell(0.5, 'sells'),
    { control: 'advanceClock', by: '20s' },
    readWidgetSell('done', 'sells'),
  ],
  expect: {
    channels: {
      widget: {
        mode: 'exact',
        events: [
          { kind: 'handshake' },
          { kind: 'ready' },
          { kind: 'complete', payload: { flow: 'sell', transaction: { status: 'waitingForDeposit' } } },
        ],
      },
    },
    responses: {
      sells: {
        status: 200,
        body: [
          {
            status: 'waitingForDeposit',
            baseCurrencyAmount: 0.5,
            refundWalletAddress: REFUND,
            externalTransactionId: 'widget-sell-1',
          },
        ],
      },
      sellsDeposit: { status: 200, body: { data: { status: 'pending' } } },
      done: {
        status: 200,
        body: {
          status: 'completed',
          failureReason: null,
          externalTransactionId: 'widget-sell-1',
          stages: sellStagesAre('success', 'success', 'success', 'success'),
        },
      },
    },
    webhooks: {
      mode: 'exact',
      events: [
        {
          type: 'sell_transaction_created',
          payload: {
            data: { status: 'waitingForDeposit', externalTransactionId: 'widget-sell-1' },
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

import { defineScenario } from '#harness/scenario.ts'
import { listTransactions } from '#harness/steps.ts'
import {
  cardBuyWithExternalId,
  widgetTransactionOfLatest,
  widgetTransactionsByExternalId,
} from '#harness/widget-api-steps.ts'

/**
 * A card buy made through the frames with an externalTransactionId is one transaction, whichever API reads it
 * (decision 0066): the widget API finds it by external id (an array), the platform list shows it first, and the widget
 * API reads the platform list's id as the same transaction. Pending on the platform is `waitingAuthorization` in the
 * widget while the payment is verified; once the clock has run 20 s both say completed.
 */
export default defineScenario({
  title: 'a buy looked up by external id through both APIs',
  tags: ['onramp', 'transactions', 'widget', 'buy', 'card'],
  steps: [
    ...cardBuyWithExternalId('ramp-order-1'),
    widgetTransactionsByExternalId('ramp-order-1', 'ext'),
    listTransactions('?limit=1', 'latest'),
    widgetTransactionOfLatest('widgetTxn', 'latest'),
    { api: 'GET /v1/transactions?externalTransactionId=ramp-order-1', as: 'widgetList' },
    { control: 'advanceClock', by: '20s' },
    listTransactions('?limit=1', 'latestAfter'),
    widgetTransactionOfLatest('widgetAfter', 'latestAfter'),
  ],
  expect: {
    responses: {
      ext: {
        status: 200,
        body: [
          {
            externalTransactionId: 'ramp-order-1',
            status: 'waitingAuthorization',
            totalAmount: 100,
            currency: { code: 'eth' },
            baseCurrency: { code: 'usd' },
            cardType: 'card',
          },
        ],
      },
      latest: {
        status: 200,
        body: { data: [{ externalTransactionId: 'ramp-order-1', status: 'pending', totalAmount: 100 }] },
      },
      widgetTxn: {
        status: 200,
        body: { externalTransactionId: 'ramp-order-1', status: 'waitingAuthorization', totalAmount: 100 },
      },
      widgetList: { status: 200, body: [{ externalTransactionId: 'ramp-order-1', totalAmount: 100 }] },
      latestAfter: { status: 200, body: { data: [{ externalTransactionId: 'ramp-order-1', status: 'completed' }] } },
      widgetAfter: {
        status: 200,
        body: {
          externalTransactionId: 'ramp-order-1',
          status: 'completed',
          stages: [{ status: 'success' }, { status: 'success' }, { status: 'success' }, { status: 'success' }],
        },
      },
    },
  },
})

import { defineScenario, ref } from '#harness/scenario.ts'
import { cardBuy, listTransactions, WALLET_ADDRESS } from '#harness/steps.ts'

/** The card buy's transaction as a failed one: a full transaction the route's schema accepts, declined at verification. */
const failedTransaction = {
  id: ref('latest.body.data.0.id'),
  externalTransactionId: null,
  customerId: ref('latest.body.data.0.customerId'),
  status: 'failed',
  source: { asset: { code: 'usd' }, amount: 100 },
  destination: { asset: { code: 'eth' }, amount: 0.0305 },
  totalAmount: 100,
  fees: { network: 2.5, service: 4.5, ecosystem: 3 },
  wallet: { address: WALLET_ADDRESS },
  paymentMethod: { type: 'card', id: ref('latest.body.data.0.paymentMethod.id') },
  stages: [
    { stage: 'stage_one_ordering', status: 'success', failureReason: null },
    { stage: 'stage_two_verification', status: 'failed', failureReason: 'payment_authorization_declined' },
    { stage: 'stage_three_processing', status: 'not_started', failureReason: null },
    { stage: 'stage_four_delivery', status: 'not_started', failureReason: null },
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

/**
 * A partner tests its failed-payment screen: after a card buy, a fault answers the transaction's GET with the same
 * transaction, failed (a body checked against the route's schema when the fault is armed).
 */
export default defineScenario({
  title: 'a fault answers a card buy transaction as failed with a body of its own',
  tags: ['faults', 'payments'],
  steps: [
    ...cardBuy(),
    listTransactions(),
    {
      control: 'fault',
      as: 'failing',
      fault: {
        method: 'GET',
        path: '/platform/v1/transactions/*',
        status: 200,
        responseBody: { data: failedTransaction },
      },
    },
    {
      api: 'GET /platform/v1/transactions/{{latest.body.data.0.id}}',
      as: 'txn',
      headers: { authorization: 'Bearer {{conn.credentials.accessToken}}' },
    },
  ],
  expect: {
    responses: {
      latest: { status: 200, body: { data: [{ status: 'pending' }] } },
      txn: { status: 200, body: { data: { status: 'failed', stages: failedTransaction.stages } } },
    },
    requests: [{ match: { method: 'GET', path: '/platform/v1/transactions/*', key: 'accessToken' }, times: 1 }],
  },
})

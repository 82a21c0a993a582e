import { defineScenario } from '#harness/scenario.ts'
import { cancelSell, depositForSell, readSell, startSell } from '#harness/widget-api-steps.ts'

/**
 * `DELETE /v3/sell_transactions/{id}` cancels a sell still waiting for its deposit (204: failed, failureReason
 * `cancelled`), and refuses one that completed with 409 in the widget error shape (decision 0067).
 */
export default defineScenario({
  title: 'cancelling a completed sell is 409',
  tags: ['offramp', 'sell', 'cancel'],
  steps: [
    startSell({}, 'waitingSell'),
    cancelSell('cancelWaiting', 'waitingSell'),
    readSell('cancelled', 'waitingSell'),
    startSell(),
    depositForSell(0.5),
    { control: 'advanceClock', by: '20s' },
    cancelSell('cancelCompleted'),
    readSell('stillCompleted'),
  ],
  expect: {
    responses: {
      cancelWaiting: { status: 204 },
      cancelled: {
        status: 200,
        body: {
          status: 'failed',
          failureReason: 'cancelled',
          stages: [
            { stage: 'stage_one_ordering', status: 'failed', failureReason: 'cancelled' },
            { status: 'not_started' },
            { status: 'not_started' },
            { status: 'not_started' },
          ],
        },
      },
      cancelCompleted: { status: 409, body: { type: 'ConflictError' } },
      stillCompleted: { status: 200, body: { status: 'completed' } },
    },
  },
})

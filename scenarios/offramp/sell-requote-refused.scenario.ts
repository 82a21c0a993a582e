import { present } from '#harness/match-sequence.ts'
import { defineScenario } from '#harness/scenario.ts'
import { depositForSell, failSell, readSell, requoteSell, sellStagesAre, startSell } from '#harness/widget-api-steps.ts'

/**
 * A sell of 0.5 ETH whose deposit arrived is made `requoteRequired` by the control route at its default, 1 % less
 * (sell_transaction_requote_required, the reduced object); the customer refuses the new price (`…/fail` with `refund`:
 * the crypto goes back), so sell_transaction_failed follows, the verification stage failed, and nothing completes
 * after. Why: a refused requote ends the sell, and the partner learns it from one failed event.
 */
export default defineScenario({
  title: 'a requoted sell the customer refuses sends sell_transaction_requote_required, then sell_transaction_failed',
  tags: ['offramp', 'sell', 'webhooks', 'webhook-events', 'requote'],
  steps: [
    { webhooks: 'listen', as: 'hooks', family: 'widget' },
    startSell(),
    depositForSell(0.5),
    requoteSell(),
    failSell('refund'),
    { control: 'advanceClock', by: '20s' },
    readSell('after'),
  ],
  expect: {
    responses: {
      sellRequote: { status: 200, body: { data: { status: 'requoteRequired' } } },
      sellFail: { status: 200, body: { data: { status: 'failed', failureReason: 'refund' } } },
      after: { status: 200, body: { status: 'failed', failureReason: 'refund' } },
    },
    webhooks: {
      mode: 'exact',
      events: [
        { type: 'sell_transaction_created', payload: { data: { status: 'waitingForDeposit' }, status: 'delivered' } },
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
              walletAddress: present,
            },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'sell_transaction_failed',
          payload: {
            data: {
              status: 'failed',
              failureReason: 'refund',
              stages: [
                { status: 'success' },
                { status: 'failed', failureReason: 'refund' },
                { status: 'not_started' },
                { status: 'not_started' },
              ],
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

import { defineScenario } from '#harness/scenario.ts'
import { connectCustomer, magic, openPayFrame, quoteFor } from '#harness/steps.ts'

/** Android wallet pay with no wallet on the device (walletAvailable=false): unsupported {reason: 'wallet_unavailable'}, no button, no error. */
export default defineScenario({
  title: 'google-pay without a wallet posts unsupported wallet_unavailable instead of ready',
  tags: ['payments', 'google-pay', 'wallet-pay', 'unsupported', 'walletAvailable'],
  steps: [
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount: 100, method: 'google_pay' }),
    openPayFrame('google-pay', 'pay', 'q', { walletAvailable: 'false' }),
    { until: 'pay', kind: 'unsupported' },
  ],
  expect: {
    responses: { q: { status: 200 } },
    channels: {
      pay: {
        mode: 'exact',
        events: [{ kind: 'handshake' }, { kind: 'unsupported', payload: { reason: 'wallet_unavailable' } }],
      },
    },
  },
})

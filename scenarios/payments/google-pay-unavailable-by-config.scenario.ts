import { defineScenario } from '#harness/scenario.ts'
import { connectCustomer, getPaymentMethods, magic, openPayFrame, quoteFor } from '#harness/steps.ts'

/**
 * Android wallet pay where the payment-method configs say google_pay is unavailable (the tenant's `googlePayAvailable`
 * setting is off): the configs show it with reason wallet_unavailable, and the google-pay frame, with no
 * `walletAvailable` parameter, posts unsupported instead of ready, no button, no error.
 */
export default defineScenario({
  title:
    'google-pay posts unsupported wallet_unavailable when the payment-method configs say google_pay is unavailable',
  tags: ['payments', 'google-pay', 'wallet-pay', 'unsupported', 'settings', 'paymentMethodConfigs'],
  steps: [
    { control: 'settings', body: { googlePayAvailable: false } },
    ...connectCustomer(magic.usNy),
    getPaymentMethods(),
    ...quoteFor({ amount: 100, method: 'google_pay' }),
    openPayFrame('google-pay'),
    { until: 'pay', kind: 'unsupported' },
  ],
  expect: {
    responses: {
      methods: {
        status: 200,
        body: {
          data: {
            paymentMethodConfigs: [
              { type: 'card', availability: { available: true } },
              { type: 'apple_pay', availability: { available: true } },
              { type: 'google_pay', availability: { available: false, reason: 'wallet_unavailable' } },
            ],
          },
        },
      },
      q: { status: 200 },
    },
    channels: {
      pay: {
        mode: 'exact',
        events: [{ kind: 'handshake' }, { kind: 'unsupported', payload: { reason: 'wallet_unavailable' } }],
      },
    },
  },
})

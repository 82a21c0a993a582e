import { defineScenario } from '#harness/scenario.ts'
import { connectCustomer, magic, quoteFor } from '#harness/steps.ts'

/** The partner server creates exactly one session for its customer `buyer-1` on the way to a quote: the sandbox counts it. */
export default defineScenario({
  title: 'a connected customer quotes, and the partner created exactly one session for buyer-1',
  tags: ['faults', 'verification'],
  steps: [...connectCustomer(magic.usNy), ...quoteFor({ amount: 100, method: 'apple_pay' })],
  expect: {
    responses: { q: { status: 200 } },
    requests: [
      { match: { method: 'POST', path: '/platform/v1/sessions', body: { externalCustomerId: 'buyer-1' } }, times: 1 },
      {
        match: { method: 'POST', path: '/platform/v1/sessions', body: { externalCustomerId: { matches: '^other-' } } },
        times: 0,
      },
      { match: { method: 'POST', path: '/platform/v1/quotes/buy', key: 'accessToken' }, times: 1 },
    ],
  },
})

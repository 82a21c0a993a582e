import { defineScenario, ref } from '#harness/scenario.ts'
import { buyQuoteBody, connectCustomer, magic } from '#harness/steps.ts'

/**
 * A rate-limited buy quote: a fault answers the first eth buy quote 429 with `Retry-After: 2`; the partner client
 * (`retry: 2`) waits the two seconds on the tenant clock and asks again, which the sandbox answers.
 */
export default defineScenario({
  title: 'a buy quote answered 429 with Retry-After is retried after the wait and quoted',
  tags: ['faults', 'quotes'],
  steps: [
    ...connectCustomer(magic.usNy),
    {
      control: 'fault',
      as: 'limit',
      fault: {
        method: 'POST',
        path: '/platform/v1/quotes/buy',
        body: { 'destination.asset.code': 'eth' },
        status: 429,
        responseHeaders: { 'retry-after': '2' },
        times: 1,
      },
    },
    {
      client: 'getQuote',
      accessToken: ref('conn.credentials.accessToken'),
      body: buyQuoteBody({ amount: 100, method: 'apple_pay' }),
      as: 'q',
      retry: 2,
    },
  ],
  expect: {
    responses: {
      q: { status: 200, attempts: [429, 200], body: { data: { destination: { asset: { code: 'eth' } } } } },
    },
    requests: [
      {
        match: { method: 'POST', path: '/platform/v1/quotes/buy', body: { 'destination.asset.code': 'eth' } },
        times: 2,
      },
    ],
  },
})

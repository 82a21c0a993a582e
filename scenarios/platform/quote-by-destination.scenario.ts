import { defineScenario } from '#harness/scenario.ts'
import { connectCustomer, getQuote, magic } from '#harness/steps.ts'

/** Quoting by destination.amount is always fees-inclusive, even when exclusive is asked for. */
export default defineScenario({
  title: 'a quote by destination amount is inclusive even when exclusive is requested',
  tags: ['platform', 'buy-quote', 'feeBehavior', 'destination-amount'],
  steps: [
    ...connectCustomer({ ...magic.usNy, externalCustomerId: 'user-ny' }),
    getQuote({
      source: { asset: { code: 'usd' } },
      destination: { asset: { code: 'eth' }, amount: 0.01 },
      feeBehavior: 'exclusive',
    }),
  ],
  expect: {
    responses: {
      quote: {
        status: 200,
        body: { data: { feeBehavior: 'inclusive', destination: { asset: { code: 'eth' }, amount: 0.01 } } },
      },
    },
  },
})

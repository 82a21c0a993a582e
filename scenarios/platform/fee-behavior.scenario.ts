import { defineScenario } from '#harness/scenario.ts'
import { connectCustomer, getQuote, magic } from '#harness/steps.ts'

/** feeBehavior: inclusive takes the fees out of source.amount (total = 100); exclusive adds them on top. */
export default defineScenario({
  title: 'an inclusive quote totals its source amount and an exclusive one adds the fees on top',
  tags: ['platform', 'buy-quote', 'feeBehavior'],
  steps: [
    // The ecosystem fee is the default extra fee, the same for every account but seeded per seed: pin it so the amounts hold under any --seed.
    { control: 'settings', body: { defaultExtraFeePercentage: 3 } },
    ...connectCustomer({ ...magic.usNy, externalCustomerId: 'user-ny' }),
    getQuote(
      {
        source: { asset: { code: 'usd' }, amount: 100 },
        destination: { asset: { code: 'eth' } },
        feeBehavior: 'inclusive',
      },
      'inclusive',
    ),
    getQuote(
      {
        source: { asset: { code: 'usd' }, amount: 100 },
        destination: { asset: { code: 'eth' } },
        feeBehavior: 'exclusive',
      },
      'exclusive',
    ),
  ],
  expect: {
    responses: {
      inclusive: {
        status: 200,
        body: { data: { feeBehavior: 'inclusive', source: { amount: 100 }, totalAmount: 100 } },
      },
      // The same fees either way (eth network 2.5, card service 4.5%, ecosystem 3%); exclusive pays them on top: 100 + 10.
      exclusive: {
        status: 200,
        body: {
          data: {
            feeBehavior: 'exclusive',
            source: { amount: 100 },
            fees: { network: 2.5, service: 4.5, ecosystem: 3 },
            totalAmount: 110,
          },
        },
      },
    },
  },
})

import { defineScenario } from '#harness/scenario.ts'
import { connectCustomer, listTransactions, magic } from '#harness/steps.ts'

/** The seeded history's amounts and dates are the seed's, whatever the account (decision 0052); only ids differ. */
export default defineScenario({
  title: "the newest transaction of a magic customer's history has the same amounts under any account",
  tags: ['platform', 'transactions', 'amounts'],
  seed: 1,
  steps: [...connectCustomer({ ...magic.usNy, externalCustomerId: 'user-ny' }), listTransactions()],
  expect: {
    responses: {
      latest: {
        status: 200,
        body: {
          data: [
            {
              status: 'completed',
              createdAt: '2025-12-17T08:25:24.977Z',
              totalAmount: 47.14,
              fees: { network: 1.25, service: 3.99, ecosystem: 0 },
              source: { asset: { code: 'usd' }, amount: 41.9 },
              destination: { asset: { code: 'eth' }, amount: 0.0139 },
            },
          ],
        },
      },
    },
  },
})

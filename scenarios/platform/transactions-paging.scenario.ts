import { defineScenario } from '#harness/scenario.ts'
import { connectCustomer, listTransactions, magic } from '#harness/steps.ts'

/** The customer's 45 transactions page by limit: a first page of 20, and everything in one page ends with nextCursor null. */
export default defineScenario({
  title: 'transactions list in pages of the requested limit',
  tags: ['platform', 'transactions', 'paging'],
  steps: [
    ...connectCustomer({ ...magic.usNy, externalCustomerId: 'user-ny' }),
    listTransactions('?limit=20', 'page1'),
    listTransactions('?limit=100', 'all'),
  ],
  expect: {
    responses: {
      // Twenty empty partials: arrays match element by element and by length, so this says "exactly 20 items".
      page1: { status: 200, body: { data: Array.from({ length: 20 }, () => ({})), pageInfo: {} } },
      all: { status: 200, body: { data: Array.from({ length: 45 }, () => ({})), pageInfo: { nextCursor: null } } },
    },
  },
})

import { defineScenario, ref } from '../../harness/scenario.ts'

/** The customer's 45 transactions page by limit: a first page of 20, and everything in one page ends with nextCursor null. */
export default defineScenario({
  title: 'transactions list in pages of the requested limit',
  tags: ['platform', 'transactions', 'paging'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'user-ny', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { client: 'getConnection', sessionToken: ref('session.sessionToken'), as: 'conn' },
    { client: 'listTransactions', accessToken: ref('conn.credentials.accessToken'), as: 'page1', query: '?limit=20' },
    { client: 'listTransactions', accessToken: ref('conn.credentials.accessToken'), as: 'all', query: '?limit=100' },
  ],
  expect: {
    responses: {
      // Twenty empty partials: arrays match element by element and by length, so this says "exactly 20 items".
      page1: { status: 200, body: { data: Array.from({ length: 20 }, () => ({})), pageInfo: {} } },
      all: { status: 200, body: { data: Array.from({ length: 45 }, () => ({})), pageInfo: { nextCursor: null } } },
    },
  },
})

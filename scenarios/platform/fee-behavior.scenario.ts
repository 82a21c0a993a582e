import { defineScenario, ref } from '../../harness/scenario.ts'

/** feeBehavior: inclusive takes the fees out of source.amount (total = 100); exclusive adds them on top. */
export default defineScenario({
  title: 'an inclusive quote totals its source amount and an exclusive one adds the fees on top',
  tags: ['platform', 'buy-quote', 'feeBehavior'],
  steps: [
    // The ecosystem fee is the account's default extra fee, seeded per account: pin it so the amounts are fixed.
    { control: 'settings', body: { defaultExtraFeePercentage: 3 } },
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'user-ny', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { client: 'getConnection', sessionToken: ref('session.sessionToken'), as: 'conn' },
    { client: 'getQuote', accessToken: ref('conn.credentials.accessToken'), as: 'inclusive', body: { source: { asset: { code: 'usd' }, amount: 100 }, destination: { asset: { code: 'eth' } }, feeBehavior: 'inclusive' } },
    { client: 'getQuote', accessToken: ref('conn.credentials.accessToken'), as: 'exclusive', body: { source: { asset: { code: 'usd' }, amount: 100 }, destination: { asset: { code: 'eth' } }, feeBehavior: 'exclusive' } },
  ],
  expect: {
    responses: {
      inclusive: { status: 200, body: { data: { feeBehavior: 'inclusive', source: { amount: 100 }, totalAmount: 100 } } },
      // The same fees either way (eth network 2.5, card service 4.5%, ecosystem 3%); exclusive pays them on top: 100 + 10.
      exclusive: { status: 200, body: { data: { feeBehavior: 'exclusive', source: { amount: 100 }, fees: { network: 2.5, service: 4.5, ecosystem: 3 }, totalAmount: 110 } } },
    },
  },
})

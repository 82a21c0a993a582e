import { defineScenario } from '#harness/scenario.ts'
import { onboardWithCustomerApi, verifyWithCustomerApi } from '#harness/steps.ts'

/**
 * The Customer API path: a customer onboarded with skipKyc gets details, a passport and a selfie, and is submitted for
 * verification: customer.identity_status_updated (platform family) with kyc pending at once, then approved once the clock has run 60 s.
 */
export default defineScenario({
  title: 'verifying a customer through the Customer API sends customer.identity_status_updated pending, then approved',
  tags: ['webhooks', 'webhooks-kyc', 'customer-api', 'kyc'],
  steps: [
    { webhooks: 'listen', as: 'hooks', events: ['customer.identity_status_updated'], scheme: 'standard' },
    ...onboardWithCustomerApi(),
    ...verifyWithCustomerApi('Lovelace'),
    { control: 'advanceClock', by: '60s' },
  ],
  expect: {
    responses: { confirm: { status: 200 }, verify: { status: 200, body: { data: { kyc: { status: 'pending' } } } } },
    webhooks: {
      events: [
        {
          type: 'customer.identity_status_updated',
          payload: {
            data: { kyc: { status: 'pending', requirements: [] } },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'customer.identity_status_updated',
          payload: {
            data: { kyc: { status: 'approved', requirements: [] } },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
      ],
    },
  },
})

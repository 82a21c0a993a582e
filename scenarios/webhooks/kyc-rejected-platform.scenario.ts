import { defineScenario } from '#harness/scenario.ts'
import { onboardWithCustomerApi, verifyWithCustomerApi } from '#harness/steps.ts'

/**
 * A platform-family endpoint (decision 0087) follows a customer named `Rejected` through the Customer API's
 * verification: customer.identity_status_updated with KYC pending at once, then rejected 60 s later on the clock, the
 * customer as the Customer API reads it; none of the widget family's identity_check_updated. Why: a platform partner
 * learns a KYC change from this event alone, in its `{id, type, timestamp, data}` envelope.
 */
export default defineScenario({
  title:
    'a platform endpoint is sent customer.identity_status_updated pending, then rejected, for a customer named Rejected',
  tags: ['webhooks', 'webhook-events', 'webhooks-kyc', 'customer-api', 'kyc', 'rejected', 'platform'],
  steps: [
    { webhooks: 'listen', as: 'hooks', family: 'platform' },
    ...onboardWithCustomerApi(),
    ...verifyWithCustomerApi('Rejected'),
    { control: 'advanceClock', by: '60s' },
  ],
  expect: {
    responses: { verify: { status: 200, body: { data: { kyc: { status: 'pending' } } } } },
    webhooks: {
      mode: 'exact',
      events: [
        {
          type: 'customer.identity_status_updated',
          payload: {
            data: { kyc: { status: 'pending', requirements: [] }, details: { lastName: 'Rejected' } },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'customer.identity_status_updated',
          payload: {
            data: { kyc: { status: 'rejected', requirements: [] }, details: { lastName: 'Rejected' } },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
      ],
    },
  },
})

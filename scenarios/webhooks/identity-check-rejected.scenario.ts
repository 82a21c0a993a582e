import { defineScenario } from '#harness/scenario.ts'
import { onboardWithCustomerApi, verifyWithCustomerApi } from '#harness/steps.ts'

/**
 * A customer whose last name is the sandbox's magic `Rejected` is submitted for verification: identity_check_updated
 * pending at once, then, 60 s later on the clock, completed with result rejected, rejectType retry (the customer may
 * submit again), rejectLabels ["Other"], one rejection and a description naming the magic value (decision 0088). Why:
 * a partner must tell a rejection it can retry from a clear check by these fields alone.
 */
export default defineScenario({
  title:
    'a customer named Rejected gets identity_check_updated pending, then completed rejected with rejectType retry and rejectLabels Other',
  tags: ['webhooks', 'webhook-events', 'identity-check', 'customer-api', 'kyc', 'rejected'],
  steps: [
    { webhooks: 'listen', as: 'hooks', family: 'widget', events: ['identity_check_updated'] },
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
          type: 'identity_check_updated',
          payload: {
            externalCustomerId: 'customer-api-1',
            data: { status: 'pending', result: null, rejectType: null, rejectLabels: null, rejections: 0 },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
        {
          type: 'identity_check_updated',
          payload: {
            externalCustomerId: 'customer-api-1',
            data: {
              externalCustomerId: 'customer-api-1',
              level: 2,
              status: 'completed',
              result: 'rejected',
              rejectType: 'retry',
              rejectLabels: ['Other'],
              rejections: 1,
              resultDescription: "rejected by the sandbox: the customer's last name is the magic value Rejected",
            },
            status: 'delivered',
            attempts: 1,
            received: 1,
          },
        },
      ],
    },
  },
})

import { present } from '#harness/match-sequence.ts'
import { defineScenario } from '#harness/scenario.ts'
import { onboardWithCustomerApi, verifyWithCustomerApi } from '#harness/steps.ts'

/**
 * A customer onboarded through the Customer API is submitted for verification: identity_check_updated (widget family)
 * says the check is pending at once, then completed with result clear once the clock has run 60 s (decision 0088), the
 * partner's `externalCustomerId` at the top of the body as well as in `data`. Why: a partner keys its customer on
 * that top-level id, and the approved check must say clear, no reject type, no labels.
 */
export default defineScenario({
  title:
    'verifying a customer sends identity_check_updated pending, then completed clear, with externalCustomerId at the top of the body',
  tags: ['webhooks', 'webhook-events', 'identity-check', 'customer-api', 'kyc'],
  steps: [
    { webhooks: 'listen', as: 'hooks', family: 'widget', events: ['identity_check_updated'] },
    ...onboardWithCustomerApi(),
    ...verifyWithCustomerApi('Lovelace'),
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
            data: {
              id: present,
              externalCustomerId: 'customer-api-1',
              level: 2,
              status: 'pending',
              result: null,
              rejectType: null,
              rejectLabels: null,
              rejections: 0,
              resultDescription: null,
            },
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
              id: present,
              externalCustomerId: 'customer-api-1',
              level: 2,
              status: 'completed',
              result: 'clear',
              rejectType: null,
              rejectLabels: [],
              rejections: 0,
              resultDescription: null,
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

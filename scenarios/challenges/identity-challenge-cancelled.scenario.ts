import { defineScenario } from '#harness/scenario.ts'
import {
  asksForChallenge,
  challengeThen,
  completesDeclined,
  listTransactions,
  onboardWithCustomerApi,
  openPayFrame,
  quoteFor,
  tapAndConfirm,
} from '#harness/steps.ts'

/**
 * The Customer API path: getConnection with skipKyc, then setupAuth; the customer buys with Apple Pay before KYC is done
 * and cancels the identity challenge: cancelled {flow: 'identity'}, the purchase fails with no transaction, KYC unchanged.
 */
export default defineScenario({
  title:
    'cancelling the identity challenge of a customer onboarded with skipKyc fails the purchase with authorizationDeclined',
  tags: ['challenges', 'identity', 'skipKyc', 'setupAuth', 'apple-pay', 'customer-api', 'cancelled'],
  steps: [
    ...onboardWithCustomerApi(),
    ...quoteFor({ amount: 100, method: 'apple_pay' }),
    openPayFrame('apple-pay'),
    ...tapAndConfirm(),
    ...challengeThen('cancelChallenge'),
    listTransactions('?limit=20'),
    { api: 'GET /platform/v1/customers/{{lookup.customer.id}}', as: 'customer' },
  ],
  expect: {
    responses: {
      latest: { status: 200, body: { data: [] } },
      customer: {
        status: 200,
        body: { data: { kyc: { status: 'not_started', requirements: ['details', 'identity_document', 'selfie'] } } },
      },
    },
    channels: {
      check: { events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'authenticationRequired' } }] },
      auth: { events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'active' } }] },
      pay: {
        events: [
          { kind: 'handshake' },
          { kind: 'ready' },
          { kind: 'buttonPressed' },
          asksForChallenge,
          completesDeclined('The customer cancelled the verification challenge.'),
        ],
      },
      challenge: { events: [{ kind: 'handshake' }, { kind: 'cancelled', payload: { flow: 'identity' } }] },
    },
  },
})

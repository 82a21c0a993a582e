import { defineScenario } from '#harness/scenario.ts'
import {
  asksForChallenge,
  challengeThen,
  completesPending,
  onboardWithCustomerApi,
  openPayFrame,
  quoteFor,
  tapAndConfirm,
} from '#harness/steps.ts'

/**
 * The Customer API path: getConnection with skipKyc, then setupAuth; the customer buys with Apple Pay before KYC is done,
 * verifies their identity in the challenge frame (complete {flow: 'identity', identityId}), and the purchase completes.
 */
export default defineScenario({
  title: 'a customer onboarded with skipKyc verifies their identity in the challenge frame, and the purchase completes',
  tags: ['challenges', 'identity', 'skipKyc', 'setupAuth', 'apple-pay', 'customer-api'],
  steps: [
    ...onboardWithCustomerApi(),
    ...quoteFor({ amount: 100, method: 'apple_pay' }),
    openPayFrame('apple-pay'),
    ...tapAndConfirm(),
    ...challengeThen('completeChallenge'),
    { api: 'GET /platform/v1/customers/{{lookup.customer.id}}', as: 'customer' },
  ],
  expect: {
    responses: {
      q: { status: 200, body: { data: { executable: true, paymentMethod: { type: 'apple_pay' } } } },
      customer: { status: 200, body: { data: { kyc: { status: 'approved', requirements: [] } } } },
    },
    channels: {
      check: {
        events: [
          { kind: 'handshake' },
          {
            kind: 'complete',
            payload: { status: 'authenticationRequired', customer: { kyc: { status: 'not_started' } } },
          },
        ],
      },
      auth: {
        events: [
          { kind: 'handshake' },
          { kind: 'complete', payload: { status: 'active', customer: { kyc: { status: 'not_started' } } } },
        ],
      },
      pay: {
        events: [
          { kind: 'handshake' },
          { kind: 'ready' },
          { kind: 'buttonPressed' },
          asksForChallenge,
          completesPending,
        ],
      },
      challenge: {
        events: [{ kind: 'handshake' }, { kind: 'complete', payload: { flow: 'identity', transaction: undefined } }],
      },
    },
  },
})

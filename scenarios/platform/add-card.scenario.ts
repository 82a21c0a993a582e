import { defineScenario, ref } from '#harness/scenario.ts'
import { connectCustomer, getPaymentMethods, magic } from '#harness/steps.ts'

/** The customer adds a card in the add-card frame; it shows among the stored payment methods until it is deleted. */
export default defineScenario({
  title: 'a card added in the add-card frame is listed among the payment methods, and gone once deleted',
  tags: ['platform', 'payment-methods', 'add-card', 'cards'],
  steps: [
    ...connectCustomer({ ...magic.usNy, externalCustomerId: 'user-ny' }),
    { open: 'add-card', channel: 'addCard', params: { clientToken: ref('conn.credentials.clientToken') } },
    {
      customer: 'enterCard',
      channel: 'addCard',
      fields: { number: '4242424242424242', expiryMonth: '12', expiryYear: '2030', cvc: '123' },
    },
    getPaymentMethods('methods'),
    {
      api: 'DELETE /platform/v1/payment-methods/{{methods.body.data.paymentMethods.2.id}}',
      as: 'deleted',
      headers: { authorization: 'Bearer {{conn.credentials.accessToken}}' },
    },
    getPaymentMethods('after'),
  ],
  expect: {
    channels: {
      addCard: {
        events: [
          { kind: 'handshake' },
          { kind: 'ready' },
          {
            kind: 'complete',
            payload: {
              paymentMethod: {
                type: 'card',
                brand: 'visa',
                last4: '4242',
                expiryMonth: 12,
                expiryYear: 2030,
                availability: { available: true },
              },
            },
          },
        ],
      },
    },
    responses: {
      methods: {
        status: 200,
        body: {
          data: { paymentMethods: [{}, {}, { brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2030 }] },
        },
      },
      deleted: { status: 204 },
      after: { status: 200, body: { data: { paymentMethods: [{ brand: 'visa' }, { brand: 'mastercard' }] } } },
    },
  },
})

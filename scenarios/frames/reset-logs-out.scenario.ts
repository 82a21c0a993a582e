import { defineScenario, ref } from '#harness/scenario.ts'
import { connectCustomer, getPaymentMethods, magic } from '#harness/steps.ts'

/** The reset frame logs the customer out: it completes, and the access token issued before it stops working (401). */
export default defineScenario({
  title: 'the reset frame completes and the old access token is then refused with 401',
  tags: ['frames', 'reset', 'logout', 'credentials'],
  steps: [
    ...connectCustomer(magic.usNy),
    getPaymentMethods('before'),
    { open: 'reset', channel: 'reset', params: { clientToken: ref('conn.credentials.clientToken') } },
    { until: 'reset', kind: 'complete' },
    getPaymentMethods('after'),
  ],
  expect: {
    responses: { before: { status: 200 }, after: { status: 401 } },
    channels: { reset: { mode: 'exact', events: [{ kind: 'handshake' }, { kind: 'complete', payload: {} }] } },
  },
})

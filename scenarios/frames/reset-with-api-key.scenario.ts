import { defineScenario, ref } from '#harness/scenario.ts'
import { connectCustomer, getPaymentMethods, magic } from '#harness/steps.ts'

/**
 * The reset frame authorized by the publishable key alone (no clientToken): it clears the browser-side authentication
 * state (the customer the check frame remembered on the frames origin) and completes; it revokes no session, so the
 * access token issued before still works.
 */
export default defineScenario({
  title: 'the reset frame with an apiKey only completes and leaves the session alive',
  tags: ['frames', 'reset', 'logout', 'apiKey'],
  steps: [
    ...connectCustomer(magic.usNy),
    { api: 'GET /__sandbox/fixtures', as: 'fixtures' },
    { open: 'reset', channel: 'reset', params: { apiKey: ref('fixtures.body.data.keys.publishable') } },
    { until: 'reset', kind: 'complete' },
    getPaymentMethods('after'),
  ],
  expect: {
    responses: { after: { status: 200 } },
    channels: { reset: { mode: 'exact', events: [{ kind: 'handshake' }, { kind: 'complete', payload: {} }] } },
  },
})

import { defineScenario, ref } from '#harness/scenario.ts'
import { connectCustomer, getPaymentMethods, magic } from '#harness/steps.ts'

/** A tenant that allows only https://partner.example: the host's origin may not embed the reset frame, which never loads, so the customer stays logged in. */
export default defineScenario({
  title: 'a frame is refused under an origin the tenant does not allow: no handshake, and reset never runs',
  tags: ['frames', 'reset', 'allowedOrigins', 'frame-ancestors', 'settings', 'web-host-only'],
  steps: [
    ...connectCustomer(magic.usNy),
    { control: 'settings', body: { allowedOrigins: ['https://partner.example'] } },
    { open: 'reset', channel: 'reset', params: { clientToken: ref('conn.credentials.clientToken') } },
    getPaymentMethods('after'),
  ],
  expect: {
    responses: { after: { status: 200 } },
    channels: { reset: { mode: 'never', events: [{ kind: 'handshake' }, { kind: 'complete' }, { kind: 'error' }] } },
  },
})

import { defineScenario, ref } from '#harness/scenario.ts'
import { createSession, magic } from '#harness/steps.ts'

/**
 * Outstanding terms on the Customer API path: the auth frame authenticates the customer but leaves the connection
 * termsAcceptanceRequired (anonymous credentials); a new session carrying termsAcceptedAt connects them.
 */
export default defineScenario({
  title:
    'the auth frame leaves a customer with outstanding terms termsAcceptanceRequired; a session carrying termsAcceptedAt connects them',
  tags: ['connect', 'terms', 'termsAcceptedAt', 'setupAuth', 'skipKyc'],
  steps: [
    createSession({ externalCustomerId: 'user-terms-auth', ...magic.terms }),
    {
      client: 'getConnection',
      sessionToken: ref('session.sessionToken'),
      as: 'lookup',
      channel: 'check',
      skipKyc: true,
    },
    { client: 'setupAuth', clientToken: ref('lookup.credentials.clientToken'), as: 'conn', channel: 'auth' },
    createSession(
      { externalCustomerId: 'user-terms-auth', ...magic.terms, termsAcceptedAt: '2026-01-01T00:00:00.000Z' },
      'accepted',
    ),
    {
      client: 'getConnection',
      sessionToken: ref('accepted.sessionToken'),
      as: 'relaunched',
      channel: 'relaunch',
      skipKyc: true,
    },
  ],
  expect: {
    channels: {
      check: { events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'termsAcceptanceRequired' } }] },
      auth: { events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'termsAcceptanceRequired' } }] },
      relaunch: {
        events: [
          { kind: 'handshake' },
          { kind: 'complete', payload: { status: 'active', customer: { country: 'USA', administrativeArea: 'NY' } } },
        ],
      },
    },
  },
})

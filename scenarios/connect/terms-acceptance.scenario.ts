import { defineScenario } from '#harness/scenario.ts'
import { createSession, magic, openSessionFrame } from '#harness/steps.ts'

/** Outstanding terms: the frame reports termsAcceptanceRequired; a new session carrying termsAcceptedAt connects. */
export default defineScenario({
  title: 'a customer with outstanding terms is termsAcceptanceRequired until a session carries termsAcceptedAt',
  tags: ['connect', 'terms', 'termsAcceptedAt'],
  steps: [
    createSession({ externalCustomerId: 'user-terms', ...magic.terms }),
    openSessionFrame('connect'),
    { customer: 'acceptTerms', channel: 'connect' },
    createSession(
      { externalCustomerId: 'user-terms', ...magic.terms, termsAcceptedAt: '2026-01-01T00:00:00.000Z' },
      'accepted',
    ),
    openSessionFrame('connect', 'accepted', 'relaunch'),
  ],
  expect: {
    channels: {
      connect: {
        events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'termsAcceptanceRequired' } }],
      },
      relaunch: {
        events: [
          { kind: 'handshake' },
          { kind: 'complete', payload: { status: 'active', customer: { country: 'USA', administrativeArea: 'NY' } } },
        ],
      },
    },
  },
})

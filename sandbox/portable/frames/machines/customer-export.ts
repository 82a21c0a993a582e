import type { FrameMachine } from '../machine.ts'
import { errorEvent, next } from '../machine.ts'

/** The customer's answer to the export request. */
export type CustomerExportAction = { type: 'consent' } | { type: 'decline' }

/** States of the customer-export frame. */
export type CustomerExportState =
  | { phase: 'asking' }
  | { phase: 'issuing' }
  | { phase: 'consented' }
  | { phase: 'declined' }
  | { phase: 'failed' }

/**
 * The customer-export frame: asks the customer to consent to one export of
 * their data. `consent` runs `export.consent` and posts `complete`
 * `{consentToken, expiresAt}` (the partner's server then calls
 * `POST /platform/v1/customers/:id/export` with it, once); `decline` posts
 * `error` `consent_declined`.
 *
 * @example
 * const { state } = customerExportMachine.start({ channelId: 'ch_123456' })
 * customerExportMachine.step(state, { type: 'customer', action: { type: 'consent' } }).effects // [{ type: 'export.consent' }]
 */
export const customerExportMachine: FrameMachine<'customer-export', CustomerExportState, CustomerExportAction> = {
  frame: 'customer-export',
  start: () => next({ phase: 'asking' }),
  step(state, input) {
    if (state.phase === 'asking' && input.type === 'customer') {
      if (input.action.type === 'consent') return next({ phase: 'issuing' }, [], [{ type: 'export.consent' }])
      if (input.action.type === 'decline') {
        return next({ phase: 'declined' }, [
          {
            kind: 'error',
            payload: { code: 'consent_declined', message: 'the customer declined to export their data' },
          },
        ])
      }
    }
    if (state.phase !== 'issuing' || input.type !== 'result' || input.result.effect !== 'export.consent')
      return next(state)
    const { result } = input
    if (!result.ok) return next({ phase: 'failed' }, [errorEvent(result)])
    const { consentToken, expiresAt } = result.value
    return next({ phase: 'consented' }, [{ kind: 'complete', payload: { consentToken, expiresAt } }])
  },
  view(state) {
    switch (state.phase) {
      case 'asking':
        return {
          screen: 'asking',
          title: 'Share your data?',
          body: 'The partner asks for a copy of your profile, documents and transactions. You can allow one export.',
          actions: [
            { action: 'consent', label: 'Allow export' },
            { action: 'decline', label: 'Decline' },
          ],
        }
      case 'issuing':
        return { screen: 'issuing', title: 'Recording your consent…', actions: [] }
      case 'consented':
        return { screen: 'consented', title: 'Consent given', body: 'You can close this window.', actions: [] }
      case 'declined':
        return {
          screen: 'declined',
          title: 'Export declined',
          body: 'Nothing was shared. You can close this window.',
          actions: [],
        }
      case 'failed':
        return {
          screen: 'failed',
          title: 'Something went wrong',
          body: 'Close this window and try again.',
          actions: [],
        }
    }
  },
}

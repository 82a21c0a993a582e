import type { FrameMachine } from '../machine.ts'
import { errorEvent, next } from '../machine.ts'

/** States of the headless reset frame. */
type ResetState = { phase: 'clearing' } | { phase: 'done' } | { phase: 'failed' }

/**
 * The reset frame (headless): clears the customer's authentication state, then
 * reports `complete`. Effect: `auth.reset` (the page first clears the customer its
 * frames remembered in the browser; with a `clientToken` the session is revoked too;
 * an `apiKey` alone revokes nothing). The same steps with either, in a page or in process.
 *
 * @example
 * resetMachine.start({ channelId: 'ch_123456' }) // effects: [{ type: 'auth.reset' }]
 */
export const resetMachine: FrameMachine<'reset', ResetState> = {
  frame: 'reset',
  start: () => next({ phase: 'clearing' }, [], [{ type: 'auth.reset' }]),
  step(state, input) {
    if (state.phase !== 'clearing' || input.type !== 'result' || input.result.effect !== 'auth.reset')
      return next(state)
    if (!input.result.ok) return next({ phase: 'failed' }, [errorEvent(input.result)])
    return next({ phase: 'done' }, [{ kind: 'complete', payload: {} }])
  },
  view: (state) => ({
    screen: state.phase,
    title: state.phase === 'done' ? 'Signed out' : 'Signing out…',
    actions: [],
  }),
}

import type { EffectResult, FrameMachine, FrameView, Step } from '../machine.ts'
import { errorEvent, next } from '../machine.ts'
import { encryptFor, finishEncrypting, type Encrypting, type Finished } from './check.ts'
import { ONE_TIME_CODE_FIELD, ONE_TIME_CODE_HINT, oneTimeCodeProblem } from './connect.ts'

/** What the customer can do inside the auth frame. */
export type AuthAction = { type: 'enterCode'; code: string } | { type: 'cancel' }

/** States of the auth frame. */
export type AuthState =
  | { phase: 'identifying'; publicKey: string }
  | { phase: 'code'; publicKey: string; message?: string }
  | { phase: 'authenticating'; publicKey: string }
  | { phase: 'closed' }
  | Encrypting
  | Finished

function onResult(state: AuthState, result: EffectResult): Step<AuthState> {
  if (state.phase === 'encrypting' && result.effect === 'credentials.encrypt') return finishEncrypting(state, result)
  if (state.phase === 'identifying' && result.effect === 'connection.identify') {
    return result.ok
      ? next({ phase: 'code', publicKey: state.publicKey })
      : next({ phase: 'failed' }, [errorEvent(result)])
  }
  if (state.phase === 'authenticating' && result.effect === 'connection.authenticate') {
    return result.ok ? encryptFor(result.value, state.publicKey) : next({ phase: 'failed' }, [errorEvent(result)])
  }
  return next(state)
}

function onAction(state: AuthState, action: AuthAction): Step<AuthState> {
  if (state.phase !== 'code') return next(state)
  if (action.type === 'cancel') return next({ phase: 'closed' })
  if (action.type !== 'enterCode') return next(state)
  const message = oneTimeCodeProblem(String(action.code ?? ''))
  if (message) return next({ ...state, message })
  return next({ phase: 'authenticating', publicKey: state.publicKey }, [], [{ type: 'connection.authenticate' }])
}

function view(state: AuthState): FrameView {
  if (state.phase === 'code') {
    return {
      screen: 'code',
      title: 'Enter your code',
      body: 'We sent you a six-digit code.',
      ...(state.message ? { error: state.message } : {}),
      actions: [
        { action: 'enterCode', label: 'Verify', fields: [ONE_TIME_CODE_FIELD] },
        { action: 'cancel', label: 'Cancel' },
      ],
      hints: [ONE_TIME_CODE_HINT],
    }
  }
  const titles: Record<string, string> = { closed: 'Closed', done: 'Signed in', failed: 'Something went wrong' }
  return { screen: state.phase, title: titles[state.phase] ?? 'Signing in…', actions: [] }
}

/**
 * The auth frame (entered with `getConnection({skipKyc})`, then `setupAuth`):
 * checks that the `clientToken` (anonymous or full) names a customer
 * (`connection.identify`; otherwise `error` `invalid_token`), takes the
 * one-time code (sandbox: `000000`), issues full credentials for that customer
 * (`connection.authenticate`) and reports `complete` with `status: 'active'`; a
 * customer whose terms are outstanding is reported `termsAcceptanceRequired`
 * with anonymous credentials (only a new session with `termsAcceptedAt` moves on).
 * `cancel` closes the frame without an event.
 *
 * @example
 * authMachine.start({ channelId: 'ch_123456', clientToken, publicKey }) // effects: [{ type: 'connection.identify' }]
 */
export const authMachine: FrameMachine<'auth', AuthState, AuthAction> = {
  frame: 'auth',
  start: (params) => next({ phase: 'identifying', publicKey: params.publicKey }, [], [{ type: 'connection.identify' }]),
  step(state, input) {
    if (input.type === 'result') return onResult(state, input.result)
    if (input.type === 'customer') return onAction(state, input.action)
    return next(state)
  },
  view,
}

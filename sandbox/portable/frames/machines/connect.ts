import type { Connection, ConnectionStatus } from '#contract/index.ts'
import type { EffectResult, FrameField, FrameMachine, FrameView, Step } from '../machine.ts'
import { errorEvent, next } from '../machine.ts'
import { encryptFor, finishEncrypting, type Encrypting, type Finished } from './check.ts'

/** The one-time code the sandbox accepts (a sandbox test value; no code is ever sent). */
const SANDBOX_ONE_TIME_CODE = '000000'

/**
 * What is wrong with a one-time code, for the screen; `undefined` when it is
 * the sandbox's code. Any other input is refused without an event.
 *
 * @example
 * oneTimeCodeProblem('123456') // 'That code is not right. In the sandbox the code is 000000.'
 */
export function oneTimeCodeProblem(code: string): string | undefined {
  if (!/^\d{6}$/.test(code.trim())) return 'Enter the six-digit code.'
  if (code.trim() !== SANDBOX_ONE_TIME_CODE)
    return `That code is not right. In the sandbox the code is ${SANDBOX_ONE_TIME_CODE}.`
  return undefined
}

/** What the customer can do inside the connect frame. */
export type ConnectAction =
  | { type: 'enterEmail'; email: string }
  | { type: 'enterCode'; code: string }
  | { type: 'acceptTerms' }
  | { type: 'cancel' }

/**
 * States of the connect frame. `terms` carries the new customer's `email`
 * (accepting registers them) or the `connection` whose terms are outstanding
 * (accepting reports it unchanged: the partner relaunches with `termsAcceptedAt`).
 */
export type ConnectState =
  | { phase: 'deciding'; publicKey: string }
  | { phase: 'email'; publicKey: string; message?: string }
  | { phase: 'code'; publicKey: string; email: string; message?: string }
  | { phase: 'terms'; publicKey: string; email?: string; connection?: Connection }
  | { phase: 'registering'; publicKey: string; email: string }
  | { phase: 'closed' }
  | Encrypting
  | Finished
  /** Reported `complete` with this status: the final screen says what it means for the customer. */
  | { phase: 'done'; status: ConnectionStatus }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const cancel = { action: 'cancel', label: 'Cancel' }

function onResult(state: ConnectState, result: EffectResult): Step<ConnectState> {
  if (state.phase === 'encrypting' && result.effect === 'credentials.encrypt') {
    const finished = finishEncrypting(state, result)
    return finished.state.phase === 'done'
      ? { ...finished, state: { phase: 'done', status: state.summary.status } }
      : finished
  }
  if (state.phase === 'deciding' && result.effect === 'connection.decide') {
    if (!result.ok) return next({ phase: 'failed' }, [errorEvent(result)])
    const connection = result.value
    if (connection.status === 'connectionRequired' && !connection.mismatch)
      return next({ phase: 'email', publicKey: state.publicKey })
    if (connection.status === 'termsAcceptanceRequired')
      return next({ phase: 'terms', publicKey: state.publicKey, connection })
    return encryptFor(connection, state.publicKey)
  }
  if (state.phase === 'registering' && result.effect === 'connection.register') {
    if (result.ok) return encryptFor(result.value, state.publicKey)
    if (result.error.code === 'email_in_use')
      return next({
        phase: 'email',
        publicKey: state.publicKey,
        message: 'That email belongs to another account. Use a different email.',
      })
    return next({ phase: 'failed' }, [errorEvent(result)])
  }
  return next(state)
}

function onAction(state: ConnectState, action: ConnectAction): Step<ConnectState> {
  const interactive = state.phase === 'email' || state.phase === 'code' || state.phase === 'terms'
  if (action.type === 'cancel') return interactive ? next({ phase: 'closed' }) : next(state)
  if (state.phase === 'email' && action.type === 'enterEmail') {
    const email = String(action.email ?? '')
      .trim()
      .toLowerCase()
    if (!EMAIL.test(email)) return next({ ...state, message: 'Enter a valid email address.' })
    return next({ phase: 'code', publicKey: state.publicKey, email })
  }
  if (state.phase === 'code' && action.type === 'enterCode') {
    const message = oneTimeCodeProblem(String(action.code ?? ''))
    return next(message ? { ...state, message } : { phase: 'terms', publicKey: state.publicKey, email: state.email })
  }
  if (state.phase === 'terms' && action.type === 'acceptTerms') {
    if (state.connection) return encryptFor(state.connection, state.publicKey)
    const email = state.email!
    return next(
      { phase: 'registering', publicKey: state.publicKey, email },
      [],
      [{ type: 'connection.register', email }],
    )
  }
  return next(state)
}

/** The one-time code's input: a numeric keyboard, and the browser may fill it from a message. */
export const ONE_TIME_CODE_FIELD: FrameField = {
  name: 'code',
  label: 'Code',
  type: 'text',
  inputMode: 'numeric',
  autocomplete: 'one-time-code',
}
/** The one-time code as a test value the screen shows. */
export const ONE_TIME_CODE_HINT = `Sandbox one-time code: ${SANDBOX_ONE_TIME_CODE}`

/**
 * The connect frame's last screen for the status it reported: never "Connected" for a customer who cannot buy yet.
 *
 * @example
 * finalScreen('pending').title // 'Verification pending'
 */
function finalScreen(status: ConnectionStatus): FrameView {
  const screen = (title: string, body: string): FrameView => ({
    screen: 'done',
    title,
    body,
    details: [{ label: 'Status', value: status }],
    actions: [],
  })
  switch (status) {
    case 'active':
      return screen('Connected', 'Your account is connected. You can close this window.')
    case 'pending':
      return screen(
        'Verification pending',
        'Your identity verification is being reviewed. You can buy once it is approved.',
      )
    case 'failed':
      return screen('Verification failed', 'Your identity could not be verified, so the account cannot be connected.')
    case 'unavailable':
      return screen('Not available in your region', 'This service is not available where you live.')
    case 'termsAcceptanceRequired':
      return screen('Terms not yet accepted', 'Accept the terms of service to finish connecting your account.')
    case 'connectionRequired':
      return screen('Not connected', 'No account could be connected with these details.')
    case 'authenticationRequired':
      return screen('Sign-in needed', 'Confirm it is you with a one-time code to finish connecting.')
  }
}

function view(state: ConnectState): FrameView {
  switch (state.phase) {
    case 'email':
      return {
        screen: 'email',
        title: 'Connect your account',
        ...(state.message ? { error: state.message } : {}),
        actions: [
          {
            action: 'enterEmail',
            label: 'Continue',
            fields: [{ name: 'email', label: 'Email', type: 'email', inputMode: 'email', autocomplete: 'email' }],
          },
          cancel,
        ],
      }
    case 'code':
      return {
        screen: 'code',
        title: 'Enter your code',
        body: `We sent a six-digit code to ${state.email}.`,
        ...(state.message ? { error: state.message } : {}),
        actions: [{ action: 'enterCode', label: 'Verify', fields: [ONE_TIME_CODE_FIELD] }, cancel],
        hints: [ONE_TIME_CODE_HINT],
      }
    case 'terms':
      return {
        screen: 'terms',
        title: 'Accept the terms',
        body: 'Read and accept the terms of service and the privacy policy to continue.',
        actions: [{ action: 'acceptTerms', label: 'Accept and continue' }, cancel],
      }
    case 'closed':
      return { screen: 'closed', title: 'Closed', actions: [] }
    case 'done':
      return 'status' in state ? finalScreen(state.status) : { screen: 'done', title: 'Connected', actions: [] }
    case 'failed':
      return { screen: 'failed', title: 'Something went wrong', body: 'Close this window and try again.', actions: [] }
    default:
      return { screen: state.phase, title: 'Connecting…', actions: [] }
  }
}

/**
 * The connect frame (co-branded): decides the session's connection
 * (`connection.decide`). An `active`, `pending`, `failed`, `unavailable` or
 * mismatched connection completes at once. A new customer enters an email,
 * the one-time code (sandbox: `000000`) and accepts the terms, which registers
 * them (`connection.register`) and completes `active`. A customer whose terms
 * are outstanding sees the terms and completes `termsAcceptanceRequired`.
 * `cancel` closes the frame without an event (the spec names none).
 *
 * @example
 * connectMachine.step(state, { type: 'customer', action: { type: 'enterEmail', email: 'new@example.com' } })
 */
export const connectMachine: FrameMachine<'connect', ConnectState, ConnectAction> = {
  frame: 'connect',
  start: (params) => next({ phase: 'deciding', publicKey: params.publicKey }, [], [{ type: 'connection.decide' }]),
  step(state, input) {
    if (input.type === 'result') return onResult(state, input.result)
    if (input.type === 'customer') return onAction(state, input.action)
    return next(state)
  },
  view,
}

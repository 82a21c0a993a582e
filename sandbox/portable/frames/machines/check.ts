import type { Connection, FrameOutbound } from '#contract/index.ts'
import type { EffectResultOf, FrameMachine, Step } from '../machine.ts'
import { errorEvent, next } from '../machine.ts'

/** What `complete` of check, connect and auth carries besides the credentials. */
export type ConnectionSummary = Omit<Connection, 'credentials'>

/** The state of a frame that is encrypting credentials before it reports `complete`. */
export interface Encrypting {
  phase: 'encrypting'
  summary: ConnectionSummary
}

/** The end of a connection frame: reported `complete`, or an `error`. */
export type Finished = { phase: 'done' } | { phase: 'failed' }

/**
 * Asks for a connection's credentials to be encrypted for the host's key
 * (effect `credentials.encrypt`); `complete` follows the result.
 *
 * @example
 * encryptFor(connection, params.publicKey) // effects: [{ type: 'credentials.encrypt', credentials, publicKey }]
 */
export function encryptFor(connection: Connection, publicKey: string): Step<Encrypting> {
  const { credentials, ...summary } = connection
  return next({ phase: 'encrypting', summary }, [], [{ type: 'credentials.encrypt', credentials, publicKey }])
}

/**
 * Reports `complete` with the encrypted credentials (fields absent from the
 * connection stay absent: `mismatch` only when true), or the encryption's `error`.
 *
 * @example
 * finishEncrypting(state, { effect: 'credentials.encrypt', ok: true, value: 'eyJl…' })
 */
export function finishEncrypting(state: Encrypting, result: EffectResultOf<'credentials.encrypt'>): Step<Finished> {
  if (!result.ok) return next({ phase: 'failed' }, [errorEvent(result)])
  const complete: FrameOutbound = { kind: 'complete', payload: { ...state.summary, credentials: result.value } }
  return next({ phase: 'done' }, [complete])
}

/** States of the headless check frame. */
export type CheckState = { phase: 'deciding'; publicKey: string } | Encrypting | Finished

/**
 * The check frame (headless): resolves the session to its connection
 * (effect `connection.decide`), encrypts the credentials for `publicKey`
 * (effect `credentials.encrypt`) and reports `complete` with
 * `{status, customer?, capabilities?, mismatch?, credentials}`. With
 * `skipKyc=true` (the Customer API path) KYC that has not started is no
 * obstacle: `authenticationRequired`, then `setupAuth`. A token that
 * is not valid (or a session revoked) reports `error` with the effect's code.
 *
 * @example
 * checkMachine.start({ channelId: 'ch_123456', sessionToken, publicKey }) // effects: [{ type: 'connection.decide' }]
 */
export const checkMachine: FrameMachine<'check', CheckState> = {
  frame: 'check',
  start: (params) =>
    next(
      { phase: 'deciding', publicKey: params.publicKey },
      [],
      [{ type: 'connection.decide', ...(params.skipKyc === 'true' ? { skipKyc: true } : {}) }],
    ),
  step(state, input) {
    if (input.type !== 'result') return next(state)
    const { result } = input
    if (state.phase === 'deciding' && result.effect === 'connection.decide') {
      return result.ok ? encryptFor(result.value, state.publicKey) : next({ phase: 'failed' }, [errorEvent(result)])
    }
    if (state.phase === 'encrypting' && result.effect === 'credentials.encrypt') return finishEncrypting(state, result)
    return next(state)
  },
  view: (state) => ({
    screen: state.phase,
    title: state.phase === 'done' ? 'Checked' : state.phase === 'failed' ? 'Check failed' : 'Checking…',
    actions: [],
  }),
}

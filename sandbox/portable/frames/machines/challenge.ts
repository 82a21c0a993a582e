import type { ChallengeRecord } from '#contract/index.ts'
import type { FrameOutbound } from '#contract/index.ts'
import type { FrameMachine, FrameView } from '../machine.ts'
import { errorEvent, next } from '../machine.ts'

/** Customer actions of the challenge frame: confirm wallet ownership or verify identity (`completeChallenge`), enter the CVV again, or cancel. */
export type ChallengeAction =
  | { type: 'completeChallenge' }
  | { type: 'enterCvv'; cvv: string }
  | { type: 'cancelChallenge' }

/** States of the challenge frame. */
export type ChallengeState =
  | { phase: 'opening' }
  | { phase: 'open'; kind: ChallengeRecord['kind']; cvvRejected: boolean }
  | { phase: 'resolving' }
  | { phase: 'done'; outcome: 'complete' | 'cancelled' }
  | { phase: 'failed' }

const CVV = /^[0-9]{3,4}$/

/**
 * The challenge frame, loaded from the URL of a buy frame's `challenge` event:
 * opens the challenge its `challengeToken` names (`challenge.open`), lets the
 * customer complete it (`completeChallenge` for wallet ownership and identity,
 * `enterCvv` with 3–4 digits for a CVV challenge) or cancel it
 * (`cancelChallenge`), and posts `complete` `{flow: 'buy', transaction}` or
 * `{flow: 'identity', identityId}`, or `cancelled` `{flow}` (`challenge.resolve`).
 * Errors: `invalid_token`, `unsupported_flow`, `invalid_challenge`.
 *
 * @example
 * challengeMachine.start({ channelId: 'ch_123456', challengeToken }) // effects: [{ type: 'challenge.open' }]
 */
export const challengeMachine: FrameMachine<'challenge', ChallengeState, ChallengeAction> = {
  frame: 'challenge',
  start: () => next({ phase: 'opening' }, [], [{ type: 'challenge.open' }]),
  step(state, input) {
    if (input.type === 'result') {
      const { result } = input
      if (state.phase === 'opening' && result.effect === 'challenge.open') {
        return result.ok
          ? next({ phase: 'open', kind: result.value.kind, cvvRejected: false })
          : next({ phase: 'failed' }, [errorEvent(result)])
      }
      if (state.phase !== 'resolving' || result.effect !== 'challenge.resolve') return next(state)
      if (!result.ok) return next({ phase: 'failed' }, [errorEvent(result)])
      const resolved = result.value
      const event: FrameOutbound =
        resolved.kind === 'complete'
          ? { kind: 'complete', payload: resolved.payload }
          : { kind: 'cancelled', payload: resolved.payload }
      return next({ phase: 'done', outcome: resolved.kind }, [event])
    }
    if (state.phase !== 'open' || input.type !== 'customer') return next(state)
    const { action } = input
    if (action.type === 'cancelChallenge')
      return next({ phase: 'resolving' }, [], [{ type: 'challenge.resolve', outcome: 'cancel' }])
    if (action.type === 'completeChallenge' && state.kind !== 'cvv')
      return next({ phase: 'resolving' }, [], [{ type: 'challenge.resolve', outcome: 'complete' }])
    if (action.type !== 'enterCvv' || state.kind !== 'cvv') return next(state)
    if (typeof action.cvv !== 'string' || !CVV.test(action.cvv)) return next({ ...state, cvvRejected: true })
    return next({ phase: 'resolving' }, [], [{ type: 'challenge.resolve', outcome: 'complete', cvv: action.cvv }])
  },
  view(state): FrameView {
    const cancel = { action: 'cancelChallenge', label: 'Cancel' }
    switch (state.phase) {
      case 'open':
        switch (state.kind) {
          case 'cvv':
            return {
              screen: 'cvv',
              title: 'Enter your card security code',
              ...(state.cvvRejected ? { error: 'The security code is 3 or 4 digits.' } : {}),
              actions: [
                {
                  action: 'enterCvv',
                  label: 'Verify',
                  fields: [{ name: 'cvv', label: 'CVV', type: 'text', inputMode: 'numeric', autocomplete: 'cc-csc' }],
                },
                cancel,
              ],
              hints: ['Any 3 or 4 digits verify in the sandbox'],
            }
          case 'identity':
            return {
              screen: 'identity',
              title: 'Verify your identity',
              body: 'In the sandbox, confirming stands for the document and selfie checks.',
              actions: [{ action: 'completeChallenge', label: 'Verify' }, cancel],
            }
          default:
            return {
              screen: 'walletOwnership',
              title: 'Confirm you own this wallet',
              actions: [{ action: 'completeChallenge', label: 'Confirm' }, cancel],
            }
        }
      case 'done':
        return {
          screen: 'done',
          title: state.outcome === 'complete' ? 'Verified' : 'Verification cancelled',
          actions: [],
        }
      case 'failed':
        return {
          screen: 'failed',
          title: 'This verification cannot continue',
          body: 'Go back and try again.',
          actions: [],
        }
      default:
        return { screen: state.phase, title: 'Loading the verification…', actions: [] }
    }
  },
}

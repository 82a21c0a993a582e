import type { FrameErrorPayload } from '#contract/index.ts'
import { next, type FrameMachine } from '#portable/frames/machine.ts'

/**
 * The machine of a frame that cannot start (bad parameters, an invalid or
 * revoked token): after the ack it posts one `error` with a stable code. The
 * frame page does the same, so both drivers see `handshake`, then `error`.
 *
 * @example
 * failedFrame('check', { code: 'invalid_token', message: 'sessionToken has expired' })
 */
export function failedFrame(
  frame: FrameMachine<any, any, any>['frame'],
  error: FrameErrorPayload,
): FrameMachine<any, { phase: 'failed' }> {
  return {
    frame,
    start: () => next({ phase: 'failed' }, [{ kind: 'error', payload: error }]),
    step: (state) => next(state),
    view: () => ({ screen: 'failed', title: 'This frame cannot start', body: error.message, actions: [] }),
  }
}

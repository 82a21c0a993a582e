import { z } from 'zod'

// Messages between a frame and the sandbox's own client that the spec does not name (decision record 0072): they
// travel in the same envelope, on the same channel, under the same origin checks, but never reach `onEvent` or
// `onSend`, are never journaled and never appear in an event sequence.

/** The tallest a frame may ask its iframe to be, in CSS pixels; a larger height is clamped to it. */
export const MAX_FRAME_HEIGHT = 2000

/** Frame → client: the frame's content height, so the host's iframe grows to it (a host cannot measure a cross-origin frame). */
export const ResizeMessage = z.strictObject({
  kind: z.literal('resize'),
  payload: z.strictObject({ height: z.number().finite().min(0).max(100_000) }),
})
export type ResizeMessage = z.infer<typeof ResizeMessage>

/** Client → frame: the host's theme changed; the frame follows it (an iframe's `color-scheme` does not reach it). */
export const SetThemeMessage = z.strictObject({
  kind: z.literal('setTheme'),
  payload: z.strictObject({ theme: z.enum(['light', 'dark']) }),
})
export type SetThemeMessage = z.infer<typeof SetThemeMessage>

/** The kinds of the SDK-internal messages: never events of the spec. */
export const SDK_INTERNAL_KINDS: ReadonlySet<string> = new Set(['resize', 'setTheme'])

/**
 * The iframe height for a frame's `resize`: rounded up, within 0–`MAX_FRAME_HEIGHT`.
 *
 * @example
 * frameHeight({ kind: 'resize', payload: { height: 412.4 } }) // 413
 * frameHeight({ kind: 'resize', payload: { height: 9000 } }) // 2000
 */
export function frameHeight(message: ResizeMessage): number {
  return Math.min(MAX_FRAME_HEIGHT, Math.ceil(message.payload.height))
}

import { z } from 'zod'

/** Every frame the sandbox serves (DESIGN §5), at `{frames origin}/platform/v1/{name}`. */
export const FrameName = z.enum([
  'check',
  'connect',
  'auth',
  'reset',
  'buy',
  'buy-button',
  'add-card',
  'apple-pay',
  'google-pay',
  'challenge',
  'widget',
  'widget-fallback',
  'customer-export',
])
export type FrameName = z.infer<typeof FrameName>

/**
 * A channel id routes a frame's messages (the SDK generates one per frame, such as `ch_` and 24 hex digits, or a UUID).
 * Any length the SDK could generate passes (no minimum beyond one character); 128 bounds what the sandbox stores and echoes.
 */
export const ChannelId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,128}$/, 'channelId must be 1–128 characters of A-Z a-z 0-9 _ -')
export type ChannelId = z.infer<typeof ChannelId>

/**
 * The postMessage envelope, sent as a JSON string: `{version: 2, meta: {channelId}, kind, payload?}`.
 * `kind` and `payload` are checked per frame by `FrameOutbound` / `FrameInbound`.
 */
export const Envelope = z.strictObject({
  version: z.literal(2),
  meta: z.strictObject({ channelId: ChannelId }),
  kind: z.string().min(1).max(64),
  payload: z.unknown().optional(),
})
export type Envelope = z.infer<typeof Envelope>

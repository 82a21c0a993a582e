/** The longest JSON a fault's `responseBody` may be: what one answer is, not an archive (decision 0084). */
export const MAX_FAULT_BODY_CHARS = 65_536
/** The longest JSON a webhook trigger's `data` overrides may be (decision 0084). */
export const MAX_TRIGGER_DATA_CHARS = 16_384
/** The longest JSON a frame page may journal as one message (decision 0084). */
export const MAX_FRAME_MESSAGE_CHARS = 16_384

/** The length of a value's JSON text (0 for what JSON cannot hold, `undefined`). */
export function jsonLength(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0
}

/**
 * A check that a value's JSON text is at most `chars` long, with the message naming `field` and the limit: what the
 * sandbox keeps of it is bounded at the edge, with a 400 that says so, not by a silent cut.
 *
 * @example
 * z.unknown().refine(...jsonAtMost('responseBody', MAX_FAULT_BODY_CHARS))
 */
export function jsonAtMost(field: string, chars: number): [(value: unknown) => boolean, string] {
  return [
    (value) => value === undefined || jsonLength(value) <= chars,
    `${field} must be at most ${chars} characters as JSON`,
  ]
}

/**
 * Whether two strings are equal, in time that depends on their length only, not
 * on where they first differ: signatures are compared with it so a caller cannot
 * learn a valid signature a character at a time from response times. Portable
 * (the core runs in browsers too, where node:crypto's `timingSafeEqual` is absent).
 * The length is not secret (every signature of a kind has the same length), so
 * unequal lengths answer `false` at once.
 *
 * @example
 * constantTimeEqual(tenant.sign(body), signature) // true only for the exact signature
 */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return difference === 0
}

/**
 * Freezes a value and everything it holds, so one copy can be shared (a seed's catalog, a remembered token's
 * claims) without a reader changing it for the others.
 *
 * @example
 * const claims = deepFreeze({ params: { theme: 'dark' } })
 * Object.isFrozen(claims.params) // true
 */
export function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) if (inner !== null && typeof inner === 'object') deepFreeze(inner)
  return Object.freeze(value)
}

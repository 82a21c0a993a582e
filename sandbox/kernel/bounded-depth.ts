/** How deep the journal keeps a value: deeper parts become a placeholder, so every entry serialises (JSON.stringify overflows the stack at a few thousand levels). */
export const JOURNAL_MAX_DEPTH = 64

/**
 * What the journal keeps of a part nested deeper than it keeps.
 *
 * @example
 * omittedDepth() // { omitted: 'nested deeper than the 64 levels the journal keeps' }
 */
export function omittedDepth(limit = JOURNAL_MAX_DEPTH): { omitted: string } {
  return { omitted: `nested deeper than the ${limit} levels the journal keeps` }
}

/** Whether `value` nests objects or arrays more than `limit` levels deep (recursion never goes past `limit`). */
function deeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false
  if (limit === 0) return true
  for (const child of Array.isArray(value) ? value : Object.values(value)) if (deeperThan(child, limit - 1)) return true
  return false
}

function cut(value: unknown, left: number, limit: number): unknown {
  if (value === null || typeof value !== 'object') return value
  if (left === 0) return omittedDepth(limit)
  if (Array.isArray(value)) return value.map((child) => cut(child, left - 1, limit))
  // fromEntries defines own properties: a `__proto__` key stays a key.
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, cut(child, left - 1, limit)]))
}

/**
 * `value` as the journal keeps it: itself when it nests at most `limit` levels (no copy), else a copy whose
 * deeper parts are {@link omittedDepth}.
 *
 * @example
 * withBoundedDepth(JSON.parse('['.repeat(5000) + ']'.repeat(5000))) // 64 arrays, then { omitted: … }
 */
export function withBoundedDepth<T>(value: T, limit = JOURNAL_MAX_DEPTH): T {
  return deeperThan(value, limit) ? (cut(value, limit, limit) as T) : value
}

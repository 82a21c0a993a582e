import { boundedCache } from './bounded-cache.ts'

/** Compiled patterns, by pattern text: CORS checks run on every cross-origin call. */
const compile = boundedCache(2048, (pattern) => {
  const source = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')
  return new RegExp(`^${source}$`)
})

/**
 * Whether an origin matches a pattern such as `http://localhost:*` or `https://*.example.com`
 * (`*` stands for any run of characters without `/`).
 *
 * @example
 * originMatches('http://localhost:5173', 'http://localhost:*') // true
 */
export function originMatches(origin: string, pattern: string): boolean {
  return compile(pattern).test(origin)
}

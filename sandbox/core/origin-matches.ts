/** Compiled patterns, by pattern text: CORS checks run on every cross-origin call. Cleared when it grows past a bound. */
const compiled = new Map<string, RegExp>()
const MAX_COMPILED = 2048

function compile(pattern: string): RegExp {
  let regex = compiled.get(pattern)
  if (!regex) {
    if (compiled.size >= MAX_COMPILED) compiled.clear()
    const source = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')
    regex = new RegExp(`^${source}$`)
    compiled.set(pattern, regex)
  }
  return regex
}

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

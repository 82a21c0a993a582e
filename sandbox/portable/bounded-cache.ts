/**
 * Memoizes `make` by its string argument in a Map of at most `max` entries; past
 * it the cache starts afresh. For values that are cheap to remake and asked for
 * on every request (compiled origin patterns, key bytes): the cache can never
 * grow with what clients send.
 *
 * @example
 * const keyBytes = boundedCache(1024, (key) => Buffer.from(key, 'utf8'))
 * keyBytes('k') === keyBytes('k') // true
 */
export function boundedCache<T>(max: number, make: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>()
  return (key) => {
    let value = cache.get(key)
    if (value === undefined) {
      if (cache.size >= max) cache.clear()
      value = make(key)
      cache.set(key, value)
    }
    return value
  }
}

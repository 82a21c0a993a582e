import { describe, expect, it } from 'vitest'
import { boundedCache } from './bounded-cache.ts'

describe('boundedCache', () => {
  it('makes a value once per key', () => {
    let made = 0
    const cached = boundedCache(10, (key) => ({ key, n: ++made }))
    expect(cached('a')).toBe(cached('a'))
    expect(made).toBe(1)
  })

  it('never holds more than its bound: past it, values are made again', () => {
    let made = 0
    const cached = boundedCache(3, (key) => ({ key, n: ++made }))
    const first = cached('a')
    for (const key of ['b', 'c', 'd']) cached(key)
    expect(cached('a')).not.toBe(first)
    expect(made).toBe(5)
  })
})

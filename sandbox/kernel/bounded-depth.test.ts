import { describe, expect, it } from 'vitest'
import { JOURNAL_MAX_DEPTH, omittedDepth, withBoundedDepth } from './bounded-depth.ts'

const nested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown

/** How many arrays or objects deep a value goes. */
function depthOf(value: unknown): number {
  let depth = 0
  for (let node = value; node !== null && typeof node === 'object'; depth++)
    node = Array.isArray(node) ? node[0] : Object.values(node)[0]
  return depth
}

describe('withBoundedDepth', () => {
  it('gives a value no deeper than the limit back as it is, not a copy', () => {
    const value = { a: [{ b: 1 }], c: 'x' }
    expect(withBoundedDepth(value, 3)).toBe(value)
  })

  it('keeps the first levels of a deeper value and puts a placeholder where it goes on', () => {
    expect(withBoundedDepth({ a: { b: { c: 1 } }, d: 2 }, 2)).toEqual({ a: { b: omittedDepth(2) }, d: 2 })
  })

  it('turns 5 000 levels into one that serialises, 64 levels and a placeholder', () => {
    const value = nested(5_000)
    expect(() => JSON.stringify(value)).toThrow(RangeError)
    const kept = withBoundedDepth(value)
    expect(depthOf(kept)).toBe(JOURNAL_MAX_DEPTH + 1)
    expect(JSON.stringify(kept)).toContain('nested deeper than the 64 levels the journal keeps')
  })

  it('keeps a __proto__ key as a key of the copy', () => {
    const kept = withBoundedDepth(JSON.parse('{"__proto__":{"polluted":{"x":1}}}'), 2) as Record<string, unknown>
    expect(Object.hasOwn(kept, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype)
  })
})

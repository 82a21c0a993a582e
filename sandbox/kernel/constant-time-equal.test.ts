import { describe, expect, it } from 'vitest'
import { constantTimeEqual } from './constant-time-equal.ts'

describe('constantTimeEqual', () => {
  it('holds for equal strings', () => {
    expect(constantTimeEqual('', '')).toBe(true)
    expect(constantTimeEqual('bgwWl-_x', 'bgwWl-_x')).toBe(true)
  })

  it('fails when any one character differs, first, middle or last', () => {
    const signature = 'bgwWlQ3uK9-_Zq'
    for (let i = 0; i < signature.length; i++) {
      const changed = `${signature.slice(0, i)}${signature[i] === 'A' ? 'B' : 'A'}${signature.slice(i + 1)}`
      expect(constantTimeEqual(changed, signature)).toBe(false)
    }
  })

  it('fails for strings of different lengths, a prefix included', () => {
    expect(constantTimeEqual('abc', 'abcd')).toBe(false)
    expect(constantTimeEqual('abcd', 'abc')).toBe(false)
    expect(constantTimeEqual('', 'a')).toBe(false)
  })

  it('reads every character even when the first one already differs', () => {
    let reads = 0
    const spy = (text: string) =>
      new Proxy(new String(text), {
        get(target, key) {
          if (key === 'charCodeAt') {
            return (index: number) => {
              reads++
              return target.charCodeAt(index)
            }
          }
          const value = Reflect.get(target, key)
          return typeof value === 'function' ? value.bind(target) : value
        },
      }) as unknown as string
    constantTimeEqual(spy('Xbcdefgh'), 'abcdefgh')
    const early = reads
    reads = 0
    constantTimeEqual(spy('abcdefgX'), 'abcdefgh')
    expect(early).toBe(8)
    expect(reads).toBe(8)
  })
})

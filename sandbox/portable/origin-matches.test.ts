import { describe, expect, it } from 'vitest'
import { originMatches } from './origin-matches.ts'

describe('originMatches', () => {
  it.each([
    ['http://localhost:5173', 'http://localhost:*', true],
    ['http://localhost', 'http://localhost:*', false],
    ['https://shop.example.com', 'https://*.example.com', true],
    ['https://a.b.example.com', 'https://*.example.com', true],
    ['https://example.com', 'https://*.example.com', false],
    ['https://evil.com/x.example.com', 'https://*.example.com', false],
    ['https://app.example.com', 'https://app.example.com', true],
    ['https://app.example.com.evil', 'https://app.example.com', false],
    ['https://ab', 'https://a*b*', true],
    ['https://aXbXa', 'https://a*b*a', true],
    ['https://aba', 'https://*ab*ba*', false],
    ['https://abba', 'https://*ab*ba*', true],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:*', true],
    ['http://127.0.0.10:4010', 'http://127.0.0.1:*', false],
  ])('%s against %s is %s', (origin, pattern, expected) => {
    expect(originMatches(origin, pattern)).toBe(expected)
  })

  it('decides a pattern of many * in time linear in the origin, where backtracking took seconds', () => {
    // As a regular expression of `[^/]*` runs, this pattern took about a second on this origin (10 s with 8 more characters).
    const pattern = `http://${'a*'.repeat(12)}b`
    const started = performance.now()
    expect(originMatches(`http://${'a'.repeat(32)}`, pattern)).toBe(false)
    expect(performance.now() - started).toBeLessThan(250)
    expect(originMatches(`http://${'a'.repeat(32)}b`, pattern)).toBe(true)
  })

  it('refuses an origin longer than any host name allows without reading the pattern', () => {
    expect(originMatches(`https://${'a'.repeat(300)}.example.com`, 'https://*.example.com')).toBe(false)
  })
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseQueryString, type PlainQuery } from './plain-http.ts'

function viaUrlSearchParams(text: string): PlainQuery {
  const query: PlainQuery = {}
  for (const [name, value] of new URLSearchParams(text)) {
    const existing = query[name]
    query[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value]
  }
  return query
}

describe('parseQueryString', () => {
  it('collects a repeated name into an array', () => {
    expect(parseQueryString('a=1&b=2&a=3')).toEqual({ a: ['1', '3'], b: '2' })
  })

  it('decodes percent-encoding and plus signs', () => {
    expect(parseQueryString('q=a%20b+c&e=%E2%82%AC')).toEqual({ q: 'a b c', e: '€' })
  })

  it('agrees with URLSearchParams on any query text', { timeout: 120_000 }, () => {
    const chars = fc.constantFrom('a', 'b', '=', '&', '%', '+', '2', '0', 'x', 'é', '?', '#', ';')
    fc.assert(
      fc.property(fc.string({ unit: chars, maxLength: 30 }), (text) => {
        expect(parseQueryString(text)).toEqual(viaUrlSearchParams(text))
      }),
      { numRuns: 2000 },
    )
  })
})

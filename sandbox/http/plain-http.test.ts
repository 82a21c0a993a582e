import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { frozenJsonReply, jsonTextReply, parseQueryString, type PlainQuery } from './plain-http.ts'

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

describe('replies with JSON text made once', () => {
  it('gives a text reply whose body is parsed afresh on each read', () => {
    const answer = jsonTextReply(200, '{"data":[1]}')
    expect(answer.body).toEqual({ data: [1] })
    expect(answer.body).not.toBe(answer.body)
  })

  it('makes the text and bytes of a frozen value once, and never hands out the value', () => {
    const value = Object.freeze({ data: Object.freeze(['é']) })
    const first = frozenJsonReply(200, value)
    const second = frozenJsonReply(200, value)
    expect(second.json).toBe(first.json)
    expect(second.bytes).toBe(first.bytes)
    expect(new TextDecoder().decode(first.bytes)).toBe('{"data":["é"]}')
    expect(first.body).toEqual(value)
    expect(first.body).not.toBe(value)
  })

  it('refuses a value that is not frozen', () => {
    expect(() => frozenJsonReply(200, { data: [] })).toThrow(/frozen/)
  })
})

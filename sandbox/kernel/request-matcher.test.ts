import { describe, expect, it } from 'vitest'
import { RequestMatcher, type RequestMatcherInput } from '#contract/index.ts'
import { compileMatcher, lazyJsonBody, pathPattern, type MatchableRequest } from './request-matcher.ts'
import { SandboxError } from './sandbox-error.ts'

const request = (path: string, query: Record<string, string> = {}, body?: unknown): MatchableRequest => ({
  method: 'GET',
  path,
  query,
  headers: {},
  body: lazyJsonBody(body === undefined ? undefined : JSON.stringify(body)),
  key: 'secret',
})

/** The 400 compiling a matcher throws, as `{field, message}`. */
function refusal(input: RequestMatcherInput): { field: string | undefined; message: string } {
  try {
    compileMatcher(RequestMatcher.parse(input))
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error
    expect(error.status).toBe(400)
    return { field: error.fieldErrors[0]?.field, message: error.message }
  }
  throw new Error('the matcher compiled')
}

describe('pathPattern', () => {
  it('matches one segment with * and the rest with a trailing **', () => {
    expect(pathPattern('/v3/currencies/*/sell_quote').test('/v3/currencies/eth/sell_quote')).toBe(true)
    expect(pathPattern('/v3/currencies/*/sell_quote').test('/v3/currencies/e/t/sell_quote')).toBe(false)
    expect(pathPattern('/platform/**').test('/platform')).toBe(true)
    expect(pathPattern('/platform/**').test('/platform/v1/sessions')).toBe(true)
    expect(pathPattern('/a.b').test('/aXb')).toBe(false)
  })

  it('spans one or more segments with a ** that does not end the pattern', () => {
    expect(pathPattern('/a/**/b').test('/a/x/y/b')).toBe(true)
    expect(pathPattern('/a/**/b').test('/a//b')).toBe(true)
    expect(pathPattern('/a/**/b').test('/a/b')).toBe(false)
    expect(pathPattern('/**/*/sell_quote').test('/v3/currencies/eth/sell_quote')).toBe(true)
  })

  it('decides many ** on a long path in time linear in the path', () => {
    // As a regular expression (`.*` each), eight `**` took about a second on this 80-character path, and longer paths never end.
    const pattern = pathPattern(`/${'**/'.repeat(8)}z`)
    const started = performance.now()
    expect(pattern.test('/a'.repeat(40))).toBe(false)
    expect(performance.now() - started).toBeLessThan(250)
    expect(pattern.test(`${'/a'.repeat(4000)}/z`)).toBe(true)
  })

  it('finds a run of many * segments after a ** on a long path quickly', () => {
    // As RE2 it was linear but slow here: about a second for this pattern on this 16 kB path.
    const path = `${Array.from({ length: 8000 }, (_, i) => ((i * 7) % 3 === 0 ? '/a' : '/b')).join('')}/!`
    const pattern = pathPattern(`/**/a${'/*'.repeat(120)}/b`)
    const started = performance.now()
    expect(pattern.test(path)).toBe(false)
    expect(performance.now() - started).toBeLessThan(100)
  })
})

describe('compileMatcher', () => {
  it('refuses a lookahead with a 400 naming the field and the rule', () => {
    expect(refusal({ path: '/x', query: { foo: { matches: '^(?=u)' } } })).toEqual({
      field: 'query.foo.matches',
      message: "query.foo.matches uses a lookahead (`(?=`), which the sandbox's linear-time matcher does not support",
    })
    expect(refusal({ path: '/x', headers: { 'X-Id': { matches: '(a)\\1' } } }).field).toBe('headers.x-id.matches')
    expect(refusal({ path: '/x', body: { 'a.b': { matches: '(?<!x)y' } } }).field).toBe('body.a.b.matches')
  })

  it('refuses patterns that together compile to more than 64 steps, naming the one that passes it', () => {
    const pattern = { matches: '[a-z]{1,12}' }
    expect(() => compileMatcher(RequestMatcher.parse({ path: '/x', query: { a: pattern } }))).not.toThrow()
    const { field, message } = refusal({ path: '/x', query: { a: pattern, b: pattern, c: pattern } })
    expect(field).toBe('query.c.matches')
    expect(message).toMatch(
      /^query\.c\.matches is too large for the sandbox's linear-time matcher: together with the matcher's other patterns it compiles to 75 steps, at most 64/,
    )
  })

  it('matches a query parameter or a header given by value only when it is that whole value (one of a repeated one will do)', () => {
    const matches = compileMatcher(
      RequestMatcher.parse({ path: '/x', query: { currency: 'usdc', amount: 48 }, headers: { 'x-trace': 'abc' } }),
    )
    const sent = (query: Record<string, string | string[]>, trace: string | string[] = 'abc') =>
      matches({ ...request('/x'), query, headers: { 'x-trace': trace } })
    expect(sent({ currency: 'usdc', amount: '48' })).toBe(true)
    expect(sent({ currency: ['eth', 'usdc'], amount: '48' }, ['x', 'abc'])).toBe(true)
    for (const currency of ['usdc.e', 'xusdc', 'usd', 'USDC', ['eth', 'usdce']])
      expect(sent({ currency, amount: '48' }), String(currency)).toBe(false)
    for (const amount of ['480', '4', '48.0']) expect(sent({ currency: 'usdc', amount }), amount).toBe(false)
    for (const trace of ['abcd', 'ab', 'xabc'])
      expect(sent({ currency: 'usdc', amount: '48' }, trace), trace).toBe(false)
  })

  it('matches a query field and a body field by a pattern, as RE2 reads it', () => {
    const matches = compileMatcher(
      RequestMatcher.parse({ path: '/x', query: { q: { matches: '^(a+)+$' } }, body: { n: { matches: '^4[0-9]$' } } }),
    )
    expect(matches(request('/x', { q: 'aaa' }, { n: 42 }))).toBe(true)
    expect(matches(request('/x', { q: 'aaa!' }, { n: 42 }))).toBe(false)
    expect(matches(request('/x', { q: 'aa' }, { n: 420 }))).toBe(false)
  })
})

import type { RequestKey, RequestMatcher, ValueMatcher } from '#contract/index.ts'
import { compileLinearPattern, MAX_PROGRAM_SIZE, tooLarge, type LinearPattern } from './linear-pattern.ts'
import { SandboxError } from './sandbox-error.ts'

/** A request as matchers see it: a live one (a fault) or a journaled one (a verification). */
export interface MatchableRequest {
  method: string
  path: string
  query: Readonly<Record<string, string | string[]>>
  /** Lower-case names. */
  headers: Readonly<Record<string, string | string[] | undefined>>
  /** The JSON body, parsed (read only when a matcher looks at body fields); {@link NOT_JSON} when it is not JSON. */
  body(): unknown
  key: RequestKey | undefined
}

/** What {@link MatchableRequest.body} gives for a body that is absent or not JSON: no field of it is present. */
export const NOT_JSON: unique symbol = Symbol('not JSON')

/** A matcher ready to test requests: its regular expressions compiled once. */
export type CompiledMatcher = (request: MatchableRequest) => boolean

type FieldTest = (value: unknown) => boolean

/** What tests a request's path: a path pattern, compiled. */
interface PathTest {
  test(path: string): boolean
}

/** Whether `pieces` (literal segments, `*` any one non-empty segment) match `path`'s segments from `at`. */
function piecesAt(path: readonly string[], pieces: readonly string[], at: number): boolean {
  if (at + pieces.length > path.length) return false
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!
    const segment = path[at + i]!
    if (piece === '*' ? segment.length === 0 : piece !== segment) return false
  }
  return true
}

/**
 * A path pattern, compiled: `*` one segment, a trailing `**` the rest (or nothing), a `**` elsewhere one or more
 * segments. Matched segment by segment, each run of segments between `**` at its leftmost place after the one before
 * (the leftmost place never loses a match), so no pattern backtracks: as a regular expression, eight `**` took seconds
 * on a 100-character path.
 *
 * @example
 * pathPattern('/v3/currencies/*\/sell_quote').test('/v3/currencies/eth/sell_quote') // true
 */
export function pathPattern(pattern: string): PathTest {
  const segments = pattern.split('/')
  const trailing = segments.length > 1 && segments[segments.length - 1] === '**'
  const runs: string[][] = [[]]
  for (const segment of trailing ? segments.slice(0, -1) : segments) {
    if (segment === '**') runs.push([])
    else runs[runs.length - 1]!.push(segment)
  }
  const first = runs[0]!
  const last = runs[runs.length - 1]!
  return {
    test(path) {
      const parts = path.split('/')
      if (!piecesAt(parts, first, 0)) return false
      if (runs.length === 1) return trailing ? true : parts.length === first.length
      // Every `**` but a trailing one spans at least one segment (it was `.*` between two slashes).
      let at = first.length
      const floating = trailing ? runs.length : runs.length - 1
      for (let i = 1; i < floating; i++) {
        let start = at + 1
        while (start + runs[i]!.length <= parts.length && !piecesAt(parts, runs[i]!, start)) start++
        if (start + runs[i]!.length > parts.length) return false
        at = start + runs[i]!.length
      }
      if (trailing) return true
      const end = parts.length - last.length
      return end >= at + 1 && piecesAt(parts, last, end)
    },
  }
}

/** A value matcher's regular expression, compiled; a 400 naming `field` when the linear-time matcher cannot take it. */
function linearPattern(source: string, field: string): LinearPattern {
  const verdict = compileLinearPattern(source)
  if (!verdict.ok) throw SandboxError.invalidField(field, `${field} ${verdict.rule}`)
  return verdict.pattern
}

/** A text field (query parameter, header; a repeated one matches when one of its values does). */
function textTest(matcher: ValueMatcher, regex: LinearPattern | undefined): FieldTest {
  if (matcher.present !== undefined) return (value) => (value !== undefined) === matcher.present
  const wanted = matcher.equals === null || matcher.equals === undefined ? undefined : String(matcher.equals)
  const one = regex ? (text: string) => regex.test(text) : (text: string) => text === wanted
  return (value) =>
    Array.isArray(value) ? value.some((v) => typeof v === 'string' && one(v)) : typeof value === 'string' && one(value)
}

/** A JSON body field: `equals` is strict (5 is not '5'); `matches` reads a number or boolean as its text. */
function jsonTest(matcher: ValueMatcher, regex: LinearPattern | undefined): FieldTest {
  if (matcher.present !== undefined) return (value) => (value !== undefined) === matcher.present
  if (regex)
    return (value) =>
      (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') &&
      regex.test(String(value))
  return (value) => value === matcher.equals
}

/** The value at a dotted path of a parsed JSON body, own properties only; undefined when absent. */
function bodyField(body: unknown, path: string): unknown {
  let value = body
  for (const name of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, name)) return undefined
    value = (value as Record<string, unknown>)[name]
  }
  return value
}

function own<T>(record: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(record, name) ? record[name] : undefined
}

/**
 * Compiles a request matcher once: every field it gives must match. Lookups are own-property only, so a matcher naming
 * `constructor` matches only a request that sent such a field. Regular expressions run on RE2, in time linear in the
 * text ({@link compileLinearPattern}); one the linear-time matcher cannot take, or patterns that together compile to
 * more than {@link MAX_PROGRAM_SIZE} steps, throw a 400 naming the field (`query.foo.matches`).
 *
 * @example
 * const matches = compileMatcher(RequestMatcher.parse({ method: 'POST', path: '/platform/v1/sessions', body: { externalCustomerId: 'u1' } }))
 * matches({ method: 'POST', path: '/platform/v1/sessions', query: {}, headers: {}, body: () => ({ externalCustomerId: 'u1' }), key: 'secret' }) // true
 */
export function compileMatcher(matcher: RequestMatcher): CompiledMatcher {
  const path = pathPattern(matcher.path)
  let size = 0
  const regexOf = (value: ValueMatcher, field: string): LinearPattern | undefined => {
    if (value.matches === undefined) return undefined
    const pattern = linearPattern(value.matches, field)
    size += pattern.size
    if (size > MAX_PROGRAM_SIZE) throw SandboxError.invalidField(field, `${field} ${tooLarge(size, true)}`)
    return pattern
  }
  const tests: Array<(request: MatchableRequest) => boolean> = []
  for (const [name, value] of Object.entries(matcher.query ?? {})) {
    const test = textTest(value, regexOf(value, `query.${name}.matches`))
    tests.push((request) => test(own(request.query, name)))
  }
  for (const [name, value] of Object.entries(matcher.headers ?? {})) {
    const test = textTest(value, regexOf(value, `headers.${name}.matches`))
    tests.push((request) => test(own(request.headers, name)))
  }
  const bodyTests = Object.entries(matcher.body ?? {}).map(([field, value]) => ({
    field,
    test: jsonTest(value, regexOf(value, `body.${field}.matches`)),
  }))
  if (bodyTests.length > 0) {
    tests.push((request) => {
      const body = request.body()
      return bodyTests.every(({ field, test }) => test(body === NOT_JSON ? undefined : bodyField(body, field)))
    })
  }
  const { method, key } = matcher
  return (request) =>
    (method === '*' || method === request.method) &&
    path.test(request.path) &&
    (key === undefined || key === request.key) &&
    tests.every((test) => test(request))
}

/**
 * A request's JSON body, parsed at most once: {@link NOT_JSON} when there is none or it does not parse.
 *
 * @example
 * const body = lazyJsonBody(request.body) // body() parses on first call
 */
export function lazyJsonBody(text: string | undefined): () => unknown {
  let parsed: unknown = NOT_JSON
  let read = false
  return () => {
    if (!read) {
      read = true
      try {
        if (text !== undefined && text.length > 0) parsed = JSON.parse(text)
      } catch {
        parsed = NOT_JSON
      }
    }
    return parsed
  }
}

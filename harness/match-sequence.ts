/** How a channel's events are checked: all of them in order, some in order, or none of these. */
export type SequenceMode = 'exact' | 'subsequence' | 'never'

/** The outcome of matching a sequence: pass, and a readable diff when it does not. */
export interface SequenceResult {
  pass: boolean
  message: string
}

/** An expected value that matches anything set: neither null nor absent. */
export interface Present {
  $present: true
}

/**
 * Expects a field to be set without saying to what: for values a scenario cannot know before the run (a hash the
 * sandbox makes up from the run's account), where `null` would mean "not yet".
 *
 * @example
 * partialMatch({ refundHash: '0x9c1…' }, { refundHash: present }) // true
 * partialMatch({ refundHash: null }, { refundHash: present }) // false
 */
export const present: Present = { $present: true }

const isPresent = (expected: object): expected is Present =>
  Object.keys(expected).length === 1 && (expected as Partial<Present>).$present === true

/** Whether `actual` has every field of `expected` (deep, partial; arrays element by element; {@link present}: any set value). */
export function partialMatch(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return Object.is(actual, expected)
  if (isPresent(expected)) return actual !== null && actual !== undefined
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => partialMatch(actual[i], e))
    )
  if (actual === null || typeof actual !== 'object') return false
  return Object.entries(expected as Record<string, unknown>).every(([key, value]) =>
    value === undefined ? !(key in (actual as object)) : partialMatch((actual as Record<string, unknown>)[key], value),
  )
}

/** One event on one line: absent-on-purpose fields show as `<absent>`, long strings are shortened. */
const show = (event: unknown) =>
  JSON.stringify(event, (_key, value: unknown) =>
    value === undefined
      ? '<absent>'
      : typeof value === 'string' && value.length > 48
        ? `${value.slice(0, 24)}…`
        : value,
  )

function diff(actual: unknown[], expected: unknown[], divergence: number, title: string): string {
  const rows = Math.max(actual.length, expected.length)
  const lines = [title, '  #  expected                                   | actual']
  for (let i = 0; i < rows; i++) {
    const mark = i === divergence ? '>' : ' '
    lines.push(
      `${mark}${String(i).padStart(2)}  ${(expected[i] === undefined ? '—' : show(expected[i])).padEnd(42)} | ${actual[i] === undefined ? '—' : show(actual[i])}`,
    )
  }
  return lines.join('\n')
}

/**
 * The one matching engine of the harness (vitest, Playwright and the runners use it):
 * `exact` — the same events in the same order; `subsequence` — the expected ones in
 * order, others between allowed; `never` — none of the expected ones. Payloads match
 * partially. On failure the message shows expected vs actual with the first divergence marked `>`.
 *
 * @example
 * matchSequence(events, [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'active' } }], 'exact')
 */
export function matchSequence(actual: unknown[], expected: unknown[], mode: SequenceMode = 'exact'): SequenceResult {
  if (mode === 'never') {
    const found = actual.findIndex((event) => expected.some((e) => partialMatch(event, e)))
    return found === -1
      ? { pass: true, message: 'no forbidden event' }
      : {
          pass: false,
          message: diff(actual, [], found, `a forbidden event was emitted at #${found}: ${show(actual[found])}`),
        }
  }
  if (mode === 'subsequence') {
    let next = 0
    for (const event of actual) if (next < expected.length && partialMatch(event, expected[next])) next++
    return next === expected.length
      ? { pass: true, message: 'subsequence found' }
      : {
          pass: false,
          message: diff(
            actual,
            expected,
            next,
            `expected event #${next} (${show(expected[next])}) did not follow in order`,
          ),
        }
  }
  const first = Array.from({ length: Math.max(actual.length, expected.length) }, (_, i) => i).find(
    (i) => !partialMatch(actual[i], expected[i]),
  )
  return first === undefined
    ? { pass: true, message: 'sequences match' }
    : { pass: false, message: diff(actual, expected, first, `sequences diverge at #${first}`) }
}

import { expect } from 'vitest'
import { matchSequence } from './match-sequence.ts'
import type { EventMatcher, SequenceMode } from './scenario.ts'

/**
 * vitest matchers for partners' suites, on the harness's one matching engine:
 * `expect(events).toEmitSequence([...])`, `toEmitSubsequence`, `toNeverEmit`.
 *
 * @example
 * import 'ramp-sandbox/harness/vitest'
 * expect(frameEvents).toEmitSequence([{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'active' } }])
 */
function sequenceMatcher(mode: SequenceMode) {
  return function (this: { isNot: boolean }, actual: unknown, expected: EventMatcher[]) {
    const result = matchSequence(Array.isArray(actual) ? actual : [], expected, mode)
    return { pass: result.pass, message: () => (this.isNot ? `expected the events not to match (${mode})` : result.message) }
  }
}

expect.extend({
  toEmitSequence: sequenceMatcher('exact'),
  toEmitSubsequence: sequenceMatcher('subsequence'),
  toNeverEmit: sequenceMatcher('never'),
})

declare module 'vitest' {
  interface Assertion<T = any> {
    toEmitSequence(expected: EventMatcher[]): T
    toEmitSubsequence(expected: EventMatcher[]): T
    toNeverEmit(forbidden: EventMatcher[]): T
  }
}

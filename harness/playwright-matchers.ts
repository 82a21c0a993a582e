import { expect as playwrightExpect } from '@playwright/test'
import { matchSequence } from './match-sequence.ts'
import type { EventMatcher, SequenceMode } from './scenario.ts'

function sequenceMatcher(name: string, mode: SequenceMode) {
  return function (this: { isNot: boolean }, actual: unknown, expected: EventMatcher[]) {
    const result = matchSequence(Array.isArray(actual) ? actual : [], expected, mode)
    return {
      name,
      pass: result.pass,
      expected,
      actual,
      message: () => (this.isNot ? `expected the events not to match (${mode})` : result.message),
    }
  }
}

/**
 * Playwright's `expect` with the harness's sequence matchers, on the same
 * engine as the vitest ones (`matchSequence`): `toEmitSequence` (exact),
 * `toEmitSubsequence`, `toNeverEmit`; partial payloads; a readable diff.
 *
 * @example
 * import { expect } from 'ramp-sandbox/harness/playwright'
 * expect(await page.evaluate(() => window.frameEvents)).toEmitSequence([{ kind: 'handshake' }, { kind: 'complete' }])
 */
export const expect = playwrightExpect.extend({
  toEmitSequence: sequenceMatcher('toEmitSequence', 'exact'),
  toEmitSubsequence: sequenceMatcher('toEmitSubsequence', 'subsequence'),
  toNeverEmit: sequenceMatcher('toNeverEmit', 'never'),
})

import { expect as playwrightExpect, type ExpectMatcherState } from '@playwright/test'
import { matchSequence } from './match-sequence.ts'
import type { EventMatcher, SequenceMode } from './scenario.ts'
import type { RequestsMatcherInput } from '#http/tenant-control.ts'
import { waitForRequests, type ReceivedOptions, type RequestSource } from './wait-for-requests.ts'
import { waitForSequence, type EventSource, type WaitOptions } from './wait-for-sequence.ts'

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

function waitingMatcher(name: string, mode: SequenceMode) {
  return async function (
    this: ExpectMatcherState,
    source: EventSource,
    expected: EventMatcher[],
    options: WaitOptions = {},
  ) {
    const result = await waitForSequence(source, expected, mode, {
      ...options,
      timeout: options.timeout ?? this.timeout,
      isNot: this.isNot,
    })
    return {
      name,
      pass: result.pass,
      expected,
      actual: result.actual,
      message: () => result.message,
    }
  }
}

async function toHaveReceived(
  this: ExpectMatcherState,
  source: RequestSource,
  matcher: RequestsMatcherInput,
  options: ReceivedOptions = {},
) {
  const result = await waitForRequests(source, matcher, {
    ...options,
    timeout: options.timeout ?? this.timeout,
    isNot: this.isNot,
  })
  return {
    name: 'toHaveReceived',
    pass: result.pass,
    expected: options,
    actual: result.actual,
    message: () => result.message,
  }
}

/**
 * Playwright's `expect` with the harness's sequence matchers, on the same engine as the vitest ones
 * (`matchSequence`): on events in hand `toEmitSequence` (exact), `toEmitSubsequence`, `toNeverEmit`; waiting on a
 * tenant, as `expect(locator)` waits on the page, `await expect(tenant).toHaveEmittedSequence([...])` and
 * `toHaveEmittedSubsequence` (read again until they match, up to the `expect` timeout). Partial payloads; a readable diff.
 * What the app's server sent: `await expect(tenant).toHaveReceived(matcher, { times: 1 })` (the same engine as the
 * vitest matcher; waits up to the `expect` timeout; `.not` reads once).
 *
 * @example
 * import { test, expect } from 'ramp-sandbox/harness/playwright'
 * await expect(tenant).toHaveEmittedSubsequence([{ kind: 'handshake' }, { kind: 'complete' }])
 * expect(await page.evaluate(() => window.frameEvents)).toEmitSequence([{ kind: 'handshake' }, { kind: 'complete' }])
 * await expect(tenant).toHaveReceived({ method: 'POST', path: '/platform/v1/sessions', body: { externalCustomerId: 'u1' } }, { times: 1 })
 */
export const expect = playwrightExpect.extend({
  toEmitSequence: sequenceMatcher('toEmitSequence', 'exact'),
  toEmitSubsequence: sequenceMatcher('toEmitSubsequence', 'subsequence'),
  toNeverEmit: sequenceMatcher('toNeverEmit', 'never'),
  toHaveEmittedSequence: waitingMatcher('toHaveEmittedSequence', 'exact'),
  toHaveEmittedSubsequence: waitingMatcher('toHaveEmittedSubsequence', 'subsequence'),
  toHaveReceived,
})

import { expect } from 'vitest'
import { matchSequence } from './match-sequence.ts'
import type { EventMatcher, SequenceMode } from './scenario.ts'
import type { RequestsMatcherInput } from '#http/tenant-control.ts'
import { waitForRequests, type ReceivedOptions, type RequestSource } from './wait-for-requests.ts'
import { VITEST_WAIT_TIMEOUT, waitForSequence, type EventSource, type WaitOptions } from './wait-for-sequence.ts'

/**
 * vitest matchers for partners' suites, on the harness's one matching engine. On events in hand:
 * `expect(events).toEmitSequence([...])`, `toEmitSubsequence`, `toNeverEmit`. Waiting, as Playwright's
 * `expect(locator)` does, on a tenant whose frames are still talking: `await expect(tenant).toHaveEmittedSequence([...])`,
 * `toHaveEmittedSubsequence` (read again until they match, 3 s by default). What a partner's code sent, on a tenant (or
 * the msw adapter's `sandbox.tenant()`): `await expect(tenant).toHaveReceived(matcher, { times })` (read again until
 * the count is met; `.not` reads once).
 *
 * @example
 * import 'ramp-sandbox/harness/vitest'
 * expect(frameEvents).toEmitSequence([{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'active' } }])
 * await expect(tenant).toHaveEmittedSubsequence([{ kind: 'complete', payload: { status: 'active' } }], { timeout: 2000 })
 * await expect(tenant).toHaveReceived({ method: 'POST', path: '/platform/v1/sessions', body: { externalCustomerId: 'u1' } }, { times: 1 })
 */
function sequenceMatcher(mode: SequenceMode) {
  return function (this: { isNot: boolean }, actual: unknown, expected: EventMatcher[]) {
    const result = matchSequence(Array.isArray(actual) ? actual : [], expected, mode)
    return {
      pass: result.pass,
      message: () => (this.isNot ? `expected the events not to match (${mode})` : result.message),
    }
  }
}

function waitingMatcher(mode: SequenceMode) {
  return async function (
    this: { isNot: boolean },
    source: unknown,
    expected: EventMatcher[],
    options: WaitOptions = {},
  ) {
    const result = await waitForSequence(source as EventSource, expected, mode, {
      ...options,
      timeout: options.timeout ?? VITEST_WAIT_TIMEOUT,
      isNot: this.isNot,
    })
    return { pass: result.pass, message: () => result.message }
  }
}

async function toHaveReceived(
  this: { isNot: boolean },
  source: unknown,
  matcher: RequestsMatcherInput,
  options: ReceivedOptions = {},
) {
  const result = await waitForRequests(source as RequestSource, matcher, {
    ...options,
    timeout: options.timeout ?? VITEST_WAIT_TIMEOUT,
    isNot: this.isNot,
  })
  return { pass: result.pass, message: () => result.message }
}

expect.extend({
  toHaveReceived,
  toEmitSequence: sequenceMatcher('exact'),
  toEmitSubsequence: sequenceMatcher('subsequence'),
  toNeverEmit: sequenceMatcher('never'),
  toHaveEmittedSequence: waitingMatcher('exact'),
  toHaveEmittedSubsequence: waitingMatcher('subsequence'),
})

/** The harness's matchers, as vitest 4 documents custom matchers: merged into its `Matchers`. */
interface SandboxMatchers<R = unknown> {
  /** The events, exactly these in this order (payloads match partially). */
  toEmitSequence(expected: EventMatcher[]): R
  /** These events in this order, others between allowed. */
  toEmitSubsequence(expected: EventMatcher[]): R
  /** None of these events. */
  toNeverEmit(forbidden: EventMatcher[]): R
  /** Waits until a tenant's (or a function's) events are exactly these; `await` it. */
  toHaveEmittedSequence(expected: EventMatcher[], options?: WaitOptions): Promise<R>
  /** Waits until a tenant's (or a function's) events hold these in order; `await` it. */
  toHaveEmittedSubsequence(expected: EventMatcher[], options?: WaitOptions): Promise<R>
  /**
   * Waits until the tenant's journaled API calls that match hold `times` (or `atLeast`/`atMost`; none: at least one)
   * of them; `await` it. `.not` reads once, without waiting.
   */
  toHaveReceived(matcher: RequestsMatcherInput, options?: ReceivedOptions): Promise<R>
}

declare module 'vitest' {
  interface Matchers<T = any> extends SandboxMatchers<T> {}
}

import { matchSequence, type SequenceResult } from './match-sequence.ts'
import type { EventMatcher, SequenceMode } from './scenario.ts'

/**
 * What a waiting matcher reads, again and again until it matches: a tenant (its journal's frame events, from
 * `useSandbox().tenant()` or the Playwright `tenant` fixture), or a function that returns the events.
 */
export type EventSource =
  | { frameEvents(channelId?: string): Promise<unknown[]> }
  | (() => unknown[] | Promise<unknown[]>)

/** Options of the waiting matchers. */
export interface WaitOptions {
  /** How long to keep reading before failing, in ms (Playwright: its `expect` timeout, 5 s by default; vitest: 3 s). */
  timeout?: number
  /** Only this channel's events (a tenant source). */
  channelId?: string
}

/** The default timeout of the vitest waiting matchers: under vitest's own 5 s test timeout, so the diff is what fails. */
export const VITEST_WAIT_TIMEOUT = 3_000

/** Gaps between reads, as Playwright's own `expect(locator)` polls: quick at first, then every second. */
export const WAIT_GAPS = [0, 25, 50, 100, 250, 500, 1000]

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function reader(source: unknown, channelId: string | undefined): (() => Promise<unknown[]>) | string {
  if (typeof source === 'function') return async () => (source as () => unknown[] | Promise<unknown[]>)()
  if (
    source !== null &&
    typeof source === 'object' &&
    typeof (source as { frameEvents?: unknown }).frameEvents === 'function'
  ) {
    return () => (source as { frameEvents(channelId?: string): Promise<unknown[]> }).frameEvents(channelId)
  }
  return `expected a tenant (with frameEvents) or a function returning events, got ${source === null ? 'null' : typeof source}`
}

/**
 * The waiting form of {@link matchSequence}, shared by the vitest and Playwright matchers: reads the events until
 * they match (or, with `isNot`, until they do not) or `timeout` ms have passed, then says how the last read compared:
 * its `message` is the matchers' failure message, as it stands.
 *
 * @example
 * const result = await waitForSequence(tenant, [{ kind: 'complete' }], 'subsequence', { timeout: 5000 })
 * result.pass // true once the journal holds a `complete`
 */
export async function waitForSequence(
  source: EventSource,
  expected: EventMatcher[],
  mode: SequenceMode,
  { timeout, channelId, isNot = false }: WaitOptions & { timeout: number; isNot?: boolean },
): Promise<SequenceResult & { actual: unknown[] }> {
  const read = reader(source, channelId)
  if (typeof read === 'string') return { pass: isNot, message: read, actual: [] }
  const started = performance.now()
  for (let attempt = 0; ; attempt++) {
    await sleep(WAIT_GAPS[Math.min(attempt, WAIT_GAPS.length - 1)]!)
    const events = await read()
    const actual = Array.isArray(events) ? events : []
    const result = matchSequence(actual, expected, mode)
    if (result.pass !== isNot) return { ...result, actual }
    const waited = Math.round(performance.now() - started)
    const failure = isNot ? `expected the events not to match (${mode}), and they still do` : result.message
    if (waited >= timeout)
      return { pass: result.pass, message: `after waiting ${waited} ms (timeout ${timeout} ms): ${failure}`, actual }
  }
}

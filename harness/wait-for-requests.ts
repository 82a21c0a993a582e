import type { ApiJournalEntry, FoundRequests } from '#contract/index.ts'
import type { RequestsMatcherInput } from '#http/tenant-control.ts'
import { sleep, WAIT_GAPS } from './wait-for-sequence.ts'

/** What `toHaveReceived` reads: a tenant handle (vitest, Playwright, or the msw adapter's `sandbox.tenant()`). */
export interface RequestSource {
  findRequests(matcher: RequestsMatcherInput & { limit?: number }): Promise<FoundRequests>
}

/** How many matching calls `toHaveReceived` expects (none given: at least one), and how long it waits for them. */
export interface ReceivedOptions {
  /** Exactly this many. */
  times?: number
  /** At least this many. */
  atLeast?: number
  /** At most this many. */
  atMost?: number
  /** How long to keep reading before failing, in ms (Playwright: its `expect` timeout; vitest: 3 s). */
  timeout?: number
}

/** The most near-misses a failure lists. */
const NEAR_MISSES = 5

/**
 * The expected count in words (`exactly 1`, `at least 2 and at most 3`), whether a count meets it, and whether a count
 * is already past it (counts only grow): shared by `toHaveReceived` and the scenarios' `expect.requests`.
 *
 * @example
 * expectation({ times: 1 }).met(1) // true
 */
export function expectation({ times, atLeast, atMost }: ReceivedOptions): {
  text: string
  met: (count: number) => boolean
  hopeless: (count: number) => boolean
} {
  if (times !== undefined) return { text: `exactly ${times}`, met: (n) => n === times, hopeless: (n) => n > times }
  const low = atLeast ?? (atMost === undefined ? 1 : 0)
  const high = atMost ?? Infinity
  const text = [
    atLeast !== undefined || atMost === undefined ? `at least ${low}` : '',
    atMost !== undefined ? `at most ${atMost}` : '',
  ]
    .filter(Boolean)
    .join(' and ')
  return { text, met: (n) => n >= low && n <= high, hopeless: (n) => n > high }
}

/** `POST /path` and the matcher's other fields, as a failure names it. */
function describeMatcher(matcher: RequestsMatcherInput): string {
  const { method = '*', path = '/**', since: _since, ...fields } = matcher
  const rest = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name} ${JSON.stringify(value)}`)
  return [`${String(method).toUpperCase()} ${path}`, ...rest].join(' ')
}

/** One journaled call as a near-miss shows it: seq, method, path, and the query and body it carried. */
function describeCall(entry: ApiJournalEntry): string {
  const query = Object.keys(entry.query).length > 0 ? ` query ${JSON.stringify(entry.query)}` : ''
  const body = entry.requestBody === undefined ? '' : ` body ${JSON.stringify(entry.requestBody)}`
  return `  #${entry.seq} ${entry.method} ${entry.path}${query}${body} → ${entry.status}`
}

/** The failure message: the count seen against the expected one, truncation, and the calls to the same method and path that did not match. */
async function failure(
  source: RequestSource,
  matcher: RequestsMatcherInput,
  found: FoundRequests,
  wanted: string,
  isNot: boolean,
  waited: string,
): Promise<string> {
  const head = `expected ${describeMatcher(matcher)} ${isNot ? 'not ' : ''}to be received ${wanted} time(s), received ${found.count}${waited}`
  const truncated = found.truncated
    ? '\n(the journal dropped calls from the window, so the count may be short: truncated)'
    : ''
  if (isNot)
    return `${head}${truncated}\nthe calls that matched:\n${found.requests.slice(0, NEAR_MISSES).map(describeCall).join('\n')}`
  const { method, path, since } = matcher
  const same = await source.findRequests({ method, path, since, limit: 1000 })
  const matched = new Set(found.requests.map((entry) => entry.seq))
  const misses = same.requests.filter((entry) => !matched.has(entry.seq))
  const listed =
    misses.length === 0
      ? `\nno other calls to ${describeMatcher({ method, path })}`
      : `\ncalls to ${describeMatcher({ method, path })} that did not match (${Math.min(misses.length, NEAR_MISSES)} of ${misses.length}):\n${misses.slice(0, NEAR_MISSES).map(describeCall).join('\n')}`
  return `${head}${truncated}${listed}`
}

/**
 * The engine of `toHaveReceived` (vitest and Playwright): reads the tenant's matching calls (`findRequests`) until
 * their count meets `times` / `atLeast` / `atMost` (none: at least one) or `timeout` ms have passed; a count already
 * past the most allowed fails at once. With `isNot` it reads once, no waiting (`.not.toHaveReceived(m)`: the calls
 * made so far do not meet it). The message says the count seen and lists up to 5 calls to the same method and path
 * that did not match, with their query and body.
 *
 * @example
 * const result = await waitForRequests(tenant, { method: 'POST', path: '/platform/v1/sessions', body: { externalCustomerId: 'u1' } }, { times: 1, timeout: 3000 })
 * result.pass // true once exactly one such call is journaled
 */
export async function waitForRequests(
  source: RequestSource,
  matcher: RequestsMatcherInput,
  { timeout, isNot = false, ...counts }: ReceivedOptions & { timeout: number; isNot?: boolean },
): Promise<{ pass: boolean; message: string; actual: number }> {
  if (
    source === null ||
    typeof source !== 'object' ||
    typeof (source as { findRequests?: unknown }).findRequests !== 'function'
  ) {
    return {
      pass: isNot,
      message: `expected a tenant (with findRequests), got ${source === null ? 'null' : typeof source}`,
      actual: 0,
    }
  }
  const wanted = expectation(counts)
  const started = performance.now()
  for (let attempt = 0; ; attempt++) {
    await sleep(WAIT_GAPS[Math.min(attempt, WAIT_GAPS.length - 1)]!)
    const found = await source.findRequests({ ...matcher, limit: 1000 })
    const pass = wanted.met(found.count)
    const waited = Math.round(performance.now() - started)
    if (isNot || pass || wanted.hopeless(found.count) || waited >= timeout) {
      const after =
        isNot || pass
          ? ''
          : wanted.hopeless(found.count)
            ? ' (more than allowed: no use waiting)'
            : ` after waiting ${waited} ms (timeout ${timeout} ms)`
      return {
        pass,
        message: pass === isNot ? await failure(source, matcher, found, wanted.text, isNot, after) : '',
        actual: found.count,
      }
    }
  }
}

import type { ApiJournalEntry, FoundRequests, RequestMatcher } from '#contract/index.ts'
import { isOmittedBody, type Journal } from './journal.ts'
import { compileMatcher, NOT_JSON } from './request-matcher.ts'

/**
 * The journaled API calls that match a request matcher, the same matcher a fault takes: its method, path pattern,
 * query, headers (credentials were journaled as `[redacted]`: only `present` tells them), JSON body fields and key.
 *
 * @example
 * findRequests(tenant.journal, RequestMatcher.parse({ method: 'POST', path: '/platform/v1/sessions', body: { externalCustomerId: 'u1' } }))
 * // { count: 1, requests: [{ seq: 4, kind: 'api', method: 'POST', ... }], lastSeq: 9, truncated: false }
 */
export function findRequests(
  journal: Journal,
  matcher: RequestMatcher,
  options: { since?: number; limit?: number } = {},
): FoundRequests {
  const { since = 0, limit = 0 } = options
  const matches = compileMatcher(matcher)
  let count = 0
  const requests: ApiJournalEntry[] = []
  for (const { seq, input } of journal.inputs(since)) {
    if (input.kind !== 'api') continue
    const body = input.requestBody === undefined || isOmittedBody(input.requestBody) ? NOT_JSON : input.requestBody
    if (
      !matches({
        method: input.method,
        path: input.path,
        query: input.query,
        headers: input.headers ?? {},
        body: () => body,
        key: input.key,
      })
    )
      continue
    count++
    if (requests.length < limit) requests.push(journal.entry(seq) as ApiJournalEntry)
  }
  return { count, requests, lastSeq: journal.lastSeq, truncated: journal.oldestSeq > since + 1 }
}

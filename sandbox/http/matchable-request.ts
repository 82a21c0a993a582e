import type { RequestKey } from '#contract/index.ts'
import { lazyJsonBody, type MatchableRequest } from '#kernel/request-matcher.ts'
import type { PlainRequest } from './plain-http.ts'

/**
 * A live request as fault matchers see it: its body parsed only if a matcher reads a field of it.
 *
 * @example
 * tenant.faults.take(matchableRequest(request, 'secret'), tenant.clock.now())
 */
export function matchableRequest(request: PlainRequest, key: RequestKey | undefined): MatchableRequest {
  return {
    method: request.method,
    path: request.path,
    query: request.query,
    headers: request.headers,
    body: lazyJsonBody(request.body),
    key,
  }
}

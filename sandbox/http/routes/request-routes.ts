import { dataOf, FoundRequests, PlatformError, RequestCount, RequestsQuery } from '#contract/index.ts'
import { findRequests } from '#kernel/find-requests.ts'
import { parseQuery } from '../parse-input.ts'
import { reply } from '../plain-http.ts'
import type { Route } from '../route.ts'
import { control } from './control-routes.ts'

const invalid = {
  description:
    'A matcher breaks a rule (an unknown parameter, a regular expression that does not compile); errors name the field',
  schema: PlatformError,
}

/** The matcher and the window of a verification query. */
function verification(query: RequestsQuery) {
  const { since, limit, ...matcher } = query
  return { matcher, since, limit }
}

/**
 * Verification (control API): how many of the tenant's journaled API calls match a request matcher, the one a fault
 * takes, and which. What a partner asks instead of reading the whole journal: "did my server create exactly one session
 * for customer u1?".
 */
export const requestRoutes: Route[] = [
  control({
    method: 'GET',
    path: '/__sandbox/requests/count',
    operationId: 'countRequests',
    summary:
      'Count the journaled API calls that match (method, path, key, and query, headers, body as JSON objects of matchers)',
    query: RequestsQuery,
    responses: { 200: { description: 'How many calls match', schema: dataOf(RequestCount) }, 400: invalid },
    handle({ tenant, request }) {
      const { matcher, since } = verification(parseQuery(RequestsQuery, request.query))
      const { count, lastSeq, truncated } = findRequests(tenant.journal, matcher, { since })
      return reply(200, { data: { count, lastSeq, truncated } })
    },
  }),
  control({
    method: 'GET',
    path: '/__sandbox/requests/find',
    operationId: 'findRequests',
    summary: 'List the journaled API calls that match, in order (the same matchers as count; limit, default 100)',
    query: RequestsQuery,
    responses: {
      200: { description: 'The matching calls, and how many match in all', schema: dataOf(FoundRequests) },
      400: invalid,
    },
    handle({ tenant, request }) {
      const { matcher, since, limit = 100 } = verification(parseQuery(RequestsQuery, request.query))
      return reply(200, { data: findRequests(tenant.journal, matcher, { since, limit }) })
    },
  }),
]

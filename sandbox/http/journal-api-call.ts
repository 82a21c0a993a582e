import type { FaultOutcome } from '../kernel/fault-registry.ts'
import { isTextReply, withJson, type PlainRequest, type PlainResponse } from './plain-http.ts'
import type { Route } from './route.ts'
import type { Tenant } from '../kernel/tenant.ts'

function journalBody(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text.slice(0, 2048)
  }
}

/**
 * Journals one API call of a tenant: request line, query, body, status,
 * response body, and the session of the access token that authorized it
 * (Bearer routes); returns the response. Reads of the control API are not
 * journaled, so polling the journal does not fill it. A JSON response is made
 * text once here: the journal keeps the text (bounded in characters) and the
 * adapter sends it; a body longer than the journal keeps is a placeholder with
 * its size (docs/decisions/0044).
 */
export function journalApiCall(tenant: Tenant, route: Route, request: PlainRequest, response: PlainResponse, fault: FaultOutcome | undefined, session?: string): PlainResponse {
  if (route.family === 'control' && request.method === 'GET') return response
  const { journal } = tenant
  const text = response.kind === 'reply' && isTextReply(response) ? response.body : undefined
  const answer = response.kind === 'reply' && text === undefined && response.body !== undefined ? withJson(response) : response
  const requestBody = request.body ? journal.keepBody(request.body, journalBody) : undefined
  const responseBody = text === undefined ? undefined : journal.keepBody(text, (kept) => kept)
  const entry = {
    kind: 'api',
    method: request.method,
    path: request.path,
    query: request.query,
    status: response.kind === 'reply' ? response.status : 0,
    requestBody: requestBody?.body,
    responseBody: responseBody?.body,
    deprecated: route.deprecated ? true : undefined,
    session,
    renamedTo: route.renamedTo,
    fault: fault?.id,
  } as const
  journal.append(tenant.clock.now(), entry, answer.kind === 'reply' ? answer.json : undefined, (requestBody?.chars ?? 0) + (responseBody?.chars ?? 0))
  return answer
}

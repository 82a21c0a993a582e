import type { FaultOutcome } from './fault-registry.ts'
import { omittedBody } from './journal.ts'
import { isTextReply, withJson, type PlainRequest, type PlainResponse } from './plain-http.ts'
import type { Route } from './route.ts'
import type { Tenant } from './tenant.ts'

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
  const requestChars = request.body?.length ?? 0
  const text = response.kind === 'reply' && isTextReply(response) ? response.body : undefined
  const answer = response.kind === 'reply' && text === undefined && response.body !== undefined ? withJson(response) : response
  const entry = {
    kind: 'api',
    method: request.method,
    path: request.path,
    query: request.query,
    status: response.kind === 'reply' ? response.status : 0,
    requestBody: requestChars === 0 ? undefined : journal.keepsBody(requestChars) ? journalBody(request.body!) : omittedBody(requestChars),
    responseBody: text === undefined ? undefined : journal.keepsBody(text.length) ? text : omittedBody(text.length),
    deprecated: route.deprecated ? true : undefined,
    session,
    renamedTo: route.renamedTo,
    fault: fault?.id,
  } as const
  const keptChars = Math.min(requestChars, journal.entryChars) + Math.min(text?.length ?? 0, journal.entryChars)
  journal.append(tenant.clock.now(), entry, answer.kind === 'reply' ? answer.json : undefined, keptChars)
  return answer
}

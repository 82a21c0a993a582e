import type { FaultOutcome } from './fault-registry.ts'
import type { PlainRequest, PlainResponse } from './plain-http.ts'
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
 * journaled, so polling the journal does not fill it.
 */
export function journalApiCall(tenant: Tenant, route: Route, request: PlainRequest, response: PlainResponse, fault: FaultOutcome | undefined, session?: string): PlainResponse {
  if (route.family === 'control' && request.method === 'GET') return response
  const json = response.kind === 'reply' ? response.json : undefined
  tenant.journal.append(tenant.clock.now(), {
    kind: 'api',
    method: request.method,
    path: request.path,
    query: request.query,
    status: response.kind === 'reply' ? response.status : 0,
    requestBody: request.body === undefined || request.body.length === 0 ? undefined : journalBody(request.body),
    responseBody: response.kind === 'reply' && json === undefined ? response.body : undefined,
    deprecated: route.deprecated ? true : undefined,
    session,
    renamedTo: route.renamedTo,
    fault: fault?.id,
  }, json)
  return response
}

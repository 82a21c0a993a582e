import type { RequestKey } from '#contract/index.ts'
import type { FaultOutcome } from '#kernel/fault-registry.ts'
import { hasBody, isTextReply, withJson, type PlainRequest, type PlainResponse } from './plain-http.ts'
import type { Route } from './route.ts'
import type { Tenant } from '#kernel/tenant.ts'

/** Headers whose values are credentials: journaled as `[redacted]`, so a verification can still ask whether they were sent. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization', 'x-api-key'])

/**
 * Headers an HTTP client or the connection adds by itself, whatever the partner's code says: not journaled, so the
 * journal is the same whichever adapter (the node server, msw) or client made the call.
 */
const TRANSPORT_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'connection',
  'content-length',
  'host',
  'keep-alive',
  'priority',
  'sec-fetch-dest',
  'sec-fetch-mode',
  'sec-fetch-site',
  'sec-fetch-user',
  'te',
  'transfer-encoding',
  'upgrade',
  'user-agent',
])

/** The request's headers as the journal keeps them (the transport's own left out, names in order), and the characters they count for. */
function journalHeaders(headers: PlainRequest['headers']): { kept: Record<string, string | string[]>; chars: number } {
  const kept: Record<string, string | string[]> = {}
  let chars = 0
  // In name order: adapters hand headers over in their own order (node as sent, fetch's Headers sorted).
  for (const name of Object.keys(headers).sort()) {
    const value = headers[name]
    if (value === undefined || TRANSPORT_HEADERS.has(name) || name.startsWith('sec-ch-')) continue
    const text = CREDENTIAL_HEADERS.has(name) ? '[redacted]' : value
    kept[name] = text
    chars += name.length + (Array.isArray(text) ? text.join('').length : text.length)
  }
  return { kept, chars }
}

/** Who made a journaled call: the session of its access token, and how it authenticated. */
interface ApiCaller {
  session?: string
  key?: RequestKey
  /** The request body as the journal keeps it, when not as sent (a frame effect's, without the page's ticket). */
  journaledBody?: string
}

/** The characters a query holds, names and values: up to the request line's 16 KB, which the journal keeps. */
function queryChars(query: PlainRequest['query']): number {
  let chars = 0
  for (const [name, value] of Object.entries(query))
    chars += name.length + (Array.isArray(value) ? value.join('').length : value.length)
  return chars
}

function journalBody(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text.slice(0, 2048)
  }
}

/**
 * Journals one API call of a tenant: request line, query, headers (credentials redacted), body, status,
 * response body, how it authenticated and the session of the access token that authorized it
 * (Bearer routes), and the fault that touched it; returns the response. Reads of the control API are not
 * journaled, so polling the journal does not fill it. A JSON response is made
 * text once here: the journal keeps the text (bounded in characters) and the
 * adapter sends it; a body longer than the journal keeps is a placeholder with
 * its size (docs/decisions/0044).
 */
function journalApiCall(
  tenant: Tenant,
  route: Route,
  request: PlainRequest,
  response: PlainResponse,
  fault: FaultOutcome | undefined,
  caller: ApiCaller = {},
): PlainResponse {
  if (route.family === 'control' && request.method === 'GET') return response
  const { journal } = tenant
  const text = response.kind === 'reply' && isTextReply(response) ? response.body : undefined
  const answer = response.kind === 'reply' && text === undefined && hasBody(response) ? withJson(response) : response
  const sentBody = caller.journaledBody ?? request.body
  const requestBody = sentBody ? journal.keepBody(sentBody, journalBody) : undefined
  const responseBody = text === undefined ? undefined : journal.keepBody(text, (kept) => kept)
  const headers = journalHeaders(request.headers)
  const entry = {
    kind: 'api',
    method: request.method,
    path: request.path,
    query: request.query,
    status: response.kind === 'reply' ? response.status : 0,
    requestBody: requestBody?.body,
    responseBody: responseBody?.body,
    deprecated: route.deprecated ? true : undefined,
    session: caller.session,
    renamedTo: route.renamedTo,
    fault: fault?.id,
    answeredByFault:
      fault !== undefined && (fault.status !== undefined || fault.networkError === true) ? true : undefined,
    key: caller.key,
    headers: headers.kept,
  } as const
  const held =
    (requestBody?.chars ?? 0) +
    (responseBody?.chars ?? 0) +
    headers.chars +
    request.path.length +
    queryChars(request.query)
  journal.append(tenant.clock.now(), entry, answer.kind === 'reply' ? answer.json : undefined, held)
  return answer
}

/**
 * The journal step of the one pipeline, on either origin: an API call or a frame effect is journaled as a call
 * ({@link journalApiCall}, the same `api` entry); a route that journals only its faults (a frame page, the frame
 * journal's own calls) records the fault that touched it (`frame:faulted`), with the frame, and nothing else.
 *
 * @example
 * journalCall(tenant, route, request, serialised(response), fault, { session, key })
 */
export function journalCall(
  tenant: Tenant,
  route: Route,
  request: PlainRequest,
  response: PlainResponse,
  fault: FaultOutcome | undefined,
  caller: ApiCaller & { frame?: string },
): PlainResponse {
  if (route.journal !== 'fault') return journalApiCall(tenant, route, request, response, fault, caller)
  if (fault) tenant.record('frame:faulted', { fault: fault.id, frame: caller.frame, path: request.path })
  return response
}

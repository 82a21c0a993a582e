import { headerValue, type PlainRequest } from './plain-http.ts'
import type { RouteAuth } from './route.ts'
import { SandboxError } from '../kernel/sandbox-error.ts'

/** The key a request carries for a route's auth scheme, and where it came from (for messages). */
export interface RequestKey {
  key: string | undefined
  source: string
}

/**
 * Reads the API key of a request: the `apiKey` query parameter for the widget
 * API; `X-Api-Key` or `Authorization: Api-Key …` for secret-key routes.
 *
 * @example
 * requestKey('secret-header', { ...request, headers: { 'x-api-key': 'sk_test_sandbox' } })
 */
export function requestKey(auth: Exclude<RouteAuth, 'none'>, request: PlainRequest): RequestKey {
  if (auth === 'publishable-query') {
    const value = request.query.apiKey
    if (Array.isArray(value)) throw new SandboxError('unauthorized', 'apiKey must be given once')
    return { key: value, source: 'apiKey query parameter' }
  }
  const header = headerValue(request, 'x-api-key')
  if (header !== undefined) return { key: header, source: 'X-Api-Key header' }
  const authorization = headerValue(request, 'authorization')
  const match = authorization === undefined ? null : /^Api-Key\s+(\S+)$/i.exec(authorization)
  return { key: match?.[1], source: match ? 'Authorization Api-Key' : 'X-Api-Key header' }
}

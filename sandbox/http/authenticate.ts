import { liveSessionOf } from '#domain/sessions.ts'
import type { TokenClaims } from '#portable/peek-token.ts'
import { tenantOfToken, verifyToken } from '#domain/tokens.ts'
import { andThen, type MaybePromise } from './maybe-promise.ts'
import { headerValue, type PlainRequest } from './plain-http.ts'
import type { RouteAuth, TenantRoute } from './route.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { ParsedKey, TenantRegistry } from '#kernel/tenant-registry.ts'

/** Who a request speaks for: a tenant, by key or by access token. */
interface Authenticated {
  tenant: Tenant
  key?: ParsedKey
  claims?: TokenClaims
}

const BEARER_FIELD = 'Authorization Bearer token'

function bearerToken(request: PlainRequest): string {
  const authorization = headerValue(request, 'authorization')
  const match = authorization === undefined ? null : /^Bearer\s+(\S+)$/i.exec(authorization)
  if (!match) throw new SandboxError('unauthorized', 'Authorization: Bearer <accessToken> is required')
  return match[1]!
}

/** The key a request carries for a route's auth scheme, and where it came from (for messages). */
interface RequestKey {
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
function requestKey(auth: Exclude<RouteAuth, 'none'>, request: PlainRequest): RequestKey {
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

/**
 * Authenticates a request for a route: the `apiKey` query parameter, a secret
 * key header, or a Bearer access token (whose tenant is the one that signed it).
 * A key route that also takes the customer's token (`route.bearer`, the Swaps routes) has it checked here too, signed
 * by the key's tenant; `optional`: none without the header. Synchronous; revocation of a token's session is checked
 * by `requireLiveSession`.
 */
export function authenticate(route: TenantRoute, request: PlainRequest, tenants: TenantRegistry): Authenticated {
  if (route.auth === 'bearer') {
    const token = bearerToken(request)
    const tenant = tenantOfToken(tenants, token, BEARER_FIELD)
    return { tenant, claims: verifyToken(tenant, token, 'access', BEARER_FIELD) }
  }
  const { key, source } = requestKey(route.auth, request)
  const authenticated = tenants.authenticate(key, route.auth === 'publishable-query' ? 'publishable' : 'secret', source)
  if (
    route.bearer === undefined ||
    (route.bearer === 'optional' && headerValue(request, 'authorization') === undefined)
  )
    return authenticated
  return { ...authenticated, claims: verifyToken(authenticated.tenant, bearerToken(request), 'access', BEARER_FIELD) }
}

/** Refuses a token whose claims do not hold against the store (session unknown, revoked or expired; customer unknown), and one without the scope the route needs. */
export function requireLiveSession(route: TenantRoute, tenant: Tenant, claims: TokenClaims): MaybePromise<void> {
  return andThen(tenant.storeNow(), (store) => {
    liveSessionOf(tenant, store, claims, BEARER_FIELD)
    if (route.scope === 'full' && claims.scope !== 'full') {
      throw new SandboxError(
        'forbidden',
        'this call needs full credentials: the customer has not completed authentication',
      )
    }
  })
}

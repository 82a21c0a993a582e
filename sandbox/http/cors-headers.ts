import { originMatches } from '#portable/origin-matches.ts'
import { headerValue, type PlainReply, type PlainRequest } from './plain-http.ts'
import type { Route, RouteCors } from './route.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantRegistry } from '#kernel/tenant-registry.ts'

/** How long a browser may cache a preflight answer (seconds). */
const PREFLIGHT_MAX_AGE = '600'

/**
 * The CORS class of a route: its own `cors`, else `tenant` for the routes a browser calls
 * (Bearer client calls, the widget API's publishable key) and `none` for the rest.
 *
 * @example
 * corsOf(route) // 'tenant' for GET /platform/v1/payment-methods, 'none' for GET /__sandbox/journal
 */
function corsOf(route: Route): RouteCors {
  return route.cors ?? (route.auth === 'bearer' || route.auth === 'publishable-query' ? 'tenant' : 'none')
}

/**
 * Whether a page on `origin` may read a `tenant` route's answer: the patterns of the tenant the call is for; when
 * the call names no tenant (its key or token was refused), what a preflight allows, so the page can read the 401.
 */
function originAllowed(origin: string, tenant: Tenant | undefined, tenants: TenantRegistry): boolean {
  return tenant
    ? tenant.settings.allowedOrigins.some((pattern) => originMatches(origin, pattern))
    : tenants.anyTenantAllows(origin)
}

function addVary(headers: Record<string, string>, names: string): void {
  headers.vary = headers.vary ? `${headers.vary}, ${names}` : names
}

/**
 * Adds the CORS headers of an answer to an actual (not preflight) request, in place: `*` for public routes, the
 * request's Origin (with `Vary: Origin`) for a tenant route when the tenant allows it, nothing for secret-key and
 * control routes (decision 0040).
 *
 * @example
 * addCorsHeaders(answer, route, request, tenant, core.tenants)
 */
export function addCorsHeaders(
  answer: PlainReply,
  route: Route,
  request: PlainRequest,
  tenant: Tenant | undefined,
  tenants: TenantRegistry,
): void {
  const cors = corsOf(route)
  if (cors === 'none') return
  if (cors === 'public') {
    answer.headers['access-control-allow-origin'] = '*'
    return
  }
  // The answer depends on Origin whether or not this request sent one: caches must key on it.
  addVary(answer.headers, 'Origin')
  const origin = headerValue(request, 'origin')
  if (origin !== undefined && originAllowed(origin, tenant, tenants))
    answer.headers['access-control-allow-origin'] = origin
}

/**
 * The answer to a CORS preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) of `route`. A preflight
 * carries no credentials, so the tenant is known only when the URL names it (a publishable `apiKey`, an upload
 * token): then its allowed origins decide; else (Bearer routes) an origin the default patterns or any provisioned
 * tenant allows passes, and the actual request is held to its own tenant's origins. Routes of class `none` get a
 * 204 without any CORS header: the browser never sends the request.
 *
 * @example
 * preflightReply(route, request, undefined, core.tenants) // 204 with access-control-allow-origin: http://localhost:5173
 */
export function preflightReply(
  route: Route,
  request: PlainRequest,
  tenant: Tenant | undefined,
  tenants: TenantRegistry,
): PlainReply {
  const headers: Record<string, string> = {}
  const cors = corsOf(route)
  const origin = headerValue(request, 'origin')
  if (cors === 'tenant') addVary(headers, 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers')
  const allowed =
    cors === 'public' || (cors === 'tenant' && origin !== undefined && originAllowed(origin, tenant, tenants))
  if (allowed) {
    headers['access-control-allow-origin'] = cors === 'public' ? '*' : origin!
    headers['access-control-allow-methods'] = route.method
    // Never X-Api-Key: a secret key has no business in a browser.
    headers['access-control-allow-headers'] =
      route.auth === 'bearer' || route.bearer !== undefined ? 'authorization, content-type' : 'content-type'
    headers['access-control-max-age'] = PREFLIGHT_MAX_AGE
  }
  return { kind: 'reply', status: 204, headers }
}

import type { z } from 'zod'
import type { ApiFamily, PlainReply, PlainRequest } from './plain-http.ts'
import type { ROUTE_TAGS, RouteTag } from './route-tags.ts'
import type { Tenant } from '../kernel/tenant.ts'
import type { ParsedKey } from '../kernel/tenant-registry.ts'
import type { TokenClaims } from '../portable/peek-token.ts'

/** HTTP methods routes use. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * How a route authenticates: `apiKey` query with a publishable key, a secret
 * key header (server calls), a Bearer access token (client calls), or not at all.
 */
export type RouteAuth = 'publishable-query' | 'secret-header' | 'bearer' | 'none'

/**
 * Which pages on other origins a browser lets call a route (CORS, decision 0040):
 * - `tenant`: the allowed origins of the tenant the call is for (`settings.allowedOrigins`): the Origin is echoed
 *   with `Vary: Origin` when it matches, else no CORS header (the browser refuses the answer);
 * - `public`: any origin (`*`): documents without tenant data and without credentials;
 * - `none`: no CORS header ever, preflights answered without any: routes taking a secret key and the control API,
 *   which a browser must never call.
 *
 * Default: `tenant` for `publishable-query` and `bearer` routes, `none` for the others.
 */
export type RouteCors = 'tenant' | 'public' | 'none'

/** One documented response of a route (for `/openapi.json`). */
export interface RouteResponse {
  description: string
  schema?: z.ZodType
}

interface RouteBase {
  method: RouteMethod
  /** Path template with `:name` parameters, e.g. `/v3/currencies/:currencyCode/sell_quote`. */
  path: string
  family: ApiFamily
  /**
   * The OpenAPI `operationId`: unique, camelCase, stable (generated clients name their methods
   * after it). Where the spec names the operation or the SDK call, its name (`getSellQuote`, `getQuote`).
   */
  operationId: string
  /** The OpenAPI tag: one of the spec's where one fits (`Off-ramp`), else the sandbox's own ({@link ROUTE_TAGS}). */
  tag: RouteTag
  summary: string
  query?: z.ZodObject
  body?: z.ZodType
  responses: Record<number, RouteResponse>
  /** Marks a deprecated operation; calls to it are journaled as deprecated, and `--strict-deprecations` may retire it. */
  deprecated?: boolean
  /** The new path of a renamed route whose old path keeps working (not a deprecation); calls are journaled with it. */
  renamedTo?: string
  /** Who may call it from a page on another origin; default from `auth` (see {@link RouteCors}). */
  cors?: RouteCors
  /**
   * A publishable-key route that also reads a customer's access token (`Authorization: Bearer`) in its handler, as the
   * Swaps group does (decision 0068): `required` or `optional`. Documented in the OpenAPI security, and allowed in
   * its CORS preflights.
   */
  bearer?: 'required' | 'optional'
}

/**
 * What of the core a route may use: its seed, the origins it serves, the route table (for the OpenAPI document) and
 * tenants by id (a token in a URL names its tenant). Narrower than `SandboxCore`, which the core implements, so no route
 * imports the core that imports the routes.
 */
export interface RouteHost {
  readonly seed: number
  readonly options: { readonly origins?: { api: string; frames: string }; readonly webhookAllowHosts?: readonly string[] }
  readonly routes: readonly Route[]
  readonly tenants: { byId(id: string): Tenant | undefined }
}

/** What a handler of an authenticated route gets. */
export interface TenantRouteContext {
  request: PlainRequest
  params: Record<string, string>
  tenant: Tenant
  /** The key, for key-authenticated routes. */
  key?: ParsedKey
  /** The access token's claims, for Bearer routes (session checked live). */
  claims?: TokenClaims
  core: RouteHost
}

/** What a handler of a public route gets. */
export interface PublicRouteContext {
  request: PlainRequest
  params: Record<string, string>
  core: RouteHost
}

/** A route whose handler runs for a tenant. */
export interface TenantRoute extends RouteBase {
  auth: 'publishable-query' | 'secret-header' | 'bearer'
  /** For Bearer routes: `full` refuses anonymous credentials (403). */
  scope?: 'full'
  handle(context: TenantRouteContext): PlainReply | Promise<PlainReply>
}

/** A route that needs no key. */
export interface PublicRoute extends RouteBase {
  auth: 'none'
  /** For `cors: 'tenant'`: the tenant the request names (e.g. by a signed token in its URL), if any; never provisions one. */
  corsTenant?(context: PublicRouteContext): Tenant | undefined
  handle(context: PublicRouteContext): PlainReply | Promise<PlainReply>
}

/** An entry of the route table: parse → domain → serialize, nothing more. */
export type Route = TenantRoute | PublicRoute

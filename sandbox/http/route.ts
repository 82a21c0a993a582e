import type { z } from 'zod'
import type { ApiFamily, PlainReply, PlainRequest } from './plain-http.ts'
import type { ROUTE_TAGS, RouteTag } from './route-tags.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { ParsedKey } from '#kernel/tenant-registry.ts'
import type { TokenClaims } from '#portable/peek-token.ts'
import type { FrameName } from '#contract/index.ts'
import type { FaultOutcome } from '#kernel/fault-registry.ts'
import type { FramesHost } from '#frames/effects/frame-context.ts'
import type { FrameEmbedding } from '#frames/server/embedding-tenant.ts'
import type { FrameTicket } from '#frames/server/frame-ticket.ts'

/** HTTP methods routes use. */
type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * How a route authenticates: `apiKey` query with a publishable key, a secret
 * key header (server calls), a Bearer access token (client calls), or not at all;
 * on the frames origin, a frame page by the token or key in its URL (`frame-page`: a page whose parameters
 * authorize nothing still loads, to post its error) and a page's calls by the signed frame ticket in their body
 * (`frame-ticket`).
 */
export type RouteAuth = 'publishable-query' | 'secret-header' | 'bearer' | 'frame-page' | 'frame-ticket' | 'none'

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
  /**
   * What the journal keeps of a call: `call`, an `api` entry (the default); `fault`, only an injected fault that touched
   * it (`frame:faulted`): a frame page's load, and the frame journal's own calls (they write the journal already).
   */
  journal?: 'call' | 'fault'
}

/**
 * What of the core a route may use: its seed, the origins it serves, the route table (for the OpenAPI document) and
 * tenants by id (a token in a URL names its tenant). Narrower than `SandboxCore`, which the core implements, so no route
 * imports the core that imports the routes.
 */
export interface RouteHost {
  readonly seed: number
  readonly options: {
    readonly origins?: { api: string; frames: string }
    readonly webhookAllowHosts?: readonly string[]
  }
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

/** What of the core a frames origin's route may use: the route host's, and the frames side's (tenants, origins). */
export type FrameRouteHost = RouteHost & FramesHost

/** What a frame page's handler gets: the frame its path names and what its parameters authorize (or why not). */
export interface FramePageContext {
  request: PlainRequest
  params: Record<string, string>
  core: FrameRouteHost
  frame: FrameName
  embedding: FrameEmbedding
}

/** A frame page (`GET /platform/v1/:frame`): the tenant its parameters authorize takes its faults and journals them. */
export interface FramePageRoute extends RouteBase {
  auth: 'frame-page'
  /** The page an injected error status answers with (its own, not the JSON error of the family): no frame script. */
  faultPage(fault: FaultOutcome & { status: number }, context: FramePageContext): PlainReply
  handle(context: FramePageContext): PlainReply | Promise<PlainReply>
}

/** The body of a frames origin's call that a frame page makes: JSON with the page's signed `ticket`. */
export interface TicketBody {
  ticket: string
}

/** What the handler of a page's call gets: the tenant and ticket of the frame (resolved once), and the parsed body. */
export interface FrameTicketContext<Body extends TicketBody = TicketBody> {
  request: PlainRequest
  params: Record<string, string>
  core: FrameRouteHost
  tenant: Tenant
  ticket: FrameTicket
  body: Body
}

/**
 * A page's call on the frames origin (an effect, a journal message), authorized by the signed frame ticket its body
 * carries: `body` parses the whole body before the ticket is read (any content type: the page's `fetch` and a bare
 * `curl` alike).
 */
export interface FrameTicketRoute<Body extends TicketBody = any> extends RouteBase {
  auth: 'frame-ticket'
  body: z.ZodType<Body>
  /** What the journal keeps of the request's body: never the ticket, a credential (as `Authorization` is redacted). */
  journaledBody?(body: Body): unknown
  handle(context: FrameTicketContext<Body>): PlainReply | Promise<PlainReply>
}

/** A route of the frames origin's table. */
export type FrameRoute = FramePageRoute | FrameTicketRoute | PublicRoute

/** An entry of the route table: parse → domain → serialize, nothing more. */
export type Route = TenantRoute | PublicRoute | FramePageRoute | FrameTicketRoute

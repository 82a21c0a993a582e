import { CatalogIndex } from '../kernel/store/catalog-index.ts'
import { buildCatalog } from '../../fixtures/index.ts'
import { faultReply } from './fault-reply.ts'
import { portableHmacSha256, type HmacSha256 } from '../kernel/hmac.ts'
import { parseSecret, PUBLIC_TEST_SECRET } from '../kernel/sandbox-secret.ts'
import { journalApiCall } from './journal-api-call.ts'
import { headerValue, reply, type PlainRequest, type PlainResponse } from './plain-http.ts'
import { authenticate, requireLiveSession } from './authenticate.ts'
import { addCorsHeaders, preflightReply } from './cors-headers.ts'
import { requireJsonContentType } from './require-json-content-type.ts'
import type { PublicRoute, Route, TenantRoute, TenantRouteContext } from './route.ts'
import type { Tenant } from '../kernel/tenant.ts'
import type { FaultOutcome } from '../kernel/fault-registry.ts'
import { Router } from './router.ts'
import { allRoutes } from './routes/index.ts'
import { SandboxError } from '../kernel/sandbox-error.ts'
import { TenantRegistry } from '../kernel/tenant-registry.ts'
import { restoreSandbox, restoreTenant, snapshotSandbox } from '../kernel/sandbox-snapshot.ts'
import type { SandboxSnapshot } from '../contract/index.ts'
import { DEFAULT_TENANT_LIMITS, type TenantLimits } from '../kernel/store/tenant-limits.ts'
import { runScheduledJob } from '../domain/run-scheduled-job.ts'
import { familyOf, toWireError, type ErrorLogger } from './to-wire-error.ts'

/** Options of a sandbox instance. Every field has a default. */
export interface SandboxOptions {
  /** Seed of every fixture (default 1). Same seed, same data, same outcomes. */
  seed?: number
  /**
   * Instant tenant clocks start at: ISO 8601 (default: the price table's epoch,
   * 2026-01-01T00:00:00Z), or `'wall'` to start each tenant at the wall time of
   * its creation or reset (needs `wall`; what `npm start` does).
   */
  clockStart?: string
  /** Wall-time source: when given, tenant clocks also flow in real time. Adapters pass it; the core never reads the wall clock. */
  wall?: () => number
  /**
   * A monotonic ms source (the node adapter passes `performance.now`) telling how recently each account was used: one
   * used within `limits.activeWindowMs` is never evicted to make room for another (docs/decisions/0049). Without it
   * (in-process cores) accounts are evicted least recently used first, whenever they were used.
   */
  activity?: () => number
  /**
   * Awaited between the slices of building a new account's store (each about a millisecond's work), so building one
   * never holds the event loop for long; the node adapter passes a yield to its event loop (`setImmediate`). Without
   * it a store is built in one go.
   */
  pause?: () => Promise<void>
  /**
   * Keep the state of accounts evicted to make room (what `--state-file` does): saved in snapshots with the others,
   * and given back whole on the account's next use instead of a fresh seed (decision 0049).
   */
  keepEvicted?: boolean
  /** Entries each tenant journal keeps (default 1000). */
  journalSize?: number
  /**
   * What one tenant may hold beyond its seed (sessions, transactions, customers …, journal text) and how many
   * tenants are kept: {@link DEFAULT_TENANT_LIMITS} unless given (docs/decisions/0044).
   */
  limits?: Partial<TenantLimits>
  /** HMAC implementation (default: portable pure JS; the node server passes node:crypto). */
  hmac?: HmacSha256
  /**
   * The signing secret, 32 to 128 hex digits: tokens, frame tickets, cursors and
   * quote signatures are signed under keys derived from it and the tenant id, so
   * nobody without it can forge them. Same secret (and seed), same signatures.
   * Default: the public `PUBLIC_TEST_SECRET`, fine for a core only this process
   * reaches; `startServer`, the CLI and msw's `createSandbox` draw a random one
   * unless given (docs/decisions/0042). Pass one whenever the core is reachable
   * from outside the process.
   */
  secret?: string
  /**
   * The process incarnation tokens name (docs/decisions/0046): a token naming another is from before a restart,
   * and is refused saying so. Default: the public {@link IN_PROCESS_BOOT_ID}, so in-process runs repeat exactly;
   * `startServer` and the CLI draw a random one, or take the state file's.
   */
  bootId?: string
  /** Where unexpected errors are logged (default: none). */
  logger?: ErrorLogger
  /** Public URLs of this sandbox, reported by the control API. */
  origins?: { api: string; frames: string }
  /** Retire deprecated items so partners can test they no longer depend on them. */
  strictDeprecations?: boolean
}

/** A value now, or later. The core answers synchronously unless a route or a fault needs to wait. */
export type MaybePromise<T> = T | Promise<T>

/** The transport-agnostic sandbox: give it a plain request, get a plain response. */
export interface SandboxCore {
  readonly seed: number
  /** The signing secret in use (lowercase hex): what a state file keeps so tokens survive a restart. */
  readonly secret: string
  /** The process incarnation tokens name (docs/decisions/0046). */
  readonly bootId: string
  readonly options: SandboxOptions
  readonly catalog: CatalogIndex
  readonly tenants: TenantRegistry
  readonly routes: Route[]
  /** Answers a request; `await` it (it is synchronous when nothing has to wait). */
  handle(request: PlainRequest): MaybePromise<PlainResponse>
  /** Every tenant's state as data, for a state file (docs/decisions/0045). */
  snapshot(): Promise<SandboxSnapshot>
  /** Takes on a snapshot's tenants (the core must have its seed, secret and boot id). */
  restore(snapshot: SandboxSnapshot): Promise<void>
  /** The core is never data: serialised by mistake (in a response, a log line), it gives its seed, never its secret. */
  toJSON(): { internal: 'sandbox core'; seed: number }
}

/** The boot id of in-process cores: public and fixed, as their runs must repeat exactly (docs/decisions/0046). */
export const IN_PROCESS_BOOT_ID = 'in-process'

/** Where tenant clocks start: an instant, or the wall time when each tenant is made. */
function startOfClocks(options: SandboxOptions, priceEpoch: number): number | 'wall' {
  if (options.clockStart === 'wall') {
    if (!options.wall) throw new RangeError("clockStart 'wall' needs a wall-time source (options.wall)")
    return 'wall'
  }
  const start = options.clockStart !== undefined ? Date.parse(options.clockStart) : priceEpoch
  if (Number.isNaN(start)) throw new RangeError(`clockStart ${options.clockStart} is not an ISO 8601 instant`)
  return start
}

/** What the CORS decision learns while a request is dispatched: the route that matched, and the tenant it was for. */
interface Handled {
  route?: Route
  params?: Record<string, string>
  tenant?: Tenant
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Creates a sandbox: the seed's catalog, a tenant registry and the route table.
 * Adapters (node-http, msw) translate their requests to `PlainRequest` and call
 * `handle`.
 *
 * @example
 * const core = createSandboxCore({ seed: 1 })
 * const response = await core.handle({ method: 'GET', path: '/v3/currencies', query: { apiKey: 'pk_test_sandbox' }, headers: {} })
 */
export function createSandboxCore(options: SandboxOptions = {}): SandboxCore {
  const seed = options.seed ?? 1
  const secret = parseSecret(options.secret ?? PUBLIC_TEST_SECRET)
  const bootId = options.bootId ?? IN_PROCESS_BOOT_ID
  const catalog = new CatalogIndex(buildCatalog(seed))
  const clockStart = startOfClocks(options, catalog.priceEpoch)
  const tenants = new TenantRegistry({
    seed,
    catalog,
    clockStart,
    wall: options.wall,
    activity: options.activity,
    pause: options.pause,
    ...(options.keepEvicted ? { restoreEvicted: restoreTenant } : {}),
    journalSize: options.journalSize ?? 1000,
    limits: { ...DEFAULT_TENANT_LIMITS, ...options.limits },
    hmac: options.hmac ?? portableHmacSha256,
    secret,
    bootId,
    strictDeprecations: options.strictDeprecations ?? false,
    runJob: runScheduledJob,
  })
  const routes = allRoutes()
  const router = new Router(routes)
  const log = options.logger

  function runTenantRoute(route: TenantRoute, request: PlainRequest, params: Record<string, string>, handled: Handled): MaybePromise<PlainResponse> {
    let authenticated
    try {
      authenticated = authenticate(route, request, tenants)
    } catch (error) {
      return toWireError(route.family, error, log)
    }
    handled.tenant = authenticated.tenant
    const context: TenantRouteContext = { request, params, tenant: authenticated.tenant, key: authenticated.key, claims: authenticated.claims, core }
    // Timers made due by wall time (--realtime-clock) fire first, and their async
    // work (settlements, KYC decisions) lands before this request reads state.
    const fired = context.tenant.clock.runDue()
    const fault = route.family === 'control' ? undefined : context.tenant.faults.take(request.method, request.path)
    if (fault?.latencyMs) return sleep(fault.latencyMs).then(() => respond(route, context, fault))
    if (fired > 0) return context.tenant.clock.settled().then(() => respond(route, context, fault))
    return respond(route, context, fault)
  }

  function respond(route: TenantRoute, context: TenantRouteContext, fault: FaultOutcome | undefined): MaybePromise<PlainResponse> {
    let response: MaybePromise<PlainResponse>
    if (fault?.networkError) response = { kind: 'network-error' }
    else if (fault?.status !== undefined) response = faultReply(route.family, { ...fault, status: fault.status })
    else if (context.claims) response = requireLiveSession(route, context.tenant, context.claims).then(() => handleWithBody(route, context))
    else {
      try {
        response = handleWithBody(route, context)
      } catch (error) {
        response = toWireError(route.family, error, log)
      }
    }
    if (response instanceof Promise) {
      return response
        .catch((error: unknown) => toWireError(route.family, error, log))
        .then((answer) => journalApiCall(context.tenant, route, context.request, answer, fault, context.claims?.session))
    }
    return journalApiCall(context.tenant, route, context.request, response, fault, context.claims?.session)
  }

  /** A route that takes a JSON body reads it only when the request says it is JSON (415 otherwise). */
  function handleWithBody(route: TenantRoute, context: TenantRouteContext) {
    if (route.body) requireJsonContentType(context.request)
    return route.handle(context)
  }

  /** `OPTIONS`: a CORS preflight of the route `Access-Control-Request-Method` names, or a bare 204 on a known path. */
  function preflight(request: PlainRequest): PlainResponse {
    const requested = headerValue(request, 'access-control-request-method')?.toUpperCase()
    let match
    try {
      match = router.match(requested === undefined ? 'OPTIONS' : requested === 'HEAD' ? 'GET' : requested, request.path)
    } catch (error) {
      return toWireError(familyOf(request.path), error, log)
    }
    if (match.kind === 'none') return toWireError(familyOf(request.path), new SandboxError('not_found', `No route for OPTIONS ${request.path}; GET /openapi.json lists every route`))
    if (match.kind === 'wrong-method' || headerValue(request, 'origin') === undefined) return reply(204, undefined, {})
    const { route, params } = match
    // A preflight has no credentials: only a URL that names its tenant (apiKey, upload token) tells whose origins decide.
    const apiKey = route.auth === 'publishable-query' && typeof request.query.apiKey === 'string' ? request.query.apiKey : undefined
    const tenant = apiKey !== undefined ? tenants.byKeyIfProvisioned(apiKey) : route.auth === 'none' ? corsTenantOf(route, request, params) : undefined
    return preflightReply(route, request, tenant, tenants)
  }

  function dispatch(request: PlainRequest, handled: Handled): MaybePromise<PlainResponse> {
    let match
    try {
      match = router.match(request.method === 'HEAD' ? 'GET' : request.method, request.path)
    } catch (error) {
      return toWireError(familyOf(request.path), error, log)
    }
    if (match.kind === 'none') return toWireError(familyOf(request.path), new SandboxError('not_found', `No route for ${request.method} ${request.path}; GET /openapi.json lists every route`))
    if (match.kind === 'wrong-method') {
      const wire = toWireError(familyOf(request.path), new SandboxError('method_not_allowed', `${request.method} is not allowed on ${request.path}; use ${match.allowed.join(' or ')}`))
      wire.headers.allow = match.allowed.join(', ')
      return wire
    }
    const { route, params } = match
    handled.route = route
    handled.params = params
    if (route.auth !== 'none') return runTenantRoute(route, request, params, handled)
    try {
      if (route.body) requireJsonContentType(request)
      const response = route.handle({ request, params, core })
      return response instanceof Promise ? response.catch((error: unknown) => toWireError(route.family, error, log)) : response
    } catch (error) {
      return toWireError(route.family, error, log)
    }
  }

  /** The CORS headers of the route that answered (decision 0040); answers of no route get none. */
  function withCors(response: PlainResponse, request: PlainRequest, handled: Handled): PlainResponse {
    const { route } = handled
    if (response.kind !== 'reply' || !route) return response
    const tenant = handled.tenant ?? (route.auth === 'none' && route.cors === 'tenant' ? corsTenantOf(route, request, handled.params ?? {}) : undefined)
    addCorsHeaders(response, route, request, tenant, tenants)
    return response
  }

  function corsTenantOf(route: PublicRoute, request: PlainRequest, params: Record<string, string>): Tenant | undefined {
    try {
      return route.corsTenant?.({ request, params, core })
    } catch {
      return undefined
    }
  }

  const core: SandboxCore = {
    seed,
    secret,
    bootId,
    options,
    catalog,
    tenants,
    routes,
    snapshot: () => snapshotSandbox(core),
    restore: (snapshot) => restoreSandbox(core, snapshot),
    toJSON: () => ({ internal: 'sandbox core', seed }),
    handle(request) {
      if (request.method === 'OPTIONS') return preflight(request)
      const handled: Handled = {}
      const response = dispatch(request, handled)
      return response instanceof Promise ? response.then((answer) => withCors(answer, request, handled)) : withCors(response, request, handled)
    },
  }
  return core
}


import { CatalogIndex } from '../kernel/store/catalog-index.ts'
import { buildCatalog } from '../../fixtures/catalog.ts'
import { PRICE_EPOCH } from '../../fixtures/prices.ts'
import { portableHmacSha256 } from '../kernel/hmac.ts'
import { parseSecret, PUBLIC_TEST_SECRET } from '../kernel/sandbox-secret.ts'
import type { FaultOutcome } from '../kernel/fault-registry.ts'
import { SandboxError } from '../kernel/sandbox-error.ts'
import type { Tenant } from '../kernel/tenant.ts'
import { TenantRegistry } from '../kernel/tenant-registry.ts'
import { restoreSandbox, restoreTenant, snapshotSandbox, stateParts, type RestoreReport, type StateParts } from '../kernel/sandbox-snapshot.ts'
import { DEFAULT_TENANT_LIMITS } from '../kernel/store/tenant-limits.ts'
import type { RequestKey, SandboxSnapshot } from '../contract/index.ts'
import { resumeRestoredWork, runScheduledJob } from '../domain/run-scheduled-job.ts'
import { authenticate, requireLiveSession } from './authenticate.ts'
import { addCorsHeaders, preflightReply } from './cors-headers.ts'
import { faultReply } from './fault-reply.ts'
import { matchableRequest } from './matchable-request.ts'
import { journalApiCall } from './journal-api-call.ts'
import { andThen, attempt, type MaybePromise } from './maybe-promise.ts'
import { headerValue, reply, serialised, type PlainReply, type PlainRequest, type PlainResponse } from './plain-http.ts'
import { requireJsonContentType } from './require-json-content-type.ts'
import type { PublicRoute, Route, TenantRoute, TenantRouteContext } from './route.ts'
import { Router } from './router.ts'
import { allRoutes } from './routes/index.ts'
import { IN_PROCESS_BOOT_ID, startOfClocks, type SandboxOptions } from './sandbox-options.ts'
import { familyOf, toWireError } from './to-wire-error.ts'

export { IN_PROCESS_BOOT_ID, type SandboxOptions } from './sandbox-options.ts'
export type { MaybePromise } from './maybe-promise.ts'

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
  /** The same state as parts, each account's taken only when asked: what a state file is written from, account by account. */
  stateParts(): StateParts
  /** Takes on a snapshot's tenants (the core must have its seed, secret and boot id); says which saved faults it left out. */
  restore(snapshot: SandboxSnapshot): Promise<RestoreReport>
  /** The core is never data: serialised by mistake (in a response, a log line), it gives its seed, never its secret. */
  toJSON(): { internal: 'sandbox core'; seed: number }
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
  // Built on first use (a server's first request, or right after its ready line): start-up does not wait for it.
  const catalog = new CatalogIndex(() => buildCatalog(seed), Date.parse(PRICE_EPOCH))
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
    resumeWork: resumeRestoredWork,
    webhookTransport: options.webhookTransport,
    webhookAllowHosts: options.webhookAllowHosts ?? [],
    ...(options.warn ? { warn: options.warn } : {}),
  })
  const routes = allRoutes()
  const router = new Router(routes)
  const log = options.logger


  /** Any throw of a route's family, as its wire error (the one error mapper). */
  const wireError = (route: Route, error: unknown): PlainReply => toWireError(route.family, error, log)

  /**
   * A request's one way through: match its route; for a tenant's route, authenticate, run the timers wall time made
   * due and take the fault injected for it, then run it and journal the call; answer the route's CORS headers.
   * Every answer's JSON is made once, here (`serialised`): the journal keeps that text and the adapter sends it.
   * Each step runs at once unless the step before it had to wait.
   */
  function answer(request: PlainRequest): MaybePromise<PlainResponse> {
    const match = matchRoute(request)
    if (match.kind === 'answered') return serialised(match.reply)
    const { route, params } = match
    if (route.auth === 'none') {
      const answered = attempt(() => runRoute(route, { request, params, core }), (error) => wireError(route, error))
      return andThen(answered, (response) => withCors(serialised(response), route, request, params, undefined))
    }
    let context: TenantRouteContext
    try {
      context = { request, params, core, ...authenticate(route, request, tenants) }
    } catch (error) {
      return withCors(serialised(wireError(route, error)), route, request, params, undefined)
    }
    const { tenant } = context
    // Timers made due by wall time (--realtime-clock) run first, in slices as an advance's do (decision 0082), and
    // their async work (settlements, KYC decisions) lands before this request reads state.
    const caughtUp = tenant.clock.hasDue() ? tenant.clock.advanceInSlices(0).then(() => tenant.clock.settled()) : undefined
    const key: RequestKey | undefined = context.claims ? 'accessToken' : context.key?.kind
    const fault = route.family === 'control' || tenant.faults.size === 0 ? undefined : tenant.faults.take(matchableRequest(request, key), tenant.clock.now())
    const ready: Promise<unknown> | undefined = fault?.latencyMs ? Promise.all([sleep(fault.latencyMs), caughtUp]) : caughtUp
    const answered = andThen(ready, () => attempt(() => runTenantRoute(route, context, fault), (error) => wireError(route, error)))
    const caller = { session: context.claims?.session, key }
    return andThen(answered, (response) => withCors(journalApiCall(tenant, route, request, serialised(response), fault, caller), route, request, params, tenant))
  }

  /** The route of a request, or the answer when there is none: 404, or 405 with the methods the path takes. */
  function matchRoute(request: PlainRequest): { kind: 'route'; route: Route; params: Record<string, string> } | { kind: 'answered'; reply: PlainReply } {
    let match
    try {
      match = router.match(request.method === 'HEAD' ? 'GET' : request.method, request.path)
    } catch (error) {
      return { kind: 'answered', reply: toWireError(familyOf(request.path), error, log) }
    }
    if (match.kind === 'none') return { kind: 'answered', reply: toWireError(familyOf(request.path), new SandboxError('not_found', `No route for ${request.method} ${request.path}; GET /openapi.json lists every route`)) }
    if (match.kind === 'wrong-method') {
      const wire = toWireError(familyOf(request.path), new SandboxError('method_not_allowed', `${request.method} is not allowed on ${request.path}; use ${match.allowed.join(' or ')}`))
      wire.headers.allow = match.allowed.join(', ')
      return { kind: 'answered', reply: wire }
    }
    return { kind: 'route', route: match.route, params: match.params }
  }

  /** A tenant's route as its injected fault says (a dropped connection, a status), or run for a live session. */
  function runTenantRoute(route: TenantRoute, context: TenantRouteContext, fault: FaultOutcome | undefined): MaybePromise<PlainResponse> {
    if (fault?.networkError) return { kind: 'network-error' }
    if (fault?.status !== undefined) return faultReply(route.family, { ...fault, status: fault.status })
    if (context.claims) return andThen(requireLiveSession(route, context.tenant, context.claims), () => runRoute(route, context))
    return runRoute(route, context)
  }

  /** Runs a route's handler; a route that takes a JSON body reads it only when the request says it is JSON (415 otherwise). */
  function runRoute<Context extends { request: PlainRequest }>(route: { body?: unknown; handle(context: Context): MaybePromise<PlainReply> }, context: Context): MaybePromise<PlainReply> {
    if (route.body) requireJsonContentType(context.request)
    return route.handle(context)
  }

  /**
   * The CORS headers of the route that answered (decision 0040), for the tenant it answered for: a public route's is
   * the one its URL names, if any.
   */
  function withCors(response: PlainResponse, route: Route, request: PlainRequest, params: Record<string, string>, tenant: Tenant | undefined): PlainResponse {
    if (response.kind !== 'reply') return response
    addCorsHeaders(response, route, request, tenant ?? (route.auth === 'none' && route.cors === 'tenant' ? corsTenantOf(route, request, params) : undefined), tenants)
    return response
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
    stateParts: () => stateParts(core),
    restore: (snapshot) => restoreSandbox(core, snapshot),
    toJSON: () => ({ internal: 'sandbox core', seed }),
    handle: (request) => (request.method === 'OPTIONS' ? preflight(request) : answer(request)),
  }
  return core
}

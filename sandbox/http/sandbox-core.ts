import { CatalogIndex } from '#kernel/store/catalog-index.ts'
import { buildCatalog } from '#fixtures/catalog.ts'
import { PRICE_EPOCH } from '#fixtures/prices.ts'
import { portableHmacSha256 } from '#kernel/hmac.ts'
import { parseSecret, PUBLIC_TEST_SECRET } from '#kernel/sandbox-secret.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { TenantRegistry } from '#kernel/tenant-registry.ts'
import {
  restoreSandbox,
  restoreTenant,
  snapshotSandbox,
  stateParts,
  type RestoreReport,
  type StateParts,
} from '#kernel/sandbox-snapshot.ts'
import { DEFAULT_TENANT_LIMITS } from '#kernel/store/tenant-limits.ts'
import type { SandboxSnapshot } from '#contract/index.ts'
import { resumeRestoredWork, runScheduledJob } from '#domain/run-scheduled-job.ts'
import { admit, type Admitted } from './admit.ts'
import { addCorsHeaders, preflightReply } from './cors-headers.ts'
import { faultAnswer } from './fault-reply.ts'
import { matchableRequest } from './matchable-request.ts'
import { journalCall } from './journal-api-call.ts'
import { andThen, attempt, type MaybePromise } from './maybe-promise.ts'
import {
  headerValue,
  reply,
  serialised,
  type ApiFamily,
  type PlainReply,
  type PlainRequest,
  type PlainResponse,
} from './plain-http.ts'
import type { PublicRoute, Route } from './route.ts'
import { Router } from './router.ts'
import { allRoutes } from './routes/index.ts'
import { frameRoutes } from './routes/frame-routes.ts'
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
  /** Answers a request to the API origin; `await` it (it is synchronous when nothing has to wait). */
  handle(request: PlainRequest): MaybePromise<PlainResponse>
  /**
   * Answers a request to the frames origin (frame pages, their script, the calls a page makes), on the same pipeline:
   * what the node server serves on the frames port, and what an in-process frame posts its effects to.
   */
  handleFrames(request: PlainRequest): MaybePromise<PlainResponse>
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

/** An origin the core answers: its route table, the error family of a path no route takes, and where its routes are listed. */
interface Origin {
  router: Router
  family?: ApiFamily
  index: string
}

/** The error family of a request no route of an origin takes: the origin's own, else the one its path names. */
function unmatchedFamily(origin: Origin, request: PlainRequest): ApiFamily {
  return origin.family ?? familyOf(request.path)
}

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
  // Two origins, one pipeline: each answers only its own routes (a frames path on the API origin is a 404, and back).
  const api: Origin = { router: new Router(routes), index: 'GET /openapi.json lists every route' }
  const frames: Origin = {
    router: new Router(frameRoutes()),
    family: 'platform',
    index: 'frames live at /platform/v1/{frame}',
  }
  const log = options.logger

  /** Any throw of a route's family, as its wire error (the one error mapper). */
  const wireError = (route: Route, error: unknown): PlainReply => toWireError(route.family, error, log)

  /**
   * A request's one way through, on either origin: match its route; authenticate (`admit`: a key, an access token,
   * a frame page's token or key, a page call's frame ticket); for a call for a tenant, run the timers wall time made
   * due and take the fault injected for it, then run it and journal the call; answer the route's CORS headers.
   * Every answer's JSON is made once, here (`serialised`): the journal keeps that text and the adapter sends it.
   * Each step runs at once unless the step before it had to wait.
   */
  function answer(origin: Origin, request: PlainRequest): MaybePromise<PlainResponse> {
    const match = matchRoute(origin, request)
    if (match.kind === 'answered') return serialised(match.reply)
    const { route, params } = match
    // A refusal is let in as a call for nobody that answers the refusal: no tenant's faults, no journal (as ever).
    // (Closures passed inline, not named: a named one costs a defineProperty per request where tsx keeps names.)
    return andThen(
      attempt(
        () => admit(route, request, params, core),
        (error): Admitted => ({ run: () => wireError(route, error) }),
      ),
      (admitted) => proceed(route, request, params, admitted),
    )
  }

  function proceed(
    route: Route,
    request: PlainRequest,
    params: Record<string, string>,
    admitted: Admitted,
  ): MaybePromise<PlainResponse> {
    const { tenant } = admitted
    if (!tenant) {
      const answered = attempt(admitted.run, (error) => wireError(route, error))
      return andThen(answered, (response) => withCors(serialised(response), route, request, params, undefined))
    }
    // Timers made due by wall time (--realtime-clock) run first, in slices as an advance's do (decision 0082), and
    // their async work (settlements, KYC decisions) lands before this request reads state.
    const caughtUp = tenant.clock.hasDue()
      ? tenant.clock.advanceInSlices(0).then(() => tenant.clock.settled())
      : undefined
    const fault =
      route.family === 'control' || tenant.faults.size === 0
        ? undefined
        : tenant.faults.take(matchableRequest(request, admitted.key), tenant.clock.now())
    const ready: Promise<unknown> | undefined = fault?.latencyMs
      ? Promise.all([sleep(fault.latencyMs), caughtUp])
      : caughtUp
    const answered = andThen(ready, () =>
      attempt(
        () => faultAnswer(route.family, admitted, fault) ?? admitted.run(),
        (error) => wireError(route, error),
      ),
    )
    return andThen(answered, (response) =>
      withCors(
        journalCall(tenant, route, request, serialised(response), fault, admitted),
        route,
        request,
        params,
        tenant,
      ),
    )
  }

  /** The route that answers a request on an origin, or the answer when there is none: 404, or 405 with the methods the path takes. */
  function matchRoute(
    origin: Origin,
    request: PlainRequest,
  ): { kind: 'route'; route: Route; params: Record<string, string> } | { kind: 'answered'; reply: PlainReply } {
    // The family of a path no route takes, asked only then: a matched request never pays for it.
    let match
    try {
      match = origin.router.match(request.method === 'HEAD' ? 'GET' : request.method, request.path)
    } catch (error) {
      return { kind: 'answered', reply: toWireError(unmatchedFamily(origin, request), error, log) }
    }
    if (match.kind === 'none')
      return {
        kind: 'answered',
        reply: toWireError(
          unmatchedFamily(origin, request),
          new SandboxError('not_found', `No route for ${request.method} ${request.path}; ${origin.index}`),
        ),
      }
    if (match.kind === 'wrong-method') {
      const wire = toWireError(
        unmatchedFamily(origin, request),
        new SandboxError(
          'method_not_allowed',
          `${request.method} is not allowed on ${request.path}; use ${match.allowed.join(' or ')}`,
        ),
      )
      wire.headers.allow = match.allowed.join(', ')
      return { kind: 'answered', reply: wire }
    }
    return { kind: 'route', route: match.route, params: match.params }
  }

  /**
   * The CORS headers of the route that answered (decision 0040), for the tenant it answered for: a public route's is
   * the one its URL names, if any.
   */
  function withCors(
    response: PlainResponse,
    route: Route,
    request: PlainRequest,
    params: Record<string, string>,
    tenant: Tenant | undefined,
  ): PlainResponse {
    if (response.kind !== 'reply') return response
    addCorsHeaders(
      response,
      route,
      request,
      tenant ?? (route.auth === 'none' && route.cors === 'tenant' ? corsTenantOf(route, request, params) : undefined),
      tenants,
    )
    return response
  }

  /** `OPTIONS`: a CORS preflight of the route `Access-Control-Request-Method` names, or a bare 204 on a known path. */
  function preflight(origin: Origin, request: PlainRequest): PlainResponse {
    const family = origin.family ?? familyOf(request.path)
    const requested = headerValue(request, 'access-control-request-method')?.toUpperCase()
    let match
    try {
      match = origin.router.match(
        requested === undefined ? 'OPTIONS' : requested === 'HEAD' ? 'GET' : requested,
        request.path,
      )
    } catch (error) {
      return toWireError(family, error, log)
    }
    if (match.kind === 'none')
      return toWireError(family, new SandboxError('not_found', `No route for OPTIONS ${request.path}; ${origin.index}`))
    if (match.kind === 'wrong-method' || headerValue(request, 'origin') === undefined) return reply(204, undefined, {})
    const { route, params } = match
    // A preflight has no credentials: only a URL that names its tenant (apiKey, upload token) tells whose origins decide.
    const apiKey =
      route.auth === 'publishable-query' && typeof request.query.apiKey === 'string' ? request.query.apiKey : undefined
    const tenant =
      apiKey !== undefined
        ? tenants.byKeyIfProvisioned(apiKey)
        : route.auth === 'none'
          ? corsTenantOf(route, request, params)
          : undefined
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
    handle: (request) => (request.method === 'OPTIONS' ? preflight(api, request) : answer(api, request)),
    handleFrames: (request) => (request.method === 'OPTIONS' ? preflight(frames, request) : answer(frames, request)),
  }
  return core
}

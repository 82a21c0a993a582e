import { CatalogIndex } from '../store/catalog-index.ts'
import { buildCatalog } from '../../fixtures/index.ts'
import { errorCatalog, type ErrorCode } from './error-catalog.ts'
import { portableHmacSha256, type HmacSha256 } from './hmac.ts'
import { headerValue, reply, type ApiFamily, type PlainReply, type PlainRequest, type PlainResponse } from './plain-http.ts'
import type { Route, TenantRoute } from './route.ts'
import { Router } from './router.ts'
import { SandboxError } from './sandbox-error.ts'
import type { Tenant } from './tenant.ts'
import { TenantRegistry, type ParsedKey } from './tenant-registry.ts'
import { familyOf, toWireError, type ErrorLogger } from './to-wire-error.ts'
import type { FaultOutcome } from './fault-registry.ts'
import { allRoutes } from './routes/index.ts'

/** Options of a sandbox instance. Every field has a default. */
export interface SandboxOptions {
  /** Seed of every fixture (default 1). Same seed, same data, same outcomes. */
  seed?: number
  /** Instant tenant clocks start at, ISO 8601 (default: the price table's epoch, 2026-01-01T00:00:00Z). */
  clockStart?: string
  /** Wall-time source: when given, tenant clocks also flow in real time. Adapters pass it; the core never reads the wall clock. */
  wall?: () => number
  /** Entries each tenant journal keeps (default 1000). */
  journalSize?: number
  /** HMAC implementation (default: portable pure JS; the node server passes node:crypto). */
  hmac?: HmacSha256
  /** Where unexpected errors are logged (default: none). */
  logger?: ErrorLogger
  /** Public URLs of this sandbox, reported by the control API. */
  origins?: { api: string; frames: string }
  /** Retire deprecated items so partners can test they no longer depend on them. */
  strictDeprecations?: boolean
}

/** The transport-agnostic sandbox: give it a plain request, get a plain response. */
export interface SandboxCore {
  readonly seed: number
  readonly options: SandboxOptions
  readonly catalog: CatalogIndex
  readonly tenants: TenantRegistry
  readonly routes: Route[]
  handle(request: PlainRequest): Promise<PlainResponse>
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, x-api-key',
  'access-control-max-age': '600',
}

function keyOf(route: TenantRoute, request: PlainRequest): { key: string | undefined; source: string } {
  if (route.auth === 'publishable-query') {
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

function faultStatusCode(status: number): ErrorCode {
  const exact = (Object.keys(errorCatalog) as ErrorCode[]).find((code) => errorCatalog[code].status === status)
  return exact ?? (status >= 500 ? 'internal_error' : 'invalid_request')
}

function faultReply(family: ApiFamily, fault: FaultOutcome): PlainReply {
  const status = fault.status!
  const error = new SandboxError(faultStatusCode(status), `Injected fault ${fault.id}: ${fault.method} ${fault.path} answers ${status} (POST /__sandbox/faults)`)
  const wire = toWireError(family, error)
  const retry: Record<string, string> = status === 429 || status === 503 ? { 'retry-after': '1' } : {}
  return { ...wire, status, headers: { ...wire.headers, ...retry } }
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
  const catalog = new CatalogIndex(buildCatalog(seed))
  const clockStart = options.clockStart !== undefined ? Date.parse(options.clockStart) : catalog.priceEpoch
  if (Number.isNaN(clockStart)) throw new RangeError(`clockStart ${options.clockStart} is not an ISO 8601 instant`)
  const tenants = new TenantRegistry({
    seed,
    catalog,
    clockStart,
    wall: options.wall,
    journalSize: options.journalSize ?? 1000,
    hmac: options.hmac ?? portableHmacSha256,
  })
  const routes = allRoutes()
  const router = new Router(routes)
  const log = options.logger

  async function runTenantRoute(route: TenantRoute, request: PlainRequest, params: Record<string, string>): Promise<PlainResponse> {
    let tenant: Tenant
    let key: ParsedKey
    try {
      const { key: raw, source } = keyOf(route, request)
      ;({ tenant, key } = tenants.authenticate(raw, route.auth === 'publishable-query' ? 'publishable' : 'secret', source))
    } catch (error) {
      return toWireError(route.family, error, log)
    }
    tenant.clock.runDue()
    const fault = route.family === 'control' ? undefined : tenant.faults.take(request.method, request.path)
    let response: PlainResponse
    if (fault?.latencyMs) await sleep(fault.latencyMs)
    if (fault?.networkError) response = { kind: 'network-error' }
    else if (fault?.status !== undefined) response = faultReply(route.family, fault)
    else {
      try {
        response = await route.handle({ request, params, tenant, key, core })
      } catch (error) {
        response = toWireError(route.family, error, log)
      }
    }
    journalApiCall(tenant, route, request, response, fault)
    return response
  }

  const core: SandboxCore = {
    seed,
    options,
    catalog,
    tenants,
    routes,
    async handle(request) {
      const response = await dispatch(request)
      if (response.kind === 'reply') Object.assign(response.headers, CORS_HEADERS)
      return response
    },
  }

  async function dispatch(request: PlainRequest): Promise<PlainResponse> {
    let match
    try {
      match = router.match(request.method === 'HEAD' ? 'GET' : request.method, request.path)
    } catch (error) {
      return toWireError(familyOf(request.path), error, log)
    }
    if (match.kind === 'wrong-method' && request.method === 'OPTIONS') return reply(204, undefined, {})
    if (match.kind === 'none') return toWireError(familyOf(request.path), new SandboxError('not_found', `No route for ${request.method} ${request.path}; GET /openapi.json lists every route`))
    if (match.kind === 'wrong-method') {
      const error = new SandboxError('method_not_allowed', `${request.method} is not allowed on ${request.path}; use ${match.allowed.join(' or ')}`)
      const wire = toWireError(familyOf(request.path), error)
      return { ...wire, headers: { ...wire.headers, allow: match.allowed.join(', ') } }
    }
    const { route, params } = match
    if (route.auth !== 'none') return runTenantRoute(route, request, params)
    try {
      return await route.handle({ request, params, core })
    } catch (error) {
      return toWireError(route.family, error, log)
    }
  }

  return core
}

function journalBody(text: string | undefined): unknown {
  if (text === undefined || text.length === 0) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text.slice(0, 2048)
  }
}

function journalApiCall(tenant: Tenant, route: Route, request: PlainRequest, response: PlainResponse, fault: FaultOutcome | undefined): void {
  if (route.family === 'control' && request.method === 'GET') return
  tenant.journal.append({
    kind: 'api',
    at: tenant.clock.iso(),
    method: request.method,
    path: request.path,
    query: request.query,
    status: response.kind === 'reply' ? response.status : 0,
    ...(request.body !== undefined ? { requestBody: journalBody(request.body) } : {}),
    ...(response.kind === 'reply' && response.body !== undefined ? { responseBody: response.body } : {}),
    ...(route.deprecated ? { deprecated: true } : {}),
    ...(fault ? { fault: fault.id } : {}),
  })
}

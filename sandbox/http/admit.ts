import { FrameName, type RequestKey } from '#contract/index.ts'
import type { FaultOutcome } from '#kernel/fault-registry.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantRegistry } from '#kernel/tenant-registry.ts'
import { frameEmbedding } from '#frames/server/embedding-tenant.ts'
import { singleValues } from '#frames/server/frame-page.ts'
import { readFrameTicket } from '#frames/server/frame-ticket.ts'
import { authenticate, requireLiveSession } from './authenticate.ts'
import { andThen, type MaybePromise } from './maybe-promise.ts'
import { parseJsonBody } from './parse-input.ts'
import type { PlainReply, PlainRequest } from './plain-http.ts'
import { requireJsonContentType } from './require-json-content-type.ts'
import type { FramePageRoute, FrameRouteHost, FrameTicketRoute, Route, TenantRoute } from './route.ts'

/** What of the core the authenticate step uses: the route host's and the frames side's, and the registry that checks keys. */
type AdmitHost = FrameRouteHost & { readonly tenants: TenantRegistry }

/**
 * A request its route's authentication let in (or refused): who it is for, and its handler, ready to run with the
 * context that authentication built. The rest of the pipeline (faults, journal, CORS) reads only this.
 */
export interface Admitted {
  /** The tenant the call is for: its faults apply and its journal keeps the call. None for a public route or a refusal. */
  tenant?: Tenant
  /** How it authenticated, for fault matchers and the journal. */
  key?: RequestKey
  /** The session of its access token or frame ticket, for the journal. */
  session?: string
  /** The frame a frames origin's call is for (journaled with a fault that touched it). */
  frame?: FrameName
  /** The body as the journal keeps it, when not as sent (a frame ticket left out). */
  journaledBody?: string
  /** The route's own answer to an injected error status (a frame page's), when it has one. */
  faultPage?(fault: FaultOutcome & { status: number }): PlainReply
  /** Runs the route's handler (for an access token, after its session is checked live). */
  run(): MaybePromise<PlainReply>
}

/** Runs a handler; a route that takes a JSON body reads it only when the request says it is JSON (415 otherwise). */
function runRoute<Context extends { request: PlainRequest }>(
  route: { body?: unknown; handle(context: Context): MaybePromise<PlainReply> },
  context: Context,
): MaybePromise<PlainReply> {
  if (route.body) requireJsonContentType(context.request)
  return route.handle(context)
}

function admitTenantRoute(
  route: TenantRoute,
  request: PlainRequest,
  params: Record<string, string>,
  core: AdmitHost,
): Admitted {
  const authenticated = authenticate(route, request, core.tenants)
  // Object.assign, not a spread: the same context, for a fraction of the cost (V8 copies a spread property by property).
  const context = Object.assign({ request, params, core }, authenticated)
  const { tenant, claims } = authenticated
  return {
    tenant,
    key: claims ? 'accessToken' : authenticated.key?.kind,
    session: claims?.session,
    // A method, not an arrow property: where tsx keeps names, an arrow costs a defineProperty on every request.
    run() {
      return claims
        ? andThen(requireLiveSession(route, tenant, claims), () => runRoute(route, context))
        : runRoute(route, context)
    },
  }
}

/** A frame page: the frame its path names (else 404), and what its parameters authorize, resolved once. */
async function admitFramePage(
  route: FramePageRoute,
  request: PlainRequest,
  params: Record<string, string>,
  core: AdmitHost,
): Promise<Admitted> {
  const frame = FrameName.safeParse(params.frame)
  if (!frame.success)
    throw new SandboxError('not_found', `No frame ${params.frame}; frames live at /platform/v1/{frame}`)
  const embedding = await frameEmbedding(core, frame.data, singleValues(request.query))
  const context = { request, params, core, frame: frame.data, embedding }
  return {
    tenant: embedding.context?.tenant,
    frame: frame.data,
    faultPage: (fault) => route.faultPage(fault, context),
    run: () => route.handle(context),
  }
}

/** A page's call: its body parsed (400 naming the field), then its ticket read (401 unless this sandbox signed it). */
function admitTicketCall(
  route: FrameTicketRoute,
  request: PlainRequest,
  params: Record<string, string>,
  core: AdmitHost,
): Admitted {
  const body = parseJsonBody(route.body, request.body)
  const { tenant, ticket } = readFrameTicket(core, body.ticket)
  const journaledBody = route.journaledBody ? JSON.stringify(route.journaledBody(body)) : undefined
  return {
    tenant,
    session: ticket.session ?? undefined,
    frame: ticket.frame,
    journaledBody,
    run: () => route.handle({ request, params, core, tenant, ticket, body }),
  }
}

/**
 * The authenticate step of the one pipeline, for both origins: a key or an access token (API routes), a frame page's
 * token or key, a page call's signed frame ticket, or nothing (public routes). Throws the refusal (401, or 400 for a
 * body that does not parse) for the error mapper.
 *
 * @example
 * const admitted = await admit(route, request, params, core)
 * admitted.tenant // the tenant the call is for
 */
export function admit(
  route: Route,
  request: PlainRequest,
  params: Record<string, string>,
  core: AdmitHost,
): MaybePromise<Admitted> {
  switch (route.auth) {
    case 'none':
      return { run: () => runRoute(route, { request, params, core }) }
    case 'frame-page':
      return admitFramePage(route, request, params, core)
    case 'frame-ticket':
      return admitTicketCall(route, request, params, core)
    default:
      return admitTenantRoute(route, request, params, core)
  }
}

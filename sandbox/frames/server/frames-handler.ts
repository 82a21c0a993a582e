import { z } from 'zod'
import { ChannelId, EFFECT_NAMES, FrameInbound, FrameName, FrameOutbound, FrameParams, jsonAtMost, MAX_FRAME_MESSAGE_CHARS } from '../../contract/index.ts'
import { describeIssue } from '../../kernel/describe-issue.ts'
import { parseField, parseJsonBody } from '../../http/parse-input.ts'
import type { FaultOutcome } from '../../kernel/fault-registry.ts'
import { faultReply } from '../../http/fault-reply.ts'
import { matchableRequest } from '../../http/matchable-request.ts'
import { reply, type PlainReply, type PlainRequest, type PlainResponse } from '../../http/plain-http.ts'
import { toWireError } from '../../http/to-wire-error.ts'
import type { SandboxCore } from '../../http/sandbox-core.ts'
import { SandboxError } from '../../kernel/sandbox-error.ts'
import { effectHandlers, runEffect } from '../effects/index.ts'
import { frameExpired, resolveFrameContext } from '../effects/frame-context.ts'
import { FrameError } from '../effects/frame-error.ts'
import { actionMessage, journalFrameMessage } from './frame-journal.ts'
import type { FramePageConfig } from '../../portable/frames/frame-page-config.ts'
import { framePageHtml } from './frame-page-html.ts'
import { droppedSampler, journalsDrop } from './dropped-sampler.ts'
import { frameEmbedding } from './embedding-tenant.ts'
import { frameAssets } from './frame-assets.ts'
import { bundleReply } from '../../bundles/bundle-reply.ts'
import { frameAncestors } from './frame-origins.ts'
import { issueFrameTicket, readFrameTicket } from './frame-ticket.ts'
import { searchOf, widgetSignatureRefusal } from './widget-signature-check.ts'
import { parseReportingInput } from '../../kernel/parse-reporting-input.ts'

const HTML = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }

function single(query: PlainRequest['query']): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([name, value]) => [name, Array.isArray(value) ? value[0]! : value]))
}

function appearanceOf(params: Record<string, unknown>): FramePageConfig['appearance'] {
  const custom = (params.customTheme ?? {}) as { borderRadius?: number; colorScheme?: 'dark' | 'light'; palette?: Record<string, string> }
  return {
    theme: custom.colorScheme ?? (params.theme as 'dark' | 'light' | undefined),
    brandColor: params.brandColor as string | undefined,
    borderRadius: custom.borderRadius,
    palette: custom.palette,
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** A frame page hit by an injected status fault: that status and a page with no frame script, so the frame never shakes hands. */
function faultPage(fault: FaultOutcome & { status: number }, path: string, csp: string): PlainReply {
  const text = `Injected fault ${fault.id}: ${fault.method} ${fault.path} answers ${fault.status} (POST /__sandbox/faults); ${path} did not load.`
  return reply(fault.status, `<!doctype html><html><head><meta charset="utf-8"><title>${fault.status}</title></head><body><p>${text}</p></body></html>`, { ...HTML, 'content-security-policy': csp })
}

async function framePage(core: SandboxCore, frame: FrameName, request: PlainRequest): Promise<PlainResponse> {
  const raw = single(request.query)
  const channelId = ChannelId.safeParse(raw.channelId).success ? raw.channelId! : null
  const { context, refusal, allowedOrigins: allowed } = await frameEmbedding(core, frame, raw)
  // The tenant's injected faults apply to its frame pages as to its API calls (a partner tests a frame that fails to load).
  const fault = context && context.tenant.faults.size > 0 ? context.tenant.faults.take(matchableRequest(request, undefined), context.tenant.clock.now()) : undefined
  if (fault) {
    context!.tenant.record('frame:faulted', { fault: fault.id, frame, path: request.path })
    if (fault.latencyMs) await sleep(fault.latencyMs)
    if (fault.networkError) return { kind: 'network-error' }
    if (fault.status !== undefined && fault.responseBody === undefined && fault.status >= 400) return faultPage({ ...fault, status: fault.status }, request.path, frameAncestors(allowed))
    if (fault.status !== undefined) return faultReply('meta', { ...fault, status: fault.status })
  }
  const base: FramePageConfig = { frame, channelId, params: {}, ticket: null, tenant: null, allowedOrigins: allowed, appearance: {} }
  const repeated = Object.entries(request.query).filter(([, value]) => Array.isArray(value)).map(([name]) => name)
  const parsed = parseReportingInput(FrameParams[frame], raw)
  let config: FramePageConfig
  if (repeated.length > 0 || !parsed.success) {
    const fields = repeated.length > 0 ? repeated.map((name) => ({ field: name, message: `${name} must be given once` })) : parsed.error!.issues.map((issue) => describeIssue(issue, 'query'))
    config = { ...base, error: { code: 'invalid_parameters', message: fields.map((f) => f.message).join('; '), fields } }
  } else if (!context) {
    config = { ...base, error: { code: 'invalid_token', message: refusal! } }
  } else {
    const params = parsed.data as Record<string, unknown>
    const unsigned = widgetSignatureRefusal(context.tenant, frame, params, request.search ?? searchOf(raw))
    if (unsigned) {
      config = { ...base, error: unsigned }
    } else {
      const ticket = issueFrameTicket({ ...context, params })
      config = { ...base, params, appearance: appearanceOf(params), ticket, tenant: context.tenant.id }
    }
  }
  const csp = `${frameAncestors(allowed)}; default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:`
  return reply(200, framePageHtml(config, `${frame} · ramp-sandbox`), { ...HTML, 'content-security-policy': csp })
}

/**
 * The effect types a page may ask for, the contract's `EffectName`s: a type no frame runs is the request's fault (400), like any
 * unknown name. Checked against the handlers' `Map` (own entries only: never `constructor` or `__proto__`); the effect's fields
 * are parsed by its name's contract schema when it runs (`runEffect`), answering `invalid_request` in the result as in process.
 */
const EffectType = z.string().refine((type) => effectHandlers.has(type), `must be one of ${EFFECT_NAMES.join(', ')}`)

/** What a frame page posts to run an effect: its ticket and the effect (its `type` picks the handler, which checks the rest). */
const EffectRequest = z.object({
  ticket: z.string().max(8192),
  effect: z.looseObject({ type: EffectType }),
})

/** What a frame page posts to journal a message: its ticket, which way the message went, and the message. */
const JournalRequest = z.object({
  ticket: z.string().max(8192),
  direction: z.enum(['out', 'in', 'dropped', 'action']),
  message: z.unknown().refine(...jsonAtMost('message', MAX_FRAME_MESSAGE_CHARS)),
})

async function effect(core: SandboxCore, body: string | undefined): Promise<PlainReply> {
  const input = parseJsonBody(EffectRequest, body)
  const { ticket } = readFrameTicket(core, input.ticket)
  try {
    const context = await resolveFrameContext(core, ticket.frame, ticket.params)
    // The ticket ends the frame's authorization: re-resolving an apiKey-only frame would otherwise give it a new hour.
    return reply(200, await runEffect({ ...context, expiresAt: Math.min(context.expiresAt, ticket.exp) }, input.effect))
  } catch (error) {
    if (error instanceof SandboxError || error instanceof FrameError) {
      const code = error instanceof SandboxError && error.code === 'unauthorized' ? 'invalid_token' : error.code
      return reply(200, { effect: input.effect.type, ok: false, error: { code, message: error.message } })
    }
    throw error
  }
}

/** A customer action the page reports: its type (the form's `data-action`) and the fields the customer filled in. */
const CustomerAction = z.object({ type: z.string().regex(/^[A-Za-z]{1,64}$/) }).catchall(z.union([z.string().max(512), z.number(), z.boolean(), z.null()]))

/** Why the page dropped a message, as it reports it (`page/frame-app.ts`). */
const DroppedMessage = z.object({ origin: z.string().max(512), reason: z.string().max(512) })

function journal(core: SandboxCore, body: string | undefined, countDrop: ReturnType<typeof droppedSampler>): PlainReply {
  const input = parseJsonBody(JournalRequest, body)
  const { tenant, ticket } = readFrameTicket(core, input.ticket)
  if (ticket.exp <= tenant.clock.now()) throw new SandboxError('unauthorized', frameExpired(ticket.frame, ticket.exp))
  const { direction } = input
  const channelId = String(ticket.params.channelId)
  let dropped: { origin: string; reason: string; count: number } | undefined
  if (direction === 'dropped') {
    dropped = { ...parseField(DroppedMessage, input.message, 'message'), count: countDrop(tenant, channelId) }
    // A flood of foreign messages leaves a sample and a running count, never the partner's own entries pushed out.
    if (!journalsDrop(dropped.count)) return reply(204)
  }
  const message =
    dropped ? { kind: 'dropped', payload: dropped }
    : direction === 'action' ? actionMessage(parseField(CustomerAction, input.message, 'message'))
    : parseField(direction === 'out' ? FrameOutbound : FrameInbound, input.message, 'message')
  const session = ticket.session === null ? undefined : { id: ticket.session }
  journalFrameMessage({ tenant, frame: ticket.frame, channelId, session, params: ticket.params }, direction, message)
  return reply(204)
}

/**
 * A body the page sent that does not parse is the request's fault: the parse helpers (`parseJsonBody`, `parseField`) throw
 * that `SandboxError` themselves, and a raw `SyntaxError` or zod error, should one escape elsewhere, becomes one too.
 * Anything else goes to the error mapper as it is (an unexpected error: a logged 500).
 */
function asRequestError(error: unknown): unknown {
  if (error instanceof SyntaxError || (error instanceof Error && error.name === 'ZodError')) return new SandboxError('invalid_request', 'body must be the JSON the frame page sends')
  return error
}

/**
 * Answers requests on the frames origin: frame pages at `/platform/v1/{frame}`
 * (`/v2/{frame}` → 308), their script and style, and the endpoints a page uses
 * to run effects and journal messages (authorized by its signed frame ticket).
 * A frame page loaded with a token or key of a tenant takes that tenant's
 * injected faults (`POST /__sandbox/faults` matching `GET /platform/v1/{frame}`).
 * Errors answer through the one error mapper in the platform shape `{code, message}`; an unexpected
 * one is a 500 whose stack goes to the core's logger.
 *
 * @example
 * const handleFrames = createFramesHandler(core)
 * await handleFrames({ method: 'GET', path: '/platform/v1/reset', query: { channelId: 'ch_000001', apiKey: 'pk_test_x' }, headers: {} })
 */
export function createFramesHandler(core: SandboxCore): (request: PlainRequest) => Promise<PlainResponse> {
  const assets = frameAssets()
  const countDrop = droppedSampler()
  return async (request) => {
    try {
      const legacy = /^\/v2\/([a-z-]+)\/?$/.exec(request.path)
      if (legacy && request.method === 'GET') {
        const search = new URLSearchParams(single(request.query)).toString()
        return reply(308, undefined, { location: `/platform/v1/${legacy[1]}${search ? `?${search}` : ''}` })
      }
      const page = /^\/platform\/v1\/([a-z-]+)\/?$/.exec(request.path)
      const frame = page ? FrameName.safeParse(page[1]) : undefined
      if (frame?.success && request.method === 'GET') return await framePage(core, frame.data, request)
      if (request.method === 'GET' && request.path === '/__frames/app.js') return bundleReply(request, await assets.script())
      if (request.method === 'GET' && request.path === '/__frames/frame.css') return reply(200, assets.style, { 'content-type': 'text/css; charset=utf-8' })
      if (request.method === 'POST' && request.path === '/__frames/effect') return await effect(core, request.body)
      if (request.method === 'POST' && request.path === '/__frames/event') return journal(core, request.body, countDrop)
      return reply(404, '<!doctype html><title>Not found</title><p>No frame here. Frames live at /platform/v1/{frame}.</p>', HTML)
    } catch (error) {
      return toWireError('platform', asRequestError(error), core.options.logger)
    }
  }
}

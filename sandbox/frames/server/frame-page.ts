import { ChannelId, FrameParams, type FrameName } from '#contract/index.ts'
import { describeIssue } from '#kernel/describe-issue.ts'
import type { FaultOutcome } from '#kernel/fault-registry.ts'
import { parseReportingInput } from '#kernel/parse-reporting-input.ts'
import type { PlainQuery, PlainReply } from '#kernel/plain-message.ts'
import type { FramePageConfig } from '#portable/frames/frame-page-config.ts'
import type { FrameEmbedding } from './embedding-tenant.ts'
import { frameAncestors } from './frame-origins.ts'
import { framePageHtml } from './frame-page-html.ts'
import { issueFrameTicket } from './frame-ticket.ts'
import { searchOf, widgetSignatureRefusal } from './widget-signature-check.ts'

const HTML = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }

/**
 * A query with each name's first value: what a frame's parameters are read from (a repeated one is refused by
 * {@link framePageReply}, which sees the whole query).
 *
 * @example
 * singleValues({ a: ['1', '2'], b: '3' }) // { a: '1', b: '3' }
 */
export function singleValues(query: PlainQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, Array.isArray(value) ? value[0]! : value]),
  )
}

function appearanceOf(params: Record<string, unknown>): FramePageConfig['appearance'] {
  const custom = (params.customTheme ?? {}) as {
    borderRadius?: number
    colorScheme?: 'dark' | 'light'
    palette?: Record<string, string>
  }
  return {
    theme: custom.colorScheme ?? (params.theme as 'dark' | 'light' | undefined),
    brandColor: params.brandColor as string | undefined,
    borderRadius: custom.borderRadius,
    palette: custom.palette,
  }
}

/**
 * A frame page hit by an injected status fault: that status and a page with no frame script, so the frame never shakes
 * hands (the frames origin's own fault answer; the pipeline's fault step asks for it).
 *
 * @example
 * framePageFault({ id: 'fault_1', method: 'GET', path: '/platform/v1/buy', status: 503 }, '/platform/v1/buy', embedding)
 */
export function framePageFault(
  fault: FaultOutcome & { status: number },
  path: string,
  embedding: FrameEmbedding,
): PlainReply {
  const text = `Injected fault ${fault.id}: ${fault.method} ${fault.path} answers ${fault.status} (POST /__sandbox/faults); ${path} did not load.`
  const body = `<!doctype html><html><head><meta charset="utf-8"><title>${fault.status}</title></head><body><p>${text}</p></body></html>`
  return {
    kind: 'reply',
    status: fault.status,
    body,
    headers: { ...HTML, 'content-security-policy': frameAncestors(embedding.allowedOrigins) },
  }
}

/** The request of a frame page as its route has it: the whole query (repeats included), and the query string as sent. */
interface FramePageRequest {
  query: PlainQuery
  search?: string
}

/**
 * A frame page: its config (ticket, parameters, appearance) or the error the page will post (bad parameters, a token
 * that authorizes nothing, a widget URL's missing or wrong signature), under a CSP that lets only the embedding
 * tenant's allowed origins and the sandbox's own embed it.
 *
 * @example
 * framePageReply('reset', { query: { channelId: 'ch_1', apiKey: 'pk_test_x' } }, await frameEmbedding(core, 'reset', raw))
 */
export function framePageReply(frame: FrameName, request: FramePageRequest, embedding: FrameEmbedding): PlainReply {
  const raw = singleValues(request.query)
  const { context, refusal, allowedOrigins } = embedding
  const channelId = ChannelId.safeParse(raw.channelId).success ? raw.channelId! : null
  const base: FramePageConfig = {
    frame,
    channelId,
    params: {},
    ticket: null,
    tenant: null,
    allowedOrigins,
    appearance: {},
  }
  const repeated = Object.entries(request.query)
    .filter(([, value]) => Array.isArray(value))
    .map(([name]) => name)
  const parsed = parseReportingInput(FrameParams[frame], raw)
  let config: FramePageConfig
  if (repeated.length > 0 || !parsed.success) {
    const fields =
      repeated.length > 0
        ? repeated.map((name) => ({ field: name, message: `${name} must be given once` }))
        : parsed.error!.issues.map((issue) => describeIssue(issue, 'query'))
    config = {
      ...base,
      error: { code: 'invalid_parameters', message: fields.map((f) => f.message).join('; '), fields },
    }
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
  const csp = `${frameAncestors(allowedOrigins)}; default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:`
  return {
    kind: 'reply',
    status: 200,
    body: framePageHtml(config, `${frame} · ramp-sandbox`),
    headers: { ...HTML, 'content-security-policy': csp },
  }
}

import { z } from 'zod'
import { FrameName } from '#contract/index.ts'
import { base64UrlToText, textToBase64Url } from '#portable/base64url.ts'
import { boundedCache } from '#portable/bounded-cache.ts'
import { deepFreeze } from '#portable/deep-freeze.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { TOKEN_TTL_MS } from '#domain/tokens.ts'
import type { FrameContext, FramesHost } from '../effects/frame-context.ts'

/**
 * What a frame page may ask the frames server for: its tenant, frame, parsed
 * params, the session it opened under, and until when (`exp`, epoch ms on the
 * tenant clock: the frame context's `expiresAt`).
 */
const FrameTicketSchema = z.strictObject({
  tenant: z.string(),
  frame: FrameName,
  params: z.record(z.string(), z.unknown()),
  session: z.string().nullable(),
  iat: z.number().int(),
  exp: z.number().int(),
})
export type FrameTicket = z.infer<typeof FrameTicketSchema>

/** The longest a ticket may claim from issue to expiry: a session's life, the longest anything a frame opens with lives. */
const FRAME_TICKET_MAX_MS = TOKEN_TTL_MS.session

/** What a ticket's signature covers: its body, under the tenant's incarnation (a reset or restart voids it). */
function signedPart(tenant: Tenant, body: string): string {
  return `frame:${tenant.incarnation}:${body}`
}

/**
 * Signs a ticket for a frame page opened with `context`; the page sends it with
 * every effect and journal call. It expires with the frame's authorization.
 *
 * @example
 * issueFrameTicket(context) // '<base64url JSON>.<signature>'
 */
export function issueFrameTicket(context: FrameContext): string {
  const { tenant, frame, params, session } = context
  const ticket: FrameTicket = {
    tenant: tenant.id,
    frame,
    params,
    session: session?.id ?? null,
    iat: tenant.clock.now(),
    exp: context.expiresAt,
  }
  const body = textToBase64Url(JSON.stringify(ticket))
  return `${body}.${tenant.sign(signedPart(tenant, body))}`
}

function readTicket(body: string): FrameTicket | undefined {
  const json = base64UrlToText(body)
  if (json === undefined) return undefined
  try {
    const parsed = FrameTicketSchema.safeParse(JSON.parse(json))
    return parsed.success ? deepFreeze(parsed.data) : undefined
  } catch {
    return undefined
  }
}

/** A ticket's claims, a pure function of its text: the last tickets read are remembered (a frame sends its own with every call), frozen. */
const parseTicket = boundedCache(1024, readTicket)

/**
 * The tenant and ticket of a ticket this sandbox signed: 401 when it is not one
 * (malformed, tampered, another process's) or claims a longer life than any
 * frame has. Expiry is the caller's to check (an effect answers it as the
 * frame's `invalid_token`; a journal call with a 401).
 */
export function readFrameTicket(core: FramesHost, text: unknown): { tenant: Tenant; ticket: FrameTicket } {
  const [body, signature, extra] = typeof text === 'string' ? text.split('.') : []
  const ticket = extra === undefined && body !== undefined ? parseTicket(body) : undefined
  const tenant = ticket ? core.tenants.byId(ticket.tenant) : undefined
  if (!ticket || !tenant?.verify(signedPart(tenant, body!), signature)) {
    throw new SandboxError(
      'unauthorized',
      'ticket is not a frame ticket of this sandbox (tampered with, or from before the account was reset or the sandbox restarted without --state-file): reload the frame',
    )
  }
  if (ticket.exp - ticket.iat > FRAME_TICKET_MAX_MS)
    throw new SandboxError('unauthorized', 'ticket claims a longer life than a frame has (at most 24 h)')
  return { tenant, ticket }
}

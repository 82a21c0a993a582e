import type { FrameName } from '../../contract/index.ts'
import type { SandboxCore } from '../../core/sandbox-core.ts'
import { base64UrlToText, textToBase64Url } from '../../core/base64url.ts'
import { SandboxError } from '../../core/sandbox-error.ts'
import type { Tenant } from '../../core/tenant.ts'

/** What a frame page may ask the frames server for: its tenant, frame, parsed params, and the session it opened under. */
export interface FrameTicket {
  tenant: string
  frame: FrameName
  params: Record<string, unknown>
  session: string | null
}

/** Signs a ticket with the tenant's key; the page sends it with every effect and journal call. */
export function issueFrameTicket(tenant: Tenant, ticket: Omit<FrameTicket, 'tenant'>): string {
  const body = textToBase64Url(JSON.stringify({ ...ticket, tenant: tenant.id }))
  return `${body}.${tenant.sign(`frame:${body}`)}`
}

/** The tenant and ticket of a signed ticket; 401 when it is not one this sandbox signed. */
export function readFrameTicket(core: SandboxCore, text: unknown): { tenant: Tenant; ticket: FrameTicket } {
  const [body, signature] = typeof text === 'string' ? text.split('.') : []
  let ticket: FrameTicket | undefined
  try {
    const json = body === undefined ? undefined : base64UrlToText(body)
    ticket = json === undefined ? undefined : (JSON.parse(json) as FrameTicket)
  } catch {
    ticket = undefined
  }
  const tenant = ticket ? core.tenants.byId(ticket.tenant) : undefined
  if (!ticket || !tenant || signature !== tenant.sign(`frame:${body}`)) throw new SandboxError('unauthorized', 'ticket is not a frame ticket of this sandbox')
  return { tenant, ticket }
}

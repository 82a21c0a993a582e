import type { FrameName, SessionRecord } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantRegistry } from '#kernel/tenant-registry.ts'
import { liveSessionOf } from '#domain/sessions.ts'
import type { TokenClaims } from '#portable/peek-token.ts'
import { tenantOfToken, verifyToken } from '#domain/tokens.ts'

/**
 * What of the sandbox the frames origin's server side uses: its tenants, and the origins it serves (a frame page's CSP,
 * a challenge's URL). The core implements it; the frames side never imports the HTTP layer that builds the core.
 */
export interface FramesHost {
  readonly tenants: TenantRegistry
  readonly options: { readonly origins?: { readonly api: string; readonly frames: string } }
}

/** Who a frame acts for: its tenant, and the session and customer its token names. */
export interface FrameContext {
  core: FramesHost
  tenant: Tenant
  frame: FrameName
  channelId: string
  /** Parsed parameters of the frame. */
  params: Record<string, unknown>
  /** Claims of the `clientToken` or `sessionToken` the frame was given, when any. */
  claims?: TokenClaims
  session?: SessionRecord
  /**
   * When the frame's authorization ends, epoch ms on the tenant clock: its token's
   * expiry, or its session's if sooner; an apiKey-only frame's `KEY_ONLY_FRAME_TTL_MS`
   * after it opened. Effects after it fail with `invalid_token` (docs/decisions/0043).
   */
  expiresAt: number
}

/** How long a frame opened with an apiKey only (no token, so no session to expire with) stays authorized: 1 h of tenant time, as a client token. */
const KEY_ONLY_FRAME_TTL_MS = 3_600_000

/**
 * What a frame is told when it acts after its authorization ended (`expiresAt`).
 *
 * @example
 * frameExpired('widget', Date.parse('2026-01-01T01:00:00Z')) // "the widget frame's authorization expired at 2026-01-01T01:00:00.000Z (…): open it again"
 */
export function frameExpired(frame: FrameName, expiresAt: number): string {
  return `the ${frame} frame's authorization expired at ${new Date(expiresAt).toISOString()} (with its token or session; a frame opened with an apiKey only lasts 1 h): open it again`
}

/** The frame parameters that carry a token, in the order they authorize a frame, with the token kind each must be. */
export const FRAME_TOKEN_PARAMETERS = [
  ['sessionToken', 'session'],
  ['clientToken', 'client'],
  ['challengeToken', 'challenge'],
] as const

/**
 * Resolves a frame's context from its parameters: `sessionToken` (check,
 * connect), `clientToken` (customer frames), or `apiKey` (tenant only).
 * A token that is not valid, expired or revoked, or whose session is unknown,
 * revoked or expired, is a 401 `SandboxError`.
 */
export async function resolveFrameContext(
  core: FramesHost,
  frame: FrameName,
  params: Record<string, unknown>,
): Promise<FrameContext> {
  const channelId = String(params.channelId)
  for (const [field, kind] of FRAME_TOKEN_PARAMETERS) {
    const token = params[field]
    if (typeof token !== 'string') continue
    const tenant = tenantOfToken(core.tenants, token, field)
    const claims = verifyToken(tenant, token, kind, field)
    if (
      typeof params.apiKey === 'string' &&
      core.tenants.authenticate(params.apiKey, 'publishable', 'apiKey').tenant !== tenant
    ) {
      throw new SandboxError('unauthorized', `${field} was not issued to this account (the apiKey's)`)
    }
    const session = liveSessionOf(tenant, await tenant.store(), claims, field)
    return {
      core,
      tenant,
      frame,
      channelId,
      params,
      claims,
      session,
      expiresAt: Math.min(claims.exp, Date.parse(session.expiresAt)),
    }
  }
  if (typeof params.apiKey === 'string') {
    const { tenant } = core.tenants.authenticate(params.apiKey, 'publishable', 'apiKey')
    return { core, tenant, frame, channelId, params, expiresAt: tenant.clock.now() + KEY_ONLY_FRAME_TTL_MS }
  }
  throw new SandboxError(
    'unauthorized',
    `the ${frame} frame needs a clientToken${frame === 'check' || frame === 'connect' ? ' or sessionToken' : ''} or an apiKey`,
  )
}

/**
 * The context of a frame its signed ticket names: the tenant is the ticket's (resolved once, by the frames origin's
 * authenticate step, never again from the token), the token's claims and session checked live against it, and the
 * authorization ending with the ticket's at the latest (re-resolving an apiKey-only frame must not give it a new hour).
 * A token that no longer holds (expired, session revoked) is a 401 `SandboxError`, as in {@link resolveFrameContext}.
 *
 * @example
 * const context = await ticketFrameContext(core, tenant, ticket) // ticket from readFrameTicket
 */
export async function ticketFrameContext(
  core: FramesHost,
  tenant: Tenant,
  ticket: { frame: FrameName; params: Record<string, unknown>; exp: number },
): Promise<FrameContext> {
  const { frame, params } = ticket
  const channelId = String(params.channelId)
  for (const [field, kind] of FRAME_TOKEN_PARAMETERS) {
    const token = params[field]
    if (typeof token !== 'string') continue
    const claims = verifyToken(tenant, token, kind, field)
    const session = liveSessionOf(tenant, await tenant.store(), claims, field)
    return {
      core,
      tenant,
      frame,
      channelId,
      params,
      claims,
      session,
      expiresAt: Math.min(claims.exp, Date.parse(session.expiresAt), ticket.exp),
    }
  }
  return { core, tenant, frame, channelId, params, expiresAt: ticket.exp }
}

import type { FrameName, SessionRecord } from '../contract/index.ts'
import type { SandboxCore } from '../core/sandbox-core.ts'
import { SandboxError } from '../core/sandbox-error.ts'
import type { Tenant } from '../core/tenant.ts'
import { peekToken, verifyToken, type TokenClaims } from '../domain/tokens.ts'

/** Who a frame acts for: its tenant, and the session and customer its token names. */
export interface FrameContext {
  core: SandboxCore
  tenant: Tenant
  frame: FrameName
  channelId: string
  /** Parsed parameters of the frame. */
  params: Record<string, unknown>
  /** Claims of the `clientToken` or `sessionToken` the frame was given, when any. */
  claims?: TokenClaims
  session?: SessionRecord
}

/**
 * Resolves a frame's context from its parameters: `sessionToken` (check,
 * connect), `clientToken` (customer frames), or `apiKey` (tenant only).
 * A token that is not valid, expired or revoked is a 401 `SandboxError`.
 */
export async function resolveFrameContext(core: SandboxCore, frame: FrameName, params: Record<string, unknown>): Promise<FrameContext> {
  const channelId = String(params.channelId)
  for (const [field, kind] of [['sessionToken', 'session'], ['clientToken', 'client'], ['challengeToken', 'challenge']] as const) {
    const token = params[field]
    if (typeof token !== 'string') continue
    const tenant = core.tenants.byId(peekToken(token)?.tenant ?? '')
    if (!tenant) throw new SandboxError('unauthorized', `${field} is not a token of this sandbox`)
    const claims = verifyToken(tenant, token, kind, field)
    if (typeof params.apiKey === 'string' && core.tenants.authenticate(params.apiKey, 'publishable', 'apiKey').tenant !== tenant) {
      throw new SandboxError('unauthorized', `${field} was not issued to this account (the apiKey's)`)
    }
    const session = (await tenant.store()).sessions.get(claims.session)
    if (!session || session.revokedAt !== null) throw new SandboxError('unauthorized', `${field} belongs to a session that was revoked`)
    return { core, tenant, frame, channelId, params, claims, session }
  }
  if (typeof params.apiKey === 'string') {
    const { tenant } = core.tenants.authenticate(params.apiKey, 'publishable', 'apiKey')
    return { core, tenant, frame, channelId, params }
  }
  throw new SandboxError('unauthorized', `the ${frame} frame needs a clientToken${frame === 'check' || frame === 'connect' ? ' or sessionToken' : ''} or an apiKey`)
}

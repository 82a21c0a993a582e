import type { FrameName } from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { peekToken } from '#portable/peek-token.ts'
import { issuedBy } from '#domain/tokens.ts'
import {
  FRAME_TOKEN_PARAMETERS,
  resolveFrameContext,
  type FrameContext,
  type FramesHost,
} from '../effects/frame-context.ts'
import { sandboxOrigins } from './frame-origins.ts'

/**
 * The tenant whose allowed origins may embed a frame that cannot start because
 * of its token (bad, expired or revoked), so the page loads on the partner's
 * page and reports `error` `invalid_token` instead of being blocked in silence:
 *
 * - a valid publishable `apiKey` names its tenant (the spec: the key authorizes the embedding domain);
 * - else a token the tenant signed names it, even when it has expired or its session was revoked
 *   (the signature proves who issued it; only a tampered or foreign token names nobody).
 *
 * Undefined when neither holds: only the sandbox's own origins may embed the page.
 *
 * @example
 * embeddingTenant(core, { apiKey: 'pk_test_x', clientToken: 'ct_tampered' }) // the tenant x:test
 */
function embeddingTenant(core: FramesHost, params: Record<string, unknown>): Tenant | undefined {
  if (typeof params.apiKey === 'string') {
    try {
      return core.tenants.authenticate(params.apiKey, 'publishable', 'apiKey').tenant
    } catch {
      // A malformed or secret key authorizes nothing; a signed token may still name the tenant.
    }
  }
  for (const [field] of FRAME_TOKEN_PARAMETERS) {
    const token = params[field]
    if (typeof token !== 'string') continue
    const tenant = core.tenants.byId(peekToken(token)?.tenant ?? '')
    if (tenant && issuedBy(tenant, token)) return tenant
  }
  return undefined
}

/** Who a frame acts for (when its parameters authorize it) and which origins may embed it. */
export interface FrameEmbedding {
  context?: FrameContext
  /** Why the parameters authorize no context (a bad, expired or revoked token, no token or key), when they do not. */
  refusal?: string
  /** The `frame-ancestors` origins: the tenant's allowed origins (when a tenant is known) and the sandbox's own. */
  allowedOrigins: string[]
}

/**
 * Resolves a frame's context from its raw parameters and the origins that may
 * embed it: one decision for the frames origin's CSP and the in-process driver,
 * so both refuse the same host pages.
 *
 * @example
 * const { context, allowedOrigins } = await frameEmbedding(core, 'reset', { channelId: 'c', apiKey: 'pk_test_x' })
 */
export async function frameEmbedding(
  core: FramesHost,
  frame: FrameName,
  raw: Record<string, unknown>,
): Promise<FrameEmbedding> {
  let context: FrameContext | undefined
  let refusal: string | undefined
  try {
    context = await resolveFrameContext(core, frame, raw)
  } catch (error) {
    refusal = error instanceof Error ? error.message : 'the frame could not be authorized'
  }
  // A frame whose token fails still loads on its tenant's origins when a valid apiKey or a signed token names the
  // tenant, so the host hears `invalid_token` rather than nothing (docs/decisions/0020).
  const embedder = context?.tenant ?? embeddingTenant(core, raw)
  return {
    context,
    refusal,
    allowedOrigins: [...new Set([...(embedder?.settings.allowedOrigins ?? []), ...sandboxOrigins(core)])],
  }
}

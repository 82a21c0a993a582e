import type { SandboxCore } from '../../core/sandbox-core.ts'
import type { Tenant } from '../../core/tenant.ts'
import { issuedBy, peekToken } from '../../domain/tokens.ts'

const TOKEN_PARAMETERS = ['sessionToken', 'clientToken', 'challengeToken'] as const

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
export function embeddingTenant(core: SandboxCore, params: Record<string, unknown>): Tenant | undefined {
  if (typeof params.apiKey === 'string') {
    try {
      return core.tenants.authenticate(params.apiKey, 'publishable', 'apiKey').tenant
    } catch {
      // A malformed or secret key authorizes nothing; a signed token may still name the tenant.
    }
  }
  for (const field of TOKEN_PARAMETERS) {
    const token = params[field]
    if (typeof token !== 'string') continue
    const tenant = core.tenants.byId(peekToken(token)?.tenant ?? '')
    if (tenant && issuedBy(tenant, token)) return tenant
  }
  return undefined
}

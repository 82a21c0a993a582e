import { liveSessionOf } from '../../domain/sessions.ts'
import { verifyToken } from '../../domain/tokens.ts'
import { SandboxError } from '../../kernel/sandbox-error.ts'
import type { TenantStore } from '../../kernel/store/tenant-store.ts'
import type { Tenant } from '../../kernel/tenant.ts'
import { headerValue, type PlainRequest } from '../plain-http.ts'

const FIELD = 'Authorization Bearer token'

/**
 * The customer a Swaps call speaks for (decision 0068): the routes take the publishable key in `apiKey`, as the rest
 * of the widget API, and the customer's access token in `Authorization: Bearer …`, checked as Bearer routes check it
 * (the key's account signed it, its session is live) and naming a customer. `optional`: without the header, none.
 *
 * @example
 * const customerId = swapCustomer(tenant, store, request) // 'cus_…', or a 401 in the widget shape
 */
export function swapCustomer(tenant: Tenant, store: TenantStore, request: PlainRequest): string
export function swapCustomer(tenant: Tenant, store: TenantStore, request: PlainRequest, optional: true): string | null
export function swapCustomer(tenant: Tenant, store: TenantStore, request: PlainRequest, optional = false): string | null {
  const authorization = headerValue(request, 'authorization')
  if (authorization === undefined && optional) return null
  const match = authorization === undefined ? null : /^Bearer\s+(\S+)$/i.exec(authorization)
  if (!match) throw new SandboxError('unauthorized', `Authorization: Bearer <accessToken> is required: the customer's access token (the check or connect frame's credentials)`)
  const claims = verifyToken(tenant, match[1]!, 'access', FIELD)
  liveSessionOf(tenant, store, claims, FIELD)
  if (claims.customer === null) throw new SandboxError('forbidden', `${FIELD} names no customer: swaps need a connected customer's credentials`)
  return claims.customer
}

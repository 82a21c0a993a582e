import type { Connection, ConnectionStatus, Credentials, CustomerRecord, SessionRecord, TokenScope } from '../contract/index.ts'
import type { Tenant } from '../core/tenant.ts'
import type { TenantStore } from '../store/tenant-store.ts'
import { toCustomer } from './customer-view.ts'
import { isRestrictedCountry } from './geography.ts'
import { issueToken } from './tokens.ts'

/** Who a session resolves to, before credentials are issued. */
export interface ConnectionDecision {
  status: ConnectionStatus
  customer?: CustomerRecord
  mismatch?: true
}

function statusOf(tenant: Tenant, customer: CustomerRecord, session: SessionRecord): ConnectionStatus {
  if (isRestrictedCountry(customer.country)) return 'unavailable'
  if (customer.kycStatus === 'rejected') return 'failed'
  if (customer.kycStatus === 'pending') return 'pending'
  if (customer.guest) return tenant.settings.capabilities.guestCheckout ? 'active' : 'connectionRequired'
  if (customer.termsAcceptedAt === null && session.termsAcceptedAt === null) return 'termsAcceptanceRequired'
  if (customer.kycStatus === 'not_started') return 'connectionRequired'
  return 'active'
}

/**
 * Decides a session's connection from the session and the fixtures (DESIGN §5):
 * a returning `customerId`; else the customers the email and the phone resolve
 * to, with `mismatch: true` only when they are two different customers; else a
 * new customer (`connectionRequired`).
 *
 * @example
 * resolveConnection(tenant, store, session) // { status: 'termsAcceptanceRequired', customer }
 */
export function resolveConnection(tenant: Tenant, store: TenantStore, session: SessionRecord): ConnectionDecision {
  let customer = session.customerId === null ? undefined : store.customers.get(session.customerId)
  if (!customer && session.email !== null && session.phoneNumber !== null) {
    const byEmail = store.customerByEmail(session.email)
    const byPhone = store.customerByPhone(session.phoneNumber)
    if (byEmail && byPhone && byEmail.id !== byPhone.id) return { status: 'connectionRequired', mismatch: true }
    customer = byEmail ?? byPhone
  }
  if (!customer) return { status: 'connectionRequired' }
  return { status: statusOf(tenant, customer, session), customer }
}

/**
 * Access and client tokens for a session: `full` scope once authentication is
 * complete, `anonymous` before. Both expire together, 1 h of sandbox time.
 */
export function issueCredentials(tenant: Tenant, sessionId: string, customerId: string | null, scope: TokenScope): Credentials {
  const access = issueToken(tenant, { kind: 'access', session: sessionId, customer: customerId, scope })
  const client = issueToken(tenant, { kind: 'client', session: sessionId, customer: customerId, scope, exp: access.claims.exp })
  return { accessToken: access.token, clientToken: client.token, expiresAt: new Date(access.claims.exp).toISOString() }
}

/**
 * The connection the check frame reports for a session, with credentials. A
 * customer whose terms were outstanding accepts them through a session that
 * carries `termsAcceptedAt`.
 *
 * @example
 * const { status, credentials } = await decideConnection(tenant, store, session)
 */
export async function decideConnection(tenant: Tenant, store: TenantStore, session: SessionRecord): Promise<Connection> {
  const decision = resolveConnection(tenant, store, session)
  let customer = decision.customer
  if (customer && decision.status === 'active' && customer.termsAcceptedAt === null && session.termsAcceptedAt !== null) {
    const termsAcceptedAt = session.termsAcceptedAt
    customer = await store.customers.update(customer.id, (draft) => {
      draft.termsAcceptedAt = termsAcceptedAt
    })
    tenant.record('customer:accepted', { customerId: customer!.id, termsAcceptedAt })
  }
  const scope: TokenScope = decision.status === 'active' ? 'full' : 'anonymous'
  const view = customer ? toCustomer(tenant, customer) : undefined
  tenant.record('connection:decided', { sessionId: session.id, status: decision.status, customerId: customer?.id ?? null })
  return {
    status: decision.status,
    ...(view ? { customer: view, capabilities: view.capabilities } : {}),
    ...(decision.mismatch ? { mismatch: true } : {}),
    credentials: issueCredentials(tenant, session.id, customer?.id ?? null, scope),
  }
}

import type {
  Connection,
  ConnectionStatus,
  Credentials,
  CustomerRecord,
  SessionRecord,
  TokenScope,
} from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { toCustomer } from './customer-view.ts'
import { geographyOfPhone, isRestrictedCountry } from './geography.ts'
import { newId } from './new-id.ts'
import { issueToken } from './tokens.ts'

/** Who a session resolves to, before credentials are issued. */
interface ConnectionDecision {
  status: ConnectionStatus
  customer?: CustomerRecord
  mismatch?: true
}

/**
 * How the partner asks: `skipKyc` is `getConnection(sessionToken, {skipKyc: true})`, the Customer API
 * onboarding path (spec: "getConnection with skipKyc then setupAuth"; decision record 0022).
 */
interface ConnectionOptions {
  skipKyc?: boolean
}

/**
 * Whether the customer's terms stand in the way: accepted by neither the customer nor the session (its
 * `termsAcceptedAt`), and not a guest the partner serves as a guest. Only a new session carrying `termsAcceptedAt`
 * clears them (spec, Errors: "pass it as `termsAcceptedAt` when creating a new session, and relaunch the flow").
 */
function termsOutstanding(tenant: Tenant, customer: CustomerRecord, session: SessionRecord): boolean {
  if (customer.guest && tenant.settings.capabilities.guestCheckout) return false
  return customer.termsAcceptedAt === null && session.termsAcceptedAt === null
}

/** Records on the customer the terms acceptance its session carries, once (journal `customer:accepted`). */
async function acceptSessionTerms(
  tenant: Tenant,
  store: TenantStore,
  customer: CustomerRecord,
  session: SessionRecord,
): Promise<CustomerRecord> {
  const termsAcceptedAt = session.termsAcceptedAt
  if (customer.termsAcceptedAt !== null || termsAcceptedAt === null) return customer
  const accepted = await store.customers.update(customer.id, (draft) => {
    draft.termsAcceptedAt = termsAcceptedAt
  })
  tenant.record('customer:accepted', { customerId: customer.id, termsAcceptedAt })
  return accepted!
}

function statusOf(
  tenant: Tenant,
  customer: CustomerRecord,
  session: SessionRecord,
  { skipKyc = false }: ConnectionOptions,
): ConnectionStatus {
  if (isRestrictedCountry(customer.country)) return 'unavailable'
  if (customer.kycStatus === 'rejected') return 'failed'
  if (customer.kycStatus === 'pending') return 'pending'
  if (customer.guest && tenant.settings.capabilities.guestCheckout) return 'active'
  // A guest the partner cannot serve as a guest onboards like any customer whose KYC has not started.
  if (customer.guest && !skipKyc) return 'connectionRequired'
  if (termsOutstanding(tenant, customer, session)) return 'termsAcceptanceRequired'
  if (customer.kycStatus === 'not_started') return skipKyc ? 'authenticationRequired' : 'connectionRequired'
  return 'active'
}

/**
 * Decides a session's connection from the session and the fixtures (DESIGN §5):
 * a returning `customerId`; else the customers the email and the phone resolve
 * to, with `mismatch: true` only when they are two different customers; else a
 * new customer (`connectionRequired`). With `skipKyc`, KYC that has not started
 * is no obstacle: `authenticationRequired` instead of `connectionRequired`.
 *
 * @example
 * resolveConnection(tenant, store, session) // { status: 'termsAcceptanceRequired', customer }
 */
export function resolveConnection(
  tenant: Tenant,
  store: TenantStore,
  session: SessionRecord,
  options: ConnectionOptions = {},
): ConnectionDecision {
  let customer = session.customerId === null ? undefined : store.customers.get(session.customerId)
  if (!customer && session.email !== null && session.phoneNumber !== null) {
    const byEmail = store.customerByEmail(session.email)
    const byPhone = store.customerByPhone(session.phoneNumber)
    if (byEmail && byPhone && byEmail.id !== byPhone.id) return { status: 'connectionRequired', mismatch: true }
    customer = byEmail ?? byPhone
  }
  if (!customer) return { status: 'connectionRequired' }
  return { status: statusOf(tenant, customer, session, options), customer }
}

/**
 * The customer record of a new customer met through `getConnection` with
 * `skipKyc`: the session's email and phone, geography from the phone prefix,
 * KYC `not_started` with details, identity document and selfie outstanding, so
 * the partner can complete it through the Customer API under `customer.id`.
 */
async function addSessionCustomer(tenant: Tenant, store: TenantStore, session: SessionRecord): Promise<CustomerRecord> {
  const customer = await store.addCustomer({
    id: newId(tenant, store, 'cus'),
    email: session.email,
    phoneNumber: session.phoneNumber,
    firstName: '',
    lastName: '',
    dateOfBirth: null,
    ...geographyOfPhone(session.phoneNumber),
    kycStatus: 'not_started',
    requirements: ['details', 'identity_document', 'selfie'],
    termsAcceptedAt: null,
    guest: false,
    magic: null,
    createdAt: tenant.clock.iso(),
  })
  tenant.record('customer:created', { customerId: customer.id, via: 'skipKyc', country: customer.country })
  return customer
}

/**
 * Access and client tokens for a session: `full` scope once authentication is
 * complete, `anonymous` before. Both expire together, 1 h of sandbox time.
 */
function issueCredentials(
  tenant: Tenant,
  sessionId: string,
  customerId: string | null,
  scope: TokenScope,
): Credentials {
  const access = issueToken(tenant, { kind: 'access', session: sessionId, customer: customerId, scope })
  const client = issueToken(tenant, {
    kind: 'client',
    session: sessionId,
    customer: customerId,
    scope,
    exp: access.claims.exp,
  })
  return { accessToken: access.token, clientToken: client.token, expiresAt: new Date(access.claims.exp).toISOString() }
}

/**
 * The connection the check frame reports for a session, with credentials. A
 * customer whose terms were outstanding accepts them through a session that
 * carries `termsAcceptedAt`. With `skipKyc`, a new customer (the session's
 * email and phone known to nobody) gets a customer record first, so the
 * partner learns its `customer.id` for the Customer API; its credentials stay
 * anonymous until the auth frame authenticates it.
 *
 * @example
 * const { status, credentials } = await decideConnection(tenant, store, session)
 * await decideConnection(tenant, store, session, { skipKyc: true }) // { status: 'authenticationRequired', customer: { id: 'cus_…' }, … }
 */
export async function decideConnection(
  tenant: Tenant,
  store: TenantStore,
  session: SessionRecord,
  options: ConnectionOptions = {},
): Promise<Connection> {
  let decision = resolveConnection(tenant, store, session, options)
  if (
    options.skipKyc &&
    !decision.customer &&
    !decision.mismatch &&
    session.email !== null &&
    session.phoneNumber !== null
  ) {
    await addSessionCustomer(tenant, store, session)
    decision = resolveConnection(tenant, store, session, options)
  }
  let customer = decision.customer
  const accepts = decision.status === 'active' || decision.status === 'authenticationRequired'
  if (customer && accepts) {
    customer = await acceptSessionTerms(tenant, store, customer, session)
    store.externalCustomers.link(customer.id, session.externalCustomerId)
  }
  tenant.record('connection:decided', {
    sessionId: session.id,
    status: decision.status,
    customerId: customer?.id ?? null,
    ...(options.skipKyc ? { skipKyc: true } : {}),
  })
  return connectionOf(tenant, session, customer, decision.status, decision.mismatch)
}

/**
 * The connection the auth frame reports once the customer has entered the one-time code: `active` with `full`
 * credentials (recording the terms the session accepts, if any). A customer whose terms are outstanding stays
 * `termsAcceptanceRequired` with `anonymous` credentials, as the check frame reports them: authenticating is no
 * acceptance, and the only way on is a new session carrying `termsAcceptedAt` (docs/decisions/0054).
 *
 * @example
 * await authenticateConnection(tenant, store, session, customer) // { status: 'active', credentials: { … full } }
 */
export async function authenticateConnection(
  tenant: Tenant,
  store: TenantStore,
  session: SessionRecord,
  customer: CustomerRecord,
): Promise<Connection> {
  if (termsOutstanding(tenant, customer, session)) {
    tenant.record('connection:decided', {
      sessionId: session.id,
      status: 'termsAcceptanceRequired',
      customerId: customer.id,
      via: 'auth',
    })
    return connectionOf(tenant, session, customer, 'termsAcceptanceRequired')
  }
  const accepted = await acceptSessionTerms(tenant, store, customer, session)
  store.externalCustomers.link(accepted.id, session.externalCustomerId)
  tenant.record('connection:authenticated', { sessionId: session.id, customerId: accepted.id })
  return connectionOf(tenant, session, accepted, 'active')
}

/** A connection as the frames report it: its customer (and capabilities) if any, and credentials `full` only when active. */
function connectionOf(
  tenant: Tenant,
  session: SessionRecord,
  customer: CustomerRecord | undefined,
  status: ConnectionStatus,
  mismatch?: boolean,
): Connection {
  const scope: TokenScope = status === 'active' ? 'full' : 'anonymous'
  const view = customer ? toCustomer(tenant, customer) : undefined
  return {
    status,
    ...(view ? { customer: view, capabilities: view.capabilities } : {}),
    ...(mismatch ? { mismatch: true } : {}),
    credentials: issueCredentials(tenant, session.id, customer?.id ?? null, scope),
  }
}

import type { Connection, CustomerRecord, SessionRecord } from '#contract/index.ts'
import { authenticateConnection, decideConnection, resolveConnection } from '#domain/connections.ts'
import { geographyOfPhone } from '#domain/geography.ts'
import { newId } from '#domain/new-id.ts'
import { liveSessionOf } from '#domain/sessions.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import type { FrameContext } from './frame-context.ts'
import { FrameError } from './frame-error.ts'
import type { EffectHandlers } from './effect-handler.ts'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The frame's session, read again from the store: it may have been revoked since
 * the frame opened (`invalid_token`). The same check as every Bearer call
 * (`liveSessionOf`); expiry of the token and session is `runEffect`'s.
 */
function liveSession(context: FrameContext, store: TenantStore): SessionRecord {
  const { claims, frame, tenant } = context
  const field = frame === 'auth' ? 'clientToken' : 'sessionToken'
  if (!claims) throw new FrameError('invalid_token', `the ${frame} frame needs a ${field}`)
  try {
    return liveSessionOf(tenant, store, claims, field)
  } catch (error) {
    throw error instanceof SandboxError ? new FrameError('invalid_token', error.message) : error
  }
}

/** The customer a clientToken names; `invalid_token` when it names none (an anonymous token of a new customer). */
function tokenCustomer(context: FrameContext, store: TenantStore): CustomerRecord {
  const id = context.claims?.customer
  const customer = id ? store.customers.get(id) : undefined
  if (!customer)
    throw new FrameError(
      'invalid_token',
      'the clientToken names no customer: connect the customer first (check or connect frame)',
    )
  return customer
}

/**
 * Onboards the session's customer after the connect frame's email, code and
 * terms: a new customer record (or the session's existing `connectionRequired`
 * customer, such as a guest when guest checkout is off) becomes KYC-approved
 * with terms accepted now, and the session is linked to it.
 */
async function register(context: FrameContext, store: TenantStore, email: string): Promise<CustomerRecord> {
  const { tenant } = context
  const session = liveSession(context, store)
  const decision = resolveConnection(tenant, store, session)
  if (decision.status !== 'connectionRequired' || decision.mismatch) {
    throw new FrameError(
      'invalid_state',
      `the session's connection is ${decision.status}${decision.mismatch ? ' (mismatch)' : ''}; only a customer who must connect registers`,
    )
  }
  if (!EMAIL.test(email)) throw new FrameError('invalid_request', 'email must be an email address')
  const owner = store.customerByEmail(email)
  if (owner && owner.id !== decision.customer?.id)
    throw new FrameError('email_in_use', `${email} belongs to another customer`)
  const now = tenant.clock.iso()
  if (decision.customer) {
    const updated = await store.customers.update(decision.customer.id, (draft) => {
      Object.assign(draft, { kycStatus: 'approved', requirements: [], termsAcceptedAt: now, guest: false })
    })
    tenant.record('customer:onboarded', { customerId: updated!.id, via: 'connect' })
    return updated!
  }
  const customer = await store.addCustomer({
    id: newId(tenant, store, 'cus'),
    email,
    phoneNumber: session.phoneNumber,
    firstName: '',
    lastName: '',
    dateOfBirth: null,
    ...geographyOfPhone(session.phoneNumber),
    kycStatus: 'approved',
    requirements: [],
    termsAcceptedAt: now,
    guest: false,
    magic: null,
    createdAt: now,
  })
  tenant.record('customer:created', { customerId: customer.id, via: 'connect', country: customer.country })
  return customer
}

/** Effects of the check, connect and auth frames. */
export const connectionEffects: EffectHandlers<
  'connection.decide' | 'connection.register' | 'connection.identify' | 'connection.authenticate'
> = {
  /** `{skipKyc?}`: the session's connection with credentials, exactly as `POST /__sandbox/connections` decides it. */
  'connection.decide': async (context, { skipKyc }) => {
    const store = await context.tenant.store()
    return decideConnection(context.tenant, store, liveSession(context, store), { skipKyc: skipKyc === true })
  },

  /** `{email}`: registers the session's customer (connect frame) and answers its `active` connection with full credentials. */
  'connection.register': async (context, { email }) => {
    const store = await context.tenant.store()
    const customer = await register(context, store, email.trim().toLowerCase())
    const session = await store.sessions.update(liveSession(context, store).id, (draft) => {
      draft.customerId = customer.id
    })
    return decideConnection(context.tenant, store, session!)
  },

  /** Checks that the auth frame's clientToken names a customer (`invalid_token` otherwise). */
  'connection.identify': async (context) => {
    const store = await context.tenant.store()
    liveSession(context, store)
    tokenCustomer(context, store)
    return null
  },

  /**
   * After the one-time code: full credentials for the clientToken's customer, status `active`; a customer whose terms
   * are outstanding stays `termsAcceptanceRequired` (`authenticateConnection`).
   */
  'connection.authenticate': async (context): Promise<Connection> => {
    const store = await context.tenant.store()
    return authenticateConnection(context.tenant, store, liveSession(context, store), tokenCustomer(context, store))
  },
}

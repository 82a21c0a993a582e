import type { SessionCreated, SessionCreateRequest, SessionDeleteRequest, SessionRecord } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { newId } from './new-id.ts'
import { isoTime } from './iso-time.ts'
import type { TokenClaims } from '#portable/peek-token.ts'
import { issueToken, TOKEN_TTL_MS, verifyToken } from './tokens.ts'

let lastExpiresMs = Number.NaN
let lastExpiresIso = ''

/** ISO 8601 of a session's expiry, the last one remembered: under a frozen clock every session expires at one instant. */
function expiresIso(ms: number): string {
  if (ms !== lastExpiresMs) {
    lastExpiresIso = new Date(ms).toISOString()
    lastExpiresMs = ms
  }
  return lastExpiresIso
}

/** How far ahead of the tenant clock `termsAcceptedAt` may be (clock skew allowance). */
const TERMS_SKEW_MS = 60_000

function checkTerms(tenant: Tenant, termsAcceptedAt: string | undefined): void {
  if (termsAcceptedAt === undefined) return
  const { identity, guestCheckout } = tenant.settings.capabilities
  if (!identity && !guestCheckout) {
    throw new SandboxError(
      'forbidden',
      'termsAcceptedAt requires the identity or guest checkout capability (PUT /__sandbox/settings)',
      [{ field: 'termsAcceptedAt', message: 'termsAcceptedAt requires the identity or guest checkout capability' }],
    )
  }
  if (Date.parse(termsAcceptedAt) > tenant.clock.now() + TERMS_SKEW_MS) {
    throw SandboxError.invalidField(
      'termsAcceptedAt',
      `termsAcceptedAt must be at most 60 s after the sandbox clock (${tenant.clock.iso()})`,
    )
  }
}

/**
 * Drops the sessions that have expired on the tenant clock, oldest first. Sessions
 * expire in the order they were made (each lives 24 h of a clock that only moves
 * forward), so the sweep stops at the first live one: amortized O(1) per session.
 * Their tokens have expired too, and are refused as such. At the cap, the oldest
 * revoked session goes too (its tokens are refused already). Returns how many went.
 *
 * @example
 * tenant.clock.advance(TOKEN_TTL_MS.session)
 * dropExpiredSessions(tenant, store) // every session made before the advance
 */
export function dropExpiredSessions(tenant: Tenant, store: TenantStore): number {
  const now = tenant.clock.now()
  let dropped = 0
  for (
    let oldest = store.sessions.oldest();
    oldest && Date.parse(oldest.expiresAt) <= now;
    oldest = store.sessions.oldest()
  ) {
    store.sessions.delete(oldest.id)
    dropped++
  }
  const revoked = store.sessions.full ? store.sessions.oldestWhere('revoked', 'revoked') : undefined
  if (revoked) {
    store.sessions.delete(revoked.id)
    dropped++
  }
  return dropped
}

/**
 * Creates a session for the partner's customer and returns its token, valid
 * 24 h of sandbox time. `customerId` must name a customer of this tenant.
 * Expired sessions are dropped first; at the cap of live sessions it is a 429
 * `rate_limited` (docs/decisions/0044).
 *
 * @example
 * await createSession(tenant, store, { externalCustomerId: 'u1', deviceIp: '203.0.113.7' })
 */
export async function createSession(
  tenant: Tenant,
  store: TenantStore,
  body: SessionCreateRequest,
): Promise<SessionCreated> {
  if (body.customerId !== undefined && !store.customers.get(body.customerId)) {
    throw SandboxError.invalidField('customerId', `customerId ${body.customerId} is not a customer of this account`)
  }
  checkTerms(tenant, body.termsAcceptedAt)
  dropExpiredSessions(tenant, store)
  const now = tenant.clock.now()
  const expiresMs = now + TOKEN_TTL_MS.session
  const session: SessionRecord = {
    id: newId(tenant, store, 'ses'),
    externalCustomerId: body.externalCustomerId,
    deviceIp: body.deviceIp,
    email: body.email ?? null,
    phoneNumber: body.phoneNumber ?? null,
    customerId: body.customerId ?? null,
    termsAcceptedAt: body.termsAcceptedAt ?? null,
    createdAt: isoTime(now),
    expiresAt: expiresIso(expiresMs),
    revokedAt: null,
  }
  await store.sessions.create(session)
  tenant.record('session:created', { sessionId: session.id, externalCustomerId: session.externalCustomerId })
  const { token } = issueToken(tenant, {
    kind: 'session',
    session: session.id,
    customer: session.customerId,
    scope: 'anonymous',
    exp: expiresMs,
  })
  return { sessionToken: token, expiresAt: session.expiresAt }
}

/**
 * The live session a verified token's claims name, with the claims checked
 * against the store: the session exists, is neither revoked nor expired, and a
 * customer the claims name (a `full` scope must name one) exists. 401 otherwise,
 * saying which; `field` names where the token came from.
 *
 * @example
 * liveSessionOf(tenant, store, verifyToken(tenant, token, 'access', 'Authorization Bearer token'), 'Authorization Bearer token')
 */
export function liveSessionOf(tenant: Tenant, store: TenantStore, claims: TokenClaims, field: string): SessionRecord {
  const session = store.sessions.get(claims.session)
  if (!session) {
    // Made at or after the instant the state file was saved, and not in it: the process that made it stopped before saving it.
    const lost = tenant.restoredAtMs !== undefined && claims.iat >= tenant.restoredAtMs
    throw new SandboxError(
      'unauthorized',
      lost
        ? `${field} names a session this sandbox does not have: it restarted from its --state-file, last saved before the session was made (a crash or SIGKILL loses what came after the last save; SIGTERM saves first)`
        : `${field} names an unknown session (it expired, or was revoked, and the sandbox dropped it)`,
    )
  }
  if (session.revokedAt !== null)
    throw new SandboxError('unauthorized', `${field} belongs to a session that was revoked`)
  if (Date.parse(session.expiresAt) <= tenant.clock.now())
    throw new SandboxError('unauthorized', `${field} belongs to a session that has expired`)
  if (claims.scope === 'full' && claims.customer === null)
    throw new SandboxError('unauthorized', `${field} has full scope but names no customer`)
  if (claims.customer !== null && !store.customers.get(claims.customer))
    throw new SandboxError('unauthorized', `${field} names a customer this account does not have`)
  return session
}

/** The live session a session token names; 401 when the token or its session is not valid. */
export function sessionOfToken(
  tenant: Tenant,
  store: TenantStore,
  sessionToken: string,
  field = 'sessionToken',
): SessionRecord {
  return liveSessionOf(tenant, store, verifyToken(tenant, sessionToken, 'session', field), field)
}

/**
 * Revokes one session (by token) or every session of an external customer;
 * every token issued under a revoked session stops working. Returns how many.
 */
export async function revokeSessions(
  tenant: Tenant,
  store: TenantStore,
  request: SessionDeleteRequest,
): Promise<number> {
  const targets =
    request.sessionToken !== undefined
      ? [sessionOfToken(tenant, store, request.sessionToken)]
      : store.sessions.where('byExternalCustomer', request.externalCustomerId!).filter((s) => s.revokedAt === null)
  if (targets.length === 0)
    throw new SandboxError('not_found', `externalCustomerId ${request.externalCustomerId} has no active session`)
  for (const session of targets) {
    await store.sessions.update(session.id, (draft) => {
      draft.revokedAt = tenant.clock.iso()
    })
    tenant.record('session:revoked', { sessionId: session.id })
  }
  return targets.length
}

import { textToBase64Url } from '#portable/base64url.ts'
import { peekToken, TOKEN_PREFIX, type TokenClaims, type TokenKind } from '#portable/peek-token.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantRegistry } from '#kernel/tenant-registry.ts'

/**
 * Lifetimes on the tenant clock, and the most a token of each kind may claim from
 * issue (`iat`) to expiry (`exp`): a token claiming more is refused even when its
 * signature holds (docs/decisions/0043).
 */
export const TOKEN_TTL_MS = {
  session: 24 * 3_600_000,
  access: 3_600_000,
  client: 3_600_000,
  consent: 15 * 60_000,
  upload: 15 * 60_000,
  challenge: 15 * 60_000,
} as const

/** A lifetime in words: `24 h`, `15 min`. */
function duration(ms: number): string {
  return ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : `${ms / 60_000} min`
}

/** Said of a signature that does not hold: tampering, or a token of another sandbox with the same boot id. */
const NOT_SIGNED_HERE = 'was not signed by this sandbox (tampered with, or signed by another sandbox)'

/**
 * Why a token names an incarnation of its tenant that is not the live one: the sandbox restarted (another boot id)
 * without keeping its state, or the tenant was reset or evicted since (decision 0046). Either way its session is gone.
 *
 * @example
 * staleToken(token.inc, core.bootId) // 'names an unknown session (the sandbox restarted without --state-file)'
 */
function staleToken(inc: string, bootId: string): string {
  const restarted = !inc.startsWith(`${bootId}.`)
  return `names an unknown session (${restarted ? 'the sandbox restarted without --state-file' : 'the account was reset, or evicted and rebuilt, after it was issued'})`
}

/**
 * Issues a token signed with the tenant's key: `<prefix>_<base64url claims>.<hmac>`.
 * Tampering with any character breaks the signature. `iat` is the tenant clock's now;
 * `exp` defaults to now plus the kind's lifetime.
 *
 * @example
 * issueToken(tenant, { kind: 'access', session: 'ses_1', customer: 'cus_1', scope: 'full' })
 */
export function issueToken(
  tenant: Tenant,
  claims: Omit<TokenClaims, 'tenant' | 'iat' | 'exp' | 'inc'> & { exp?: number },
): { token: string; claims: TokenClaims } {
  const iat = tenant.clock.now()
  // The keys of `{ ...claims, tenant, iat, exp, inc }` in its order (the claims' own, `exp` where they have it, then the
  // rest), built by assignment: a spread that then sets a key it copied (`exp`) takes V8's slow path, ~2 µs a token.
  const full = Object.assign({}, claims) as TokenClaims
  full.tenant = tenant.id
  full.iat = iat
  full.exp = claims.exp ?? iat + TOKEN_TTL_MS[claims.kind]
  full.inc = tenant.incarnation
  const body = `${TOKEN_PREFIX[full.kind]}_${textToBase64Url(JSON.stringify(full))}`
  return { token: `${body}.${tenant.sign(body)}`, claims: full }
}

/**
 * Tokens each tenant has found signed with its key, remembered (up to a bound) so a client's every call costs no HMAC.
 * Kept apart from the tenant's few kept signatures ({@link Tenant.sign}): a busy account signs new tokens, quotes and
 * tickets all the time, which would push out the tokens its clients send on every call.
 */
const verified = new WeakMap<Tenant, Set<string>>()
const VERIFIED_PER_TENANT = 1024

/**
 * Whether the signature part of a token is the tenant's signature of the rest (in constant time). A signature that
 * held once holds while the tenant lives: its key changes only with a new tenant object (a reset makes a new
 * incarnation, which the claims' `inc` check refuses first).
 */
function signedBy(tenant: Tenant, token: string): boolean {
  let known = verified.get(tenant)
  if (known?.has(token)) return true
  const dot = token.lastIndexOf('.')
  if (!tenant.verify(token.slice(0, dot), token.slice(dot + 1))) return false
  if (!known) verified.set(tenant, (known = new Set()))
  if (known.size >= VERIFIED_PER_TENANT) known.clear()
  known.add(token)
  return true
}

/**
 * Whether a token was issued by this tenant: its claims name the tenant and its
 * signature holds. Says nothing of its kind, expiry or session (a token that has
 * expired or been revoked was still issued by the tenant).
 *
 * @example
 * issuedBy(tenant, clientToken) // true, even after the session is revoked
 */
export function issuedBy(tenant: Tenant, token: string): boolean {
  return peekToken(token)?.tenant === tenant.id && signedBy(tenant, token)
}

/**
 * Verifies a token for a tenant: kind, tenant, signature, a lifetime within its
 * kind's maximum, issued no later than now, and unexpired on the tenant clock.
 * `field` names where the token came from, for the error. The session (that it
 * exists, is live, and what it may do) is checked by the caller against the store.
 *
 * @example
 * verifyToken(tenant, accessToken, 'access', 'Authorization Bearer token') // its claims, or a 401 SandboxError
 */
export function verifyToken(tenant: Tenant, token: string, kind: TokenKind, field: string): TokenClaims {
  const claims = peekToken(token)
  if (!claims || claims.kind !== kind) throw new SandboxError('unauthorized', `${field} is not a valid ${kind} token`)
  if (claims.tenant !== tenant.id) throw new SandboxError('unauthorized', `${field} was not issued to this account`)
  if (claims.inc !== tenant.incarnation)
    throw new SandboxError('unauthorized', `${field} ${staleToken(claims.inc, tenant.bootId)}`)
  if (!signedBy(tenant, token)) throw new SandboxError('unauthorized', `${field} ${NOT_SIGNED_HERE}`)
  if (claims.exp - claims.iat > TOKEN_TTL_MS[kind]) {
    throw new SandboxError(
      'unauthorized',
      `${field} claims a longer life than ${kind} tokens have (at most ${duration(TOKEN_TTL_MS[kind])} from issue to expiry)`,
    )
  }
  const now = tenant.clock.now()
  if (claims.iat > now)
    throw new SandboxError(
      'unauthorized',
      `${field} claims to be issued after the sandbox clock's now (${new Date(now).toISOString()})`,
    )
  if (claims.exp <= now) throw new SandboxError('unauthorized', `${field} has expired`)
  return claims
}

/**
 * The tenant a token names, unverified (the caller verifies it with that tenant's key): 401 when the token is not
 * one, or names a tenant this process does not have — one from before a restart without `--state-file`, or an
 * evicted account (decision 0046). `field` names where the token came from.
 *
 * @example
 * const tenant = tenantOfToken(core.tenants, sessionToken, 'sessionToken')
 */
export function tenantOfToken(tenants: TenantRegistry, token: string, field: string): Tenant {
  const claims = peekToken(token)
  const tenant = claims && tenants.byId(claims.tenant)
  if (!tenant)
    throw new SandboxError(
      'unauthorized',
      `${field} ${claims ? staleToken(claims.inc, tenants.bootId) : 'is not a token of this sandbox'}`,
    )
  return tenant
}

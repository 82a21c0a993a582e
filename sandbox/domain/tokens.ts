import type { TokenScope } from '../contract/index.ts'
import { base64UrlToText, textToBase64Url } from '../core/base64url.ts'
import { SandboxError } from '../core/sandbox-error.ts'
import type { Tenant } from '../core/tenant.ts'

/** The kinds of token the platform issues, and their prefixes. */
export const TOKEN_PREFIX = { session: 'st', access: 'at', client: 'ct', consent: 'cx', upload: 'up', challenge: 'cg' } as const
export type TokenKind = keyof typeof TOKEN_PREFIX

/** Lifetimes on the tenant clock. */
export const TOKEN_TTL_MS = { session: 24 * 3_600_000, access: 3_600_000, client: 3_600_000, consent: 15 * 60_000, upload: 15 * 60_000, challenge: 15 * 60_000 } as const

/** What a token carries. */
export interface TokenClaims {
  kind: TokenKind
  /** Tenant id, `account:mode`. */
  tenant: string
  session: string
  customer: string | null
  scope: TokenScope
  /** Expiry, epoch ms on the tenant clock. */
  exp: number
  /** The record a token stands for, when any (a challenge token names its challenge). */
  ref?: string
}

/**
 * Issues a token signed with the tenant's key: `<prefix>_<base64url claims>.<hmac>`.
 * Tampering with any character breaks the signature.
 *
 * @example
 * issueToken(tenant, { kind: 'access', session: 'ses_1', customer: 'cus_1', scope: 'full' })
 */
export function issueToken(tenant: Tenant, claims: Omit<TokenClaims, 'tenant' | 'exp'> & { exp?: number }): { token: string; claims: TokenClaims } {
  const full: TokenClaims = { ...claims, tenant: tenant.id, exp: claims.exp ?? tenant.clock.now() + TOKEN_TTL_MS[claims.kind] }
  const body = `${TOKEN_PREFIX[full.kind]}_${textToBase64Url(JSON.stringify(full))}`
  return { token: `${body}.${tenant.sign(body)}`, claims: full }
}

/** Reads a token's claims without trusting them (to find its tenant). */
export function peekToken(token: string): TokenClaims | undefined {
  const match = /^(st|at|ct|cx|up|cg)_([A-Za-z0-9_-]{1,2048})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return undefined
  const json = base64UrlToText(match[2]!)
  if (json === undefined) return undefined
  try {
    const claims = JSON.parse(json) as TokenClaims
    const prefixOk = TOKEN_PREFIX[claims.kind] === match[1]
    return prefixOk && typeof claims.tenant === 'string' && typeof claims.exp === 'number' && typeof claims.session === 'string' ? claims : undefined
  } catch {
    return undefined
  }
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
  const dot = token.lastIndexOf('.')
  return peekToken(token)?.tenant === tenant.id && tenant.sign(token.slice(0, dot)) === token.slice(dot + 1)
}

/**
 * Verifies a token for a tenant: signature, kind, tenant and expiry on the
 * tenant clock. `field` names where the token came from, for the error.
 * Session revocation is checked by the caller against the store.
 */
export function verifyToken(tenant: Tenant, token: string, kind: TokenKind, field: string): TokenClaims {
  const claims = peekToken(token)
  const dot = token.lastIndexOf('.')
  if (!claims || claims.kind !== kind) throw new SandboxError('unauthorized', `${field} is not a valid ${kind} token`)
  if (claims.tenant !== tenant.id) throw new SandboxError('unauthorized', `${field} was not issued to this account`)
  if (tenant.sign(token.slice(0, dot)) !== token.slice(dot + 1)) throw new SandboxError('unauthorized', `${field} has an invalid signature`)
  if (claims.exp <= tenant.clock.now()) throw new SandboxError('unauthorized', `${field} has expired`)
  return claims
}

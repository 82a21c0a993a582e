import { z } from 'zod'
import { TokenScope } from '#contract/index.ts'
import { base64UrlToText } from './base64url.ts'
import { boundedCache } from './bounded-cache.ts'
import { deepFreeze } from './deep-freeze.ts'

// Reading a token's claims without its tenant's key: the server does it to find the tenant, the client (in a page)
// to read a token's scope. Issuing and verifying need the key and stay in sandbox/domain/tokens.ts.

/** The kinds of token the platform issues, and their prefixes. */
export const TOKEN_PREFIX = {
  session: 'st',
  access: 'at',
  client: 'ct',
  consent: 'cx',
  upload: 'up',
  challenge: 'cg',
} as const
export type TokenKind = keyof typeof TOKEN_PREFIX

/** What a token carries: parsed like any outside input, trusted only once its signature holds. */
const TokenClaimsSchema = z.strictObject({
  kind: z.enum(Object.keys(TOKEN_PREFIX) as [TokenKind, ...TokenKind[]]),
  /** Tenant id, `account:mode`. */
  tenant: z.string(),
  /** The session the token was issued under (for consent and upload tokens: the consent's or upload's id). */
  session: z.string(),
  customer: z.string().nullable(),
  scope: TokenScope,
  /** Issued at, epoch ms on the tenant clock. */
  iat: z.number().int(),
  /** Expiry, epoch ms on the tenant clock. */
  exp: z.number().int(),
  /** The record a token stands for, when any (a challenge token names its challenge). */
  ref: z.string().optional(),
  /** The tenant's incarnation when issued: boot id, generation, resets (docs/decisions/0046). */
  inc: z.string().max(100),
})
export type TokenClaims = z.infer<typeof TokenClaimsSchema>

function readClaims(token: string): TokenClaims | undefined {
  const match = /^(st|at|ct|cx|up|cg)_([A-Za-z0-9_-]{1,2048})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return undefined
  const json = base64UrlToText(match[2]!)
  if (json === undefined) return undefined
  try {
    const claims = TokenClaimsSchema.safeParse(JSON.parse(json))
    return claims.success && TOKEN_PREFIX[claims.data.kind] === match[1] ? deepFreeze(claims.data) : undefined
  } catch {
    return undefined
  }
}

/**
 * Reads a token's claims without trusting them (to find its tenant). The claims are a pure function of the token's
 * text, so the last few thousand tokens read are remembered (a client sends the same token on every call): frozen,
 * shared by every caller.
 */
export const peekToken: (token: string) => Readonly<TokenClaims> | undefined = boundedCache(4096, readClaims)

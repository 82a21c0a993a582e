import { describe, expect, it } from 'vitest'
import { base64UrlToText, textToBase64Url } from '#portable/base64url.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { TOKEN_PREFIX, type TokenClaims, type TokenKind } from '#portable/peek-token.ts'
import { issueToken, TOKEN_TTL_MS, verifyToken } from './tokens.ts'

const core = createSandboxCore()
let accounts = 0
const freshTenant = () => core.tenants.get(`tokens${++accounts}`, 'test')

/** A token with exactly these claims, signed by the tenant (what `issueToken` would never make). */
function signed(tenant: Tenant, claims: Omit<TokenClaims, 'tenant' | 'inc'>): string {
  const body = `${TOKEN_PREFIX[claims.kind]}_${textToBase64Url(JSON.stringify({ ...claims, tenant: tenant.id, inc: tenant.incarnation }))}`
  return `${body}.${tenant.sign(body)}`
}

function refusal(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    if (error instanceof SandboxError && error.code === 'unauthorized') return error.message
    throw error
  }
  throw new Error('the token was accepted')
}

const KINDS = Object.keys(TOKEN_TTL_MS) as TokenKind[]

describe('verifyToken', () => {
  it("accepts a signed token of each kind that lives exactly its kind's maximum", () => {
    const tenant = freshTenant()
    const now = tenant.clock.now()
    for (const kind of KINDS) {
      const token = signed(tenant, {
        kind,
        session: 'ses_1',
        customer: 'cus_1',
        scope: 'full',
        iat: now,
        exp: now + TOKEN_TTL_MS[kind],
      })
      expect(verifyToken(tenant, token, kind, 'token').exp).toBe(now + TOKEN_TTL_MS[kind])
    }
  })

  it("refuses a signed token of each kind that claims a millisecond more than its kind's maximum", () => {
    const tenant = freshTenant()
    const now = tenant.clock.now()
    for (const kind of KINDS) {
      const token = signed(tenant, {
        kind,
        session: 'ses_1',
        customer: 'cus_1',
        scope: 'full',
        iat: now,
        exp: now + TOKEN_TTL_MS[kind] + 1,
      })
      expect(refusal(() => verifyToken(tenant, token, kind, 'token'))).toMatch(
        new RegExp(`^token claims a longer life than ${kind} tokens have`),
      )
    }
  })

  it("refuses a signed token that claims to be issued after the tenant clock's now", () => {
    const tenant = freshTenant()
    const later = tenant.clock.now() + 1000 * 365 * 24 * 3_600_000
    const token = signed(tenant, {
      kind: 'access',
      session: 'ses_1',
      customer: 'cus_1',
      scope: 'full',
      iat: later,
      exp: later + 60_000,
    })
    expect(refusal(() => verifyToken(tenant, token, 'access', 'token'))).toMatch(
      /^token claims to be issued after the sandbox clock's now/,
    )
  })

  it('refuses a token issued by the same tenant of a sandbox with another secret, saying it was not signed here', () => {
    const elsewhere = createSandboxCore({ secret: 'e'.repeat(64) }).tenants.get('tokens-shared', 'test')
    const here = core.tenants.get('tokens-shared', 'test')
    const { token } = issueToken(elsewhere, { kind: 'access', session: 'ses_1', customer: 'cus_1', scope: 'full' })
    expect(refusal(() => verifyToken(here, token, 'access', 'accessToken'))).toBe(
      'accessToken was not signed by this sandbox (tampered with, or signed by another sandbox)',
    )
  })

  it('refuses a token whose claims carry a field the format does not have', () => {
    const tenant = freshTenant()
    const now = tenant.clock.now()
    const token = signed(tenant, {
      kind: 'access',
      session: 'ses_1',
      customer: 'cus_1',
      scope: 'full',
      iat: now,
      exp: now + 60_000,
      admin: true,
    } as never)
    expect(refusal(() => verifyToken(tenant, token, 'access', 'token'))).toBe('token is not a valid access token')
  })

  it('refuses a token signed by another sandbox even after the same text was accepted by that sandbox', () => {
    const elsewhere = createSandboxCore({ secret: 'f'.repeat(64) }).tenants.get('tokens-remembered', 'test')
    const here = core.tenants.get('tokens-remembered', 'test')
    const { token } = issueToken(elsewhere, { kind: 'access', session: 'ses_1', customer: 'cus_1', scope: 'full' })
    expect(verifyToken(elsewhere, token, 'access', 'accessToken').session).toBe('ses_1')
    expect(refusal(() => verifyToken(here, token, 'access', 'accessToken'))).toMatch(/not signed by this sandbox/)
  })

  it('refuses a tampered token after the genuine one was accepted, and accepts the genuine one again', () => {
    const tenant = freshTenant()
    const { token } = issueToken(tenant, { kind: 'access', session: 'ses_1', customer: 'cus_1', scope: 'full' })
    expect(verifyToken(tenant, token, 'access', 'token').session).toBe('ses_1')
    const last = token.at(-1) === 'A' ? 'B' : 'A'
    expect(refusal(() => verifyToken(tenant, `${token.slice(0, -1)}${last}`, 'access', 'token'))).toMatch(
      /not signed by this sandbox/,
    )
    expect(verifyToken(tenant, token, 'access', 'token').session).toBe('ses_1')
  })

  it('gives claims no caller can change for the next', () => {
    const tenant = freshTenant()
    const { token } = issueToken(tenant, { kind: 'access', session: 'ses_1', customer: 'cus_1', scope: 'full' })
    const claims = verifyToken(tenant, token, 'access', 'token')
    expect(() => Object.assign(claims, { scope: 'anonymous' })).toThrow(TypeError)
    expect(verifyToken(tenant, token, 'access', 'token').scope).toBe('full')
  })
})

describe('issueToken', () => {
  /** The JSON text a token carries, as issued. */
  const claimsText = (token: string) => base64UrlToText(token.slice(token.indexOf('_') + 1, token.lastIndexOf('.')))

  it('writes the claims in the order given, then tenant, iat, exp and inc', () => {
    const tenant = freshTenant()
    const now = tenant.clock.now()
    const { token } = issueToken(tenant, { kind: 'access', session: 'ses_1', customer: 'cus_1', scope: 'full' })
    expect(token.startsWith('at_')).toBe(true)
    expect(claimsText(token)).toBe(
      `{"kind":"access","session":"ses_1","customer":"cus_1","scope":"full","tenant":"${tenant.id}","iat":${now},"exp":${now + TOKEN_TTL_MS.access},"inc":"${tenant.incarnation}"}`,
    )
  })

  it('keeps an exp the caller gives where the caller put it, and a ref among the claims', () => {
    const tenant = freshTenant()
    const now = tenant.clock.now()
    const { token, claims } = issueToken(tenant, {
      kind: 'challenge',
      session: 'ses_2',
      exp: now + 5,
      customer: null,
      scope: 'anonymous',
      ref: 'chl_1',
    })
    expect(claimsText(token)).toBe(
      `{"kind":"challenge","session":"ses_2","exp":${now + 5},"customer":null,"scope":"anonymous","ref":"chl_1","tenant":"${tenant.id}","iat":${now},"inc":"${tenant.incarnation}"}`,
    )
    expect(claims).toEqual(verifyToken(tenant, token, 'challenge', 'token'))
  })
})

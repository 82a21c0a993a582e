import { describe, expect, it } from 'vitest'
import { dataOf, PlatformError, SessionCreated } from '#contract/index.ts'
import { textToBase64Url } from '#portable/base64url.ts'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import { peekToken, TOKEN_PREFIX, type TokenClaims } from '#portable/peek-token.ts'

const core = createSandboxCore()

/** A connected customer's real access claims, and a way to sign variations of them as the tenant. */
async function connected() {
  const account = platformAccount(core)
  const { connection } = await account.connect(magic.usNy)
  const claims = peekToken(connection.credentials.accessToken)!
  const sign = (changes: Partial<TokenClaims>) => {
    const body = `${TOKEN_PREFIX.access}_${textToBase64Url(JSON.stringify({ ...claims, ...changes }))}`
    return `${body}.${account.tenant().sign(body)}`
  }
  return { claims, sign }
}

async function transactionsWith(accessToken: string) {
  const response = await send(core, 'GET /platform/v1/transactions', {
    headers: { authorization: `Bearer ${accessToken}` },
  })
  return {
    status: response.status,
    message: response.status === 200 ? undefined : conforms(PlatformError, response.body).message,
  }
}

describe("liveSessionOf: a signed token's claims are checked against the store", () => {
  it('accepts the claims as issued', async () => {
    const { sign } = await connected()
    expect((await transactionsWith(sign({}))).status).toBe(200)
  })

  it('refuses a token naming a session the tenant does not have', async () => {
    const { sign } = await connected()
    expect(await transactionsWith(sign({ session: 'ses_nosuchsession00' }))).toEqual({
      status: 401,
      message:
        'Authorization Bearer token names an unknown session (it expired, or was revoked, and the sandbox dropped it)',
    })
  })

  it('refuses a full-scope token that names no customer', async () => {
    const { sign } = await connected()
    expect(await transactionsWith(sign({ customer: null }))).toEqual({
      status: 401,
      message: 'Authorization Bearer token has full scope but names no customer',
    })
  })

  it('refuses a token naming a customer the tenant does not have', async () => {
    const { sign } = await connected()
    expect(await transactionsWith(sign({ customer: 'cus_nosuchcustomer0' }))).toEqual({
      status: 401,
      message: 'Authorization Bearer token names a customer this account does not have',
    })
  })

  it('refuses a token whose session has expired, though the token itself has not', async () => {
    const { claims, sign } = await connected()
    const tenant = core.tenants.byId(claims.tenant)!
    tenant.clock.advance(24 * 3_600_000 - 30 * 60_000)
    const now = tenant.clock.now()
    expect(await transactionsWith(sign({ iat: now, exp: now + 3_600_000 }))).toEqual({
      status: 200,
      message: undefined,
    })
    tenant.clock.advance(31 * 60_000)
    expect(await transactionsWith(sign({ iat: now, exp: now + 3_600_000 }))).toEqual({
      status: 401,
      message: 'Authorization Bearer token belongs to a session that has expired',
    })
  })
})

describe('createSession', () => {
  /** A new session's expiry, and its token's. */
  async function expiries(account: ReturnType<typeof platformAccount>) {
    const response = await send(core, 'POST /platform/v1/sessions', {
      headers: account.headers,
      body: { externalCustomerId: 'user-1', deviceIp: '203.0.113.7' },
    })
    const { sessionToken, expiresAt } = conforms(dataOf(SessionCreated), response.body).data
    return { expiresAt, exp: peekToken(sessionToken)!.exp, now: account.tenant().clock.now() }
  }

  it("gives each session the expiry 24 h after its account's clock, its token's exp the same instant, as clocks move", async () => {
    const first = platformAccount(core)
    const second = platformAccount(core)
    const seen = [await expiries(first)]
    await send(core, 'POST /__sandbox/clock/advance', { headers: first.headers, body: { by: '1h' } })
    seen.push(await expiries(second), await expiries(first), await expiries(second), await expiries(first))
    for (const { expiresAt, exp, now } of seen) {
      expect(expiresAt).toBe(new Date(now + 24 * 3_600_000).toISOString())
      expect(exp).toBe(Date.parse(expiresAt))
    }
    expect(seen.map(({ expiresAt }) => expiresAt)).toEqual([
      seen[0]!.expiresAt,
      seen[0]!.expiresAt,
      new Date(Date.parse(seen[0]!.expiresAt) + 3_600_000).toISOString(),
      seen[0]!.expiresAt,
      new Date(Date.parse(seen[0]!.expiresAt) + 3_600_000).toISOString(),
    ])
  })
})

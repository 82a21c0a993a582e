import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildAccount } from '#fixtures/account.ts'
import { textToBase64Url } from '#portable/base64url.ts'
import { portableHmacSha256 } from '#kernel/hmac.ts'
import { PUBLIC_TEST_SECRET } from '#kernel/sandbox-secret.ts'
import { magicContacts } from '#fixtures/magic-customers.ts'
import { peekToken, TOKEN_PREFIX, type TokenClaims } from '#portable/peek-token.ts'
import { startServer, type RunningSandbox } from './start-server.ts'

// The attacker of issue 12: knows the seed (printed at start), the account and mode
// (the public key names them), and the code. Before, that was enough to derive the
// signing key: buildAccount(seed, account, mode)'s key. Now signatures need the
// process's random secret, which never leaves the server.

const SEED = 1
const ACCOUNT = 'forgery'
const SK = { 'x-api-key': `sk_test_${ACCOUNT}`, 'content-type': 'application/json' }
const YEAR_MS = 365 * 24 * 3_600_000
/** A forger's choices: thousands of years ahead, or a minute (within every kind's lifetime, so only the signature can refuse it). */
const LIFETIMES = [1000 * YEAR_MS, 60_000]
let sandbox: RunningSandbox
let victim: {
  sessionToken: string
  accessToken: string
  clientToken: string
  session: string
  customer: string
  inc: string
}

/**
 * Keys an attacker derives from public inputs: the old signing key (now the account's id key,
 * which signs nothing), and the key the bare core's public test secret would give the tenant.
 */
const PUBLIC_KEYS = [
  buildAccount(SEED, ACCOUNT, 'test').idKey,
  portableHmacSha256(PUBLIC_TEST_SECRET, `tenant:${ACCOUNT}:test`),
]
/** Every forgery the attacker can make: each public key, with a far expiry and with a sane one. */
const FORGERIES = PUBLIC_KEYS.flatMap((key) => LIFETIMES.map((lifetime) => ({ key, lifetime })))

/** A token as `issueToken` lays it out, signed with `key`. */
function token(key: string, claims: TokenClaims): string {
  const body = `${TOKEN_PREFIX[claims.kind]}_${textToBase64Url(JSON.stringify(claims))}`
  return `${body}.${portableHmacSha256(key, body)}`
}

/** A token of the same layout signed by the sandbox itself (what only a holder of its secret can do). */
function signedBySandbox(claims: TokenClaims): string {
  const body = `${TOKEN_PREFIX[claims.kind]}_${textToBase64Url(JSON.stringify(claims))}`
  return `${body}.${sandbox.core.tenants.byId(`${ACCOUNT}:test`)!.sign(body)}`
}

/** A frame ticket as `issueFrameTicket` lays it out, signed with `key`. */
function ticket(key: string, claims: Record<string, unknown>): string {
  const body = textToBase64Url(JSON.stringify(claims))
  return `${body}.${portableHmacSha256(key, `frame:${body}`)}`
}

const now = () => sandbox.core.tenants.byId(`${ACCOUNT}:test`)!.clock.now()

/** Full-scope access claims for the victim's session and customer, living `lifetime` ms from now. */
function fullAccess(lifetime: number, kind: 'access' | 'client' = 'access'): TokenClaims {
  return {
    kind,
    tenant: `${ACCOUNT}:test`,
    session: victim.session,
    customer: victim.customer,
    scope: 'full',
    iat: now(),
    exp: now() + lifetime,
    inc: victim.inc,
  }
}

async function transactions(accessToken: string) {
  const response = await fetch(`${sandbox.apiUrl}/platform/v1/transactions`, {
    headers: { authorization: `Bearer ${accessToken}` },
  })
  return { status: response.status, body: (await response.json()) as { message?: string } }
}

/** The error a frame page would post, from its embedded config. */
async function frameError(
  frame: string,
  query: Record<string, string>,
): Promise<{ code: string; message: string } | undefined> {
  const html = await (
    await fetch(`${sandbox.framesUrl}/platform/v1/${frame}?${new URLSearchParams({ channelId: 'forged-1', ...query })}`)
  ).text()
  return JSON.parse(/<script type="application\/json" id="frame-config">(.*?)<\/script>/s.exec(html)![1]!).error
}

beforeAll(async () => {
  sandbox = await startServer({ port: 0, framesPort: 0, seed: SEED, logger: () => undefined })
  const { usNy } = magicContacts
  const session = await fetch(`${sandbox.apiUrl}/platform/v1/sessions`, {
    method: 'POST',
    headers: SK,
    body: JSON.stringify({ externalCustomerId: 'victim', deviceIp: '203.0.113.7', ...usNy }),
  })
  const { sessionToken } = ((await session.json()) as { data: { sessionToken: string } }).data
  const connection = await fetch(`${sandbox.apiUrl}/__sandbox/connections`, {
    method: 'POST',
    headers: SK,
    body: JSON.stringify({ sessionToken }),
  })
  const { credentials } = (
    (await connection.json()) as { data: { credentials: { accessToken: string; clientToken: string } } }
  ).data
  const claims = peekToken(credentials.accessToken)!
  // The incarnation is no secret (every token shows it): a forger copies it from any token it has seen.
  victim = { sessionToken, ...credentials, session: claims.session, customer: claims.customer!, inc: claims.inc }
}, 60_000)
afterAll(() => sandbox.close())

describe('tokens forged from public inputs (seed, account, mode)', () => {
  it("accepts the victim's own access token (the setup is sound)", async () => {
    expect((await transactions(victim.accessToken)).status).toBe(200)
  })

  it('refuses a forged full-scope access token, with either public key, a far expiry or a sane one: 401', async () => {
    for (const { key, lifetime } of FORGERIES) {
      const { status, body } = await transactions(token(key, fullAccess(lifetime)))
      expect(status).toBe(401)
      expect(body.message).toMatch(/was not signed by this sandbox/)
    }
  })

  it('refuses a forged full-scope client token, with either public key, a far expiry or a sane one: the frame reports invalid_token', async () => {
    for (const { key, lifetime } of FORGERIES) {
      const forged = token(key, fullAccess(lifetime, 'client'))
      expect(await frameError('widget', { clientToken: forged })).toMatchObject({
        code: 'invalid_token',
        message: expect.stringMatching(/clientToken was not signed by this sandbox/),
      })
    }
  })

  it('refuses a forged session token, with either public key, a far expiry or a sane one: 401 from the API, invalid_token from the check frame', async () => {
    for (const { key, lifetime } of FORGERIES) {
      const forged = token(key, {
        kind: 'session',
        tenant: `${ACCOUNT}:test`,
        session: victim.session,
        customer: null,
        scope: 'anonymous',
        iat: now(),
        exp: now() + lifetime,
        inc: victim.inc,
      })
      const response = await fetch(`${sandbox.apiUrl}/__sandbox/connections`, {
        method: 'POST',
        headers: SK,
        body: JSON.stringify({ sessionToken: forged }),
      })
      expect(response.status).toBe(401)
      expect(((await response.json()) as { message: string }).message).toMatch(
        /sessionToken was not signed by this sandbox/,
      )
      expect(await frameError('check', { sessionToken: forged, publicKey: 'a'.repeat(64) })).toMatchObject({
        code: 'invalid_token',
        message: expect.stringMatching(/not signed by this sandbox/),
      })
    }
  })

  it('refuses a forged frame ticket, with either public key, a far expiry or a sane one, on the effect and the journal endpoints: 401', async () => {
    for (const { key, lifetime } of FORGERIES) {
      const forged = ticket(key, {
        tenant: `${ACCOUNT}:test`,
        frame: 'widget',
        params: { channelId: 'forged-1', apiKey: `pk_test_${ACCOUNT}` },
        session: null,
        iat: now(),
        exp: now() + lifetime,
      })
      const effect = await fetch(`${sandbox.framesUrl}/__frames/effects/auth.reset`, {
        method: 'POST',
        body: JSON.stringify({ ticket: forged, effect: { type: 'auth.reset' } }),
      })
      expect(effect.status).toBe(401)
      expect(((await effect.json()) as { message: string }).message).toMatch(/not a frame ticket of this sandbox/)
      const event = await fetch(`${sandbox.framesUrl}/__frames/event`, {
        method: 'POST',
        body: JSON.stringify({ ticket: forged, direction: 'out', message: { kind: 'handshake' } }),
      })
      expect(event.status).toBe(401)
    }
  })
})

describe('tokens the sandbox signed', () => {
  it("refuses a signed access token whose lifetime exceeds an access token's: 401", async () => {
    const { status, body } = await transactions(signedBySandbox(fullAccess(1000 * YEAR_MS)))
    expect(status).toBe(401)
    expect(body.message).toMatch(/claims a longer life than access tokens have \(at most 1 h from issue to expiry\)/)
  })

  it("refuses a signed frame ticket whose lifetime exceeds a session's: 401", async () => {
    const tenant = sandbox.core.tenants.byId(`${ACCOUNT}:test`)!
    const body = textToBase64Url(
      JSON.stringify({
        tenant: tenant.id,
        frame: 'widget',
        params: { channelId: 'forged-1', apiKey: `pk_test_${ACCOUNT}` },
        session: null,
        iat: now(),
        exp: now() + 1000 * YEAR_MS,
      }),
    )
    const effect = await fetch(`${sandbox.framesUrl}/__frames/effects/auth.reset`, {
      method: 'POST',
      body: JSON.stringify({
        ticket: `${body}.${tenant.sign(`frame:${tenant.incarnation}:${body}`)}`,
        effect: { type: 'auth.reset' },
      }),
    })
    expect(effect.status).toBe(401)
    expect(((await effect.json()) as { message: string }).message).toMatch(/longer life than a frame has/)
  })

  it('accepts the same full-scope access token when the sandbox signed it with a sane lifetime: 200', async () => {
    expect((await transactions(signedBySandbox(fullAccess(3_600_000)))).status).toBe(200)
  })
})

describe('a token of another sandbox process', () => {
  it('is refused as naming an unknown session of a sandbox that restarted without --state-file', async () => {
    const other = await startServer({ port: 0, framesPort: 0, seed: SEED, logger: () => undefined })
    try {
      await fetch(`${other.apiUrl}/v3/currencies?apiKey=pk_test_${ACCOUNT}`) // the same tenant exists there
      const response = await fetch(`${other.apiUrl}/platform/v1/transactions`, {
        headers: { authorization: `Bearer ${victim.accessToken}` },
      })
      expect(response.status).toBe(401)
      expect(((await response.json()) as { message: string }).message).toBe(
        'Authorization Bearer token names an unknown session (the sandbox restarted without --state-file)',
      )
    } finally {
      await other.close()
    }
  })
})

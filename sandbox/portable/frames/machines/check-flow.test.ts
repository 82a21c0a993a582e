import { describe, expect, it } from 'vitest'
import { Connection, ConnectionComplete, dataOf } from '#contract/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { decryptCredentials, generateHostKeyPair } from '../credentials.ts'
import { openInProcessFrame } from '#frames/server/in-process-frame.ts'
import { authMachine } from './auth.ts'
import { checkMachine } from './check.ts'

/** Runs the check frame for a session token; asserts nothing is posted but the handshake before the ack. */
async function check(
  sessionToken: string,
  core: ReturnType<typeof createSandboxCore>,
  extra: Record<string, string> = {},
) {
  const keys = await generateHostKeyPair()
  const frame = await openInProcessFrame(core, checkMachine, {
    channelId: 'channel-check',
    sessionToken,
    publicKey: keys.publicKeyHex,
    ...extra,
  })
  await frame.runtime.idle()
  expect(frame.events).toEqual([{ kind: 'handshake' }])
  frame.runtime.receive({ kind: 'ack' })
  await frame.runtime.idle()
  expect(frame.events.map((e) => e.kind)).toEqual(['handshake', 'complete'])
  const payload = (frame.events[1] as { payload: Record<string, unknown> & { credentials: string } }).payload
  conforms(ConnectionComplete, payload)
  return { frame, payload, credentials: await decryptCredentials(payload.credentials, keys.privateKey) }
}

async function checkSession(body: Record<string, unknown>) {
  const core = createSandboxCore()
  const account = platformAccount(core)
  const sessionToken = await account.session(body)
  return { core, account, sessionToken, ...(await check(sessionToken, core)) }
}

const bearer = (accessToken: string) => ({ headers: { authorization: `Bearer ${accessToken}` } })

describe('check frame, in process', () => {
  it.each([
    ['an active customer', 'active', magic.usNy],
    ['a customer whose terms are outstanding', 'termsAcceptanceRequired', magic.terms],
    ['a customer whose KYC is pending', 'pending', magic.kycPending],
    ['a customer whose KYC failed', 'failed', magic.kycFailed],
    ['a customer in a restricted country', 'unavailable', magic.unavailable],
  ] as const)('reports %s as %s, with the customer and no mismatch', async (_who, status, body) => {
    const { payload } = await checkSession(body)
    expect(payload).toMatchObject({ status, customer: { id: expect.any(String) } })
    expect(payload).not.toHaveProperty('mismatch')
  })

  it('reports the active customer’s geography', async () => {
    const { payload } = await checkSession(magic.eea)
    expect(payload.customer).toMatchObject({ country: 'DEU', administrativeArea: null, area: 'EEA' })
  })

  it('reports a guest-checkout session as active with capabilities.guestCheckout', async () => {
    const { payload } = await checkSession(magic.guest)
    expect(payload).toMatchObject({ status: 'active', capabilities: { guestCheckout: { enabled: true } } })
  })

  it('reports connectionRequired with mismatch true when the email and the phone are two customers', async () => {
    const { payload } = await checkSession({ email: magic.usNy.email, phoneNumber: magic.gb.phoneNumber })
    expect(payload).toEqual({ status: 'connectionRequired', mismatch: true, credentials: expect.any(String) })
  })

  it('reports a new customer as connectionRequired without a mismatch field or a customer', async () => {
    const { payload } = await checkSession(magic.stranger)
    expect(payload).toEqual({ status: 'connectionRequired', credentials: expect.any(String) })
  })

  it('with skipKyc=true reports a new customer as authenticationRequired, and the auth frame then gives it full credentials', async () => {
    const core = createSandboxCore()
    const account = platformAccount(core)
    const sessionToken = await account.session({ ...magic.stranger, termsAcceptedAt: '2026-01-01T00:00:00.000Z' })
    const { payload, credentials } = await check(sessionToken, core, { skipKyc: 'true' })
    expect(payload).toMatchObject({
      status: 'authenticationRequired',
      customer: { id: expect.stringMatching(/^cus_/), kyc: { status: 'not_started' } },
    })
    const keys = await generateHostKeyPair()
    const auth = await openInProcessFrame(core, authMachine, {
      channelId: 'channel-auth',
      clientToken: credentials.clientToken,
      publicKey: keys.publicKeyHex,
    })
    auth.runtime.receive({ kind: 'ack' })
    await auth.runtime.idle()
    auth.runtime.act({ type: 'enterCode', code: '000000' })
    await auth.runtime.idle()
    const complete = conforms(ConnectionComplete, (auth.events.at(-1) as { payload: unknown }).payload)
    expect(complete).toMatchObject({
      status: 'active',
      customer: { id: (payload.customer as { id: string }).id, kyc: { status: 'not_started' } },
    })
    const full = await decryptCredentials(complete.credentials, keys.privateKey)
    expect((await send(core, 'GET /platform/v1/payment-methods', bearer(full.accessToken))).status).toBe(200)
  })

  it('with skipKyc=false reports a new customer as connectionRequired, as without it', async () => {
    const core = createSandboxCore()
    const account = platformAccount(core)
    const { payload } = await check(
      await account.session({ ...magic.stranger, termsAcceptedAt: '2026-01-01T00:00:00.000Z' }),
      core,
      { skipKyc: 'false' },
    )
    expect(payload).toEqual({ status: 'connectionRequired', credentials: expect.any(String) })
  })

  it('encrypts exactly the credentials the sandbox issues for the session', async () => {
    const { core, account, sessionToken, credentials, payload } = await checkSession(magic.usNy)
    const response = await send(core, 'POST /__sandbox/connections', {
      headers: account.headers,
      body: { sessionToken },
    })
    const issued = conforms(dataOf(Connection), response.body).data
    expect(credentials).toEqual(issued.credentials)
    expect(payload.customer).toEqual(issued.customer)
  })

  it('gives an active customer full credentials and a new customer anonymous ones', async () => {
    const active = await checkSession(magic.usNy)
    expect(
      (await send(active.core, 'GET /platform/v1/payment-methods', bearer(active.credentials.accessToken))).status,
    ).toBe(200)
    const stranger = await checkSession(magic.stranger)
    expect(
      (await send(stranger.core, 'GET /platform/v1/payment-methods', bearer(stranger.credentials.accessToken))).status,
    ).toBe(403)
  })

  it('reports active once a new session carries termsAcceptedAt, and keeps the acceptance for later sessions', async () => {
    const core = createSandboxCore()
    const account = platformAccount(core)
    expect((await check(await account.session(magic.terms), core)).payload.status).toBe('termsAcceptanceRequired')
    const accepted = await check(
      await account.session({ ...magic.terms, termsAcceptedAt: account.tenant().clock.iso() }),
      core,
    )
    expect(accepted.payload.status).toBe('active')
    expect(
      (await send(core, 'GET /platform/v1/payment-methods', bearer(accepted.credentials.accessToken))).status,
    ).toBe(200)
    expect((await check(await account.session(magic.terms), core)).payload.status).toBe('active')
  })

  it('reports invalid_token when the session is revoked after the frame opened', async () => {
    const core = createSandboxCore()
    const account = platformAccount(core)
    const sessionToken = await account.session(magic.usNy)
    const keys = await generateHostKeyPair()
    const frame = await openInProcessFrame(core, checkMachine, {
      channelId: 'channel-check',
      sessionToken,
      publicKey: keys.publicKeyHex,
    })
    expect(
      (await send(core, 'DELETE /platform/v1/sessions', { headers: account.headers, body: { sessionToken } })).status,
    ).toBe(204)
    frame.runtime.receive({ kind: 'ack' })
    await frame.runtime.idle()
    expect(frame.events).toEqual([
      { kind: 'handshake' },
      { kind: 'error', payload: { code: 'invalid_token', message: expect.stringMatching(/revoked/) } },
    ])
  })

  it("journals the frame's parameters on its handshake, channelId aside", async () => {
    const { account, frame } = await checkSession(magic.usNy)
    const [handshake, ack] = account.tenant().journal.list({ kind: 'frame' })
    expect(handshake).toMatchObject({
      event: 'handshake',
      params: { sessionToken: frame.context.params.sessionToken, publicKey: frame.context.params.publicKey },
    })
    expect(Object.keys((handshake as { params: object }).params).sort()).toEqual(['publicKey', 'sessionToken'])
    expect(ack).not.toHaveProperty('params')
  })

  it('journals handshake, ack and complete in order for the session', async () => {
    const { account, frame } = await checkSession(magic.usNy)
    const journal = account.tenant().journal.list({ kind: 'frame' })
    expect(journal.map((e) => (e.kind === 'frame' ? `${e.direction} ${e.event}` : ''))).toEqual([
      'out handshake',
      'in ack',
      'out complete',
    ])
    expect(journal[2]).toMatchObject({ frame: 'check', channelId: 'channel-check', session: frame.context.session!.id })
  })
})

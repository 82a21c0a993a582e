import { describe, expect, it } from 'vitest'
import { ConnectionComplete } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { decryptCredentials, generateHostKeyPair } from '../credentials.ts'
import { openInProcessFrame } from '#frames/server/in-process-frame.ts'
import { checkMachine } from './check.ts'
import { connectMachine } from './connect.ts'

/** Opens the connect frame for a new session and acks it, asserting nothing was posted before the ack. */
async function openConnect(
  body: Record<string, unknown>,
  prepare?: (core: SandboxCore, headers: Record<string, string>) => Promise<unknown>,
) {
  const core = createSandboxCore()
  const account = platformAccount(core)
  await prepare?.(core, account.headers)
  const sessionToken = await account.session(body)
  const keys = await generateHostKeyPair()
  const frame = await openInProcessFrame(core, connectMachine, {
    channelId: 'channel-connect',
    sessionToken,
    publicKey: keys.publicKeyHex,
  })
  await frame.runtime.idle()
  expect(frame.events).toEqual([{ kind: 'handshake' }])
  frame.runtime.receive({ kind: 'ack' })
  await frame.runtime.idle()
  const act = (action: Parameters<typeof frame.runtime.act>[0]) => (frame.runtime.act(action), frame.runtime.idle())
  const complete = async () => {
    expect(frame.events.map((e) => e.kind)).toEqual(['handshake', 'complete'])
    const payload = conforms(ConnectionComplete, (frame.events[1] as { payload: unknown }).payload)
    return { payload, credentials: await decryptCredentials(payload.credentials, keys.privateKey) }
  }
  return { core, account, sessionToken, frame, act, complete }
}

async function register(connect: Awaited<ReturnType<typeof openConnect>>, email: string) {
  await connect.act({ type: 'enterEmail', email })
  await connect.act({ type: 'enterCode', code: '000000' })
  await connect.act({ type: 'acceptTerms' })
}

const paymentMethods = (core: SandboxCore, accessToken: string) =>
  send(core, 'GET /platform/v1/payment-methods', { headers: { authorization: `Bearer ${accessToken}` } })

describe('connect frame, in process', () => {
  it('onboards a new customer: email, a wrong code refused, 000000, terms, then complete active with full credentials', async () => {
    const connect = await openConnect(magic.stranger)
    expect(connect.frame.runtime.view()).toMatchObject({ screen: 'email' })
    await connect.act({ type: 'enterEmail', email: 'Fresh.Customer@example.com' })
    expect(connect.frame.runtime.view()).toMatchObject({ screen: 'code' })
    await connect.act({ type: 'enterCode', code: '123456' })
    expect(connect.frame.runtime.view()).toMatchObject({ screen: 'code', error: expect.stringMatching(/not right/) })
    expect(connect.frame.events).toEqual([{ kind: 'handshake' }])
    await connect.act({ type: 'enterCode', code: '000000' })
    expect(connect.frame.runtime.view()).toMatchObject({ screen: 'terms' })
    await connect.act({ type: 'acceptTerms' })
    const { payload, credentials } = await connect.complete()
    expect(payload).toMatchObject({
      status: 'active',
      customer: { country: 'USA', administrativeArea: 'NY', area: null, kyc: { status: 'approved', requirements: [] } },
    })
    expect(payload).not.toHaveProperty('mismatch')
    expect(await paymentMethods(connect.core, credentials.accessToken)).toMatchObject({
      status: 200,
      body: { data: { paymentMethods: [] } },
    })
  })

  it('stores the new customer with the email entered and terms accepted now, and links the session to it', async () => {
    const connect = await openConnect({})
    await register(connect, 'Fresh.Customer@example.com')
    const { payload } = await connect.complete()
    const tenant = connect.account.tenant()
    const record = (await tenant.store()).customers.get(payload.customer!.id)
    expect(record).toMatchObject({
      email: 'fresh.customer@example.com',
      phoneNumber: null,
      country: 'USA',
      administrativeArea: null,
      kycStatus: 'approved',
      termsAcceptedAt: tenant.clock.iso(),
      guest: false,
      magic: null,
    })
    const keys = await generateHostKeyPair()
    const again = await openInProcessFrame(connect.core, checkMachine, {
      channelId: 'channel-check',
      sessionToken: connect.sessionToken,
      publicKey: keys.publicKeyHex,
    })
    again.runtime.receive({ kind: 'ack' })
    await again.runtime.idle()
    expect(again.events[1]).toMatchObject({
      kind: 'complete',
      payload: { status: 'active', customer: { id: payload.customer!.id } },
    })
  })

  it.each([
    ['+447700900999', { country: 'GBR', administrativeArea: null, area: null }],
    ['+4930555019999', { country: 'DEU', administrativeArea: null, area: 'EEA' }],
    ['+33612345678', { country: 'USA', administrativeArea: null, area: null }],
  ])('places a new customer with phone %s by its prefix', async (phoneNumber, geography) => {
    const connect = await openConnect({ email: 'someone@example.com', phoneNumber })
    await register(connect, 'someone@example.com')
    expect((await connect.complete()).payload.customer).toMatchObject(geography)
  })

  it('sends the customer back to the email screen when the email belongs to another customer', async () => {
    const connect = await openConnect(magic.stranger)
    await register(connect, magic.usNy.email)
    expect(connect.frame.runtime.view()).toMatchObject({
      screen: 'email',
      error: expect.stringMatching(/another account/),
    })
    expect(connect.frame.events).toEqual([{ kind: 'handshake' }])
    await register(connect, 'other@example.com')
    expect((await connect.complete()).payload.status).toBe('active')
  })

  it.each([
    ['an active customer', 'active', magic.usNy, 200],
    ['a KYC-pending customer', 'pending', magic.kycPending, 403],
    ['a KYC-failed customer', 'failed', magic.kycFailed, 403],
    ['a customer in a restricted country', 'unavailable', magic.unavailable, 403],
  ] as const)('completes %s at once as %s (payment methods answer %i)', async (_who, status, body, methods) => {
    const connect = await openConnect(body)
    const { payload, credentials } = await connect.complete()
    expect(payload).toMatchObject({ status, customer: { id: expect.any(String) } })
    expect((await paymentMethods(connect.core, credentials.accessToken)).status).toBe(methods)
  })

  it('completes a mismatch at once as connectionRequired with mismatch true', async () => {
    const connect = await openConnect({ email: magic.usNy.email, phoneNumber: magic.gb.phoneNumber })
    expect((await connect.complete()).payload).toEqual({
      status: 'connectionRequired',
      mismatch: true,
      credentials: expect.any(String),
    })
  })

  it('shows outstanding terms, and after acceptTerms completes termsAcceptanceRequired with anonymous credentials, leaving the terms outstanding', async () => {
    const connect = await openConnect(magic.terms)
    expect(connect.frame.runtime.view()).toMatchObject({ screen: 'terms' })
    expect(connect.frame.events).toEqual([{ kind: 'handshake' }])
    await connect.act({ type: 'acceptTerms' })
    const { payload, credentials } = await connect.complete()
    expect(payload.status).toBe('termsAcceptanceRequired')
    expect((await paymentMethods(connect.core, credentials.accessToken)).status).toBe(403)
    const replay = await send(connect.core, 'POST /__sandbox/connections', {
      headers: connect.account.headers,
      body: { sessionToken: connect.sessionToken },
    })
    expect(replay.body).toMatchObject({ data: { status: 'termsAcceptanceRequired' } })
  })

  it('onboards a guest as a full customer when guest checkout is off', async () => {
    const connect = await openConnect(magic.guest, (core, headers) =>
      send(core, 'PUT /__sandbox/settings', { headers, body: { capabilities: { guestCheckout: false } } }),
    )
    expect(connect.frame.runtime.view()).toMatchObject({ screen: 'email' })
    await register(connect, 'guest.upgraded@example.com')
    const { payload } = await connect.complete()
    const guest = (await connect.account.tenant().store()).customerByEmail(magic.guest.email)!
    expect(payload).toMatchObject({ status: 'active', customer: { id: guest.id, kyc: { status: 'approved' } } })
    expect(guest).toMatchObject({ guest: false, kycStatus: 'approved' })
  })

  it('closes without posting anything when the customer cancels', async () => {
    const connect = await openConnect(magic.stranger)
    await connect.act({ type: 'enterEmail', email: 'quitter@example.com' })
    await connect.act({ type: 'cancel' })
    expect(connect.frame.runtime.view()).toMatchObject({ screen: 'closed', actions: [] })
    await connect.act({ type: 'enterCode', code: '000000' })
    expect(connect.frame.events).toEqual([{ kind: 'handshake' }])
    // Messages only: the customer's actions are journaled too (direction `action`).
    const messages = connect.account
      .tenant()
      .journal.list({ kind: 'frame' })
      .filter((e) => e.kind === 'frame' && e.direction !== 'action')
    expect(messages.map((e) => (e.kind === 'frame' ? e.event : ''))).toEqual(['handshake', 'ack'])
  })

  it('reports invalid_token when the session is revoked before the customer accepts the terms', async () => {
    const connect = await openConnect(magic.stranger)
    await connect.act({ type: 'enterEmail', email: 'late@example.com' })
    await connect.act({ type: 'enterCode', code: '000000' })
    await send(connect.core, 'DELETE /platform/v1/sessions', {
      headers: connect.account.headers,
      body: { sessionToken: connect.sessionToken },
    })
    await connect.act({ type: 'acceptTerms' })
    expect(connect.frame.events).toEqual([
      { kind: 'handshake' },
      { kind: 'error', payload: { code: 'invalid_token', message: expect.stringMatching(/revoked/) } },
    ])
    expect((await connect.account.tenant().store()).customerByEmail('late@example.com')).toBeUndefined()
  })
})

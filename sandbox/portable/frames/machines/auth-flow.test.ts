import { describe, expect, it } from 'vitest'
import { ConnectionComplete } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { verifyToken } from '#domain/tokens.ts'
import { decryptCredentials, generateHostKeyPair } from '../credentials.ts'
import { openInProcessFrame } from '#frames/server/in-process-frame.ts'
import { authMachine } from './auth.ts'

/** Connects a magic customer through the control API, opens the auth frame with its clientToken and acks it. */
async function openAuth(
  body: Record<string, unknown>,
  params: (clientToken: string) => Record<string, string> = (clientToken) => ({ clientToken }),
) {
  const core = createSandboxCore()
  const account = platformAccount(core)
  const { sessionToken, connection } = await account.connect(body)
  const keys = await generateHostKeyPair()
  const frame = await openInProcessFrame(core, authMachine, {
    channelId: 'channel-auth',
    publicKey: keys.publicKeyHex,
    ...params(connection.credentials.clientToken),
  })
  await frame.runtime.idle()
  expect(frame.events).toEqual([{ kind: 'handshake' }])
  frame.runtime.receive({ kind: 'ack' })
  await frame.runtime.idle()
  const act = async (action: Parameters<typeof frame.runtime.act>[0]) => {
    frame.runtime.act(action)
    await frame.runtime.idle()
  }
  return { core, account, sessionToken, connection, keys, frame, act }
}

const paymentMethods = (core: SandboxCore, accessToken: string) =>
  send(core, 'GET /platform/v1/payment-methods', { headers: { authorization: `Bearer ${accessToken}` } })

/** The frame's events were handshake then complete: the complete payload (as the contract has it) and its credentials, decrypted. */
async function completed(auth: Awaited<ReturnType<typeof openAuth>>) {
  expect(auth.frame.events.map((e) => e.kind)).toEqual(['handshake', 'complete'])
  const payload = conforms(ConnectionComplete, (auth.frame.events[1] as { payload: unknown }).payload)
  return { payload, credentials: await decryptCredentials(payload.credentials, auth.keys.privateKey) }
}

describe('auth frame, in process', () => {
  it('authenticates the anonymous clientToken’s customer with 000000: complete active with full credentials', async () => {
    const auth = await openAuth(magic.kycPending)
    expect(auth.connection.status).toBe('pending')
    expect((await paymentMethods(auth.core, auth.connection.credentials.accessToken)).status).toBe(403)
    expect(auth.frame.runtime.view()).toMatchObject({ screen: 'code' })
    await auth.act({ type: 'enterCode', code: '000000' })
    const { payload, credentials } = await completed(auth)
    expect(payload).toMatchObject({ status: 'active', customer: { id: auth.connection.customer!.id } })
    expect(verifyToken(auth.account.tenant(), credentials.accessToken, 'access', 'accessToken')).toMatchObject({
      scope: 'full',
      customer: auth.connection.customer!.id,
    })
    expect(verifyToken(auth.account.tenant(), credentials.clientToken, 'client', 'clientToken')).toMatchObject({
      scope: 'full',
      customer: auth.connection.customer!.id,
    })
    expect((await paymentMethods(auth.core, credentials.accessToken)).status).toBe(200)
  })

  it('authenticates a full clientToken too', async () => {
    const auth = await openAuth(magic.gb)
    await auth.act({ type: 'enterCode', code: '000000' })
    expect(auth.frame.events[1]).toMatchObject({
      kind: 'complete',
      payload: { status: 'active', customer: { id: auth.connection.customer!.id, country: 'GBR' } },
    })
  })

  it('leaves a customer whose terms are outstanding termsAcceptanceRequired: complete with anonymous credentials, the terms still outstanding', async () => {
    const auth = await openAuth(magic.terms)
    expect(auth.connection.status).toBe('termsAcceptanceRequired')
    await auth.act({ type: 'enterCode', code: '000000' })
    const { payload, credentials } = await completed(auth)
    expect(payload).toMatchObject({ status: 'termsAcceptanceRequired', customer: { id: auth.connection.customer!.id } })
    expect(verifyToken(auth.account.tenant(), credentials.accessToken, 'access', 'accessToken')).toMatchObject({
      scope: 'anonymous',
      customer: auth.connection.customer!.id,
    })
    expect((await paymentMethods(auth.core, credentials.accessToken)).status).toBe(403)
    expect((await auth.account.connect(magic.terms)).connection.status).toBe('termsAcceptanceRequired')
  })

  it('authenticates that customer once a new session carries termsAcceptedAt: complete active', async () => {
    const auth = await openAuth({ ...magic.terms, termsAcceptedAt: '2026-01-01T00:00:00.000Z' })
    expect(auth.connection.status).toBe('active')
    await auth.act({ type: 'enterCode', code: '000000' })
    expect(auth.frame.events[1]).toMatchObject({
      kind: 'complete',
      payload: { status: 'active', customer: { id: auth.connection.customer!.id } },
    })
  })

  it('refuses a wrong code on the screen without posting anything', async () => {
    const auth = await openAuth(magic.usNy)
    await auth.act({ type: 'enterCode', code: '111111' })
    expect(auth.frame.runtime.view()).toMatchObject({ screen: 'code', error: expect.stringMatching(/not right/) })
    expect(auth.frame.events).toEqual([{ kind: 'handshake' }])
  })

  it('reports invalid_token for a clientToken without a customer, before asking for a code', async () => {
    const auth = await openAuth(magic.stranger)
    expect(auth.frame.events).toEqual([
      { kind: 'handshake' },
      { kind: 'error', payload: { code: 'invalid_token', message: expect.stringMatching(/no customer/) } },
    ])
    expect(auth.frame.runtime.view()).toMatchObject({ screen: 'failed', actions: [] })
  })

  it('reports invalid_token when opened with an apiKey and no clientToken', async () => {
    const auth = await openAuth(magic.usNy, () => ({ apiKey: 'pk_test_authonly' }))
    expect(auth.frame.events).toEqual([
      { kind: 'handshake' },
      { kind: 'error', payload: { code: 'invalid_token', message: expect.stringMatching(/clientToken/) } },
    ])
  })

  it('reports invalid_token when the session is revoked before the code is entered', async () => {
    const auth = await openAuth(magic.usNy)
    await send(auth.core, 'DELETE /platform/v1/sessions', {
      headers: auth.account.headers,
      body: { sessionToken: auth.sessionToken },
    })
    await auth.act({ type: 'enterCode', code: '000000' })
    expect(auth.frame.events).toEqual([
      { kind: 'handshake' },
      { kind: 'error', payload: { code: 'invalid_token', message: expect.stringMatching(/revoked/) } },
    ])
  })

  it('closes without posting anything when the customer cancels', async () => {
    const auth = await openAuth(magic.usNy)
    await auth.act({ type: 'cancel' })
    await auth.act({ type: 'enterCode', code: '000000' })
    expect(auth.frame.runtime.view()).toMatchObject({ screen: 'closed' })
    expect(auth.frame.events).toEqual([{ kind: 'handshake' }])
  })
})

import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { send } from '#http/test-request.ts'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { openInProcessFrame } from '#frames/server/in-process-frame.ts'
import { resetMachine } from './reset.ts'

describe('reset frame, in process', () => {
  it('logs the customer out: handshake, nothing before ack, complete, and the credentials stop working', async () => {
    const core = createSandboxCore()
    const account = platformAccount(core)
    const { connection } = await account.connect(magic.usNy)
    const frame = await openInProcessFrame(core, resetMachine, {
      channelId: 'channel-1',
      clientToken: connection.credentials.clientToken,
    })
    await frame.runtime.idle()
    expect(frame.events).toEqual([{ kind: 'handshake' }])
    frame.runtime.receive({ kind: 'ack' })
    await frame.runtime.idle()
    expect(frame.events).toEqual([{ kind: 'handshake' }, { kind: 'complete', payload: {} }])
    const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
    expect((await send(core, 'GET /platform/v1/payment-methods', { headers: bearer })).status).toBe(401)
  })

  it('with an apiKey only, completes and revokes no session: the credentials keep working', async () => {
    const core = createSandboxCore()
    const account = platformAccount(core)
    const { connection } = await account.connect(magic.usNy)
    const frame = await openInProcessFrame(core, resetMachine, {
      channelId: 'channel-5',
      apiKey: `pk_test_${account.account}`,
    })
    frame.runtime.receive({ kind: 'ack' })
    await frame.runtime.idle()
    expect(frame.events).toEqual([{ kind: 'handshake' }, { kind: 'complete', payload: {} }])
    const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
    expect((await send(core, 'GET /platform/v1/payment-methods', { headers: bearer })).status).toBe(200)
  })

  it('journals what an apiKey-only reset cleared: no session, and no browser state in process', async () => {
    const core = createSandboxCore()
    const account = platformAccount(core)
    const frame = await openInProcessFrame(core, resetMachine, {
      channelId: 'channel-6',
      apiKey: `pk_test_${account.account}`,
    })
    frame.runtime.receive({ kind: 'ack' })
    await frame.runtime.idle()
    const states = account
      .tenant()
      .journal.list({ kind: 'state' })
      .filter((e) => e.kind === 'state' && ['auth:reset', 'session:revoked'].includes(e.event))
    expect(states).toEqual([
      expect.objectContaining({
        event: 'auth:reset',
        detail: {
          frame: 'reset',
          channelId: 'channel-6',
          authorizedBy: 'apiKey',
          revokedSessions: 0,
          browserState: 'not in a browser',
        },
      }),
    ])
  })

  it('journals what a clientToken reset cleared: the revoked session', async () => {
    const core = createSandboxCore()
    const account = platformAccount(core)
    const { connection } = await account.connect(magic.usNy)
    const frame = await openInProcessFrame(core, resetMachine, {
      channelId: 'channel-7',
      clientToken: connection.credentials.clientToken,
    })
    frame.runtime.receive({ kind: 'ack' })
    await frame.runtime.idle()
    const reset = account
      .tenant()
      .journal.list({ kind: 'state' })
      .find((e) => e.kind === 'state' && e.event === 'auth:reset')
    expect(reset).toMatchObject({
      detail: { authorizedBy: 'clientToken', revokedSessions: 1, browserState: 'not in a browser' },
    })
  })

  it('journals what it sent and received, with frame, channel and session', async () => {
    const core = createSandboxCore()
    const account = platformAccount(core)
    const { connection } = await account.connect(magic.usNy)
    const frame = await openInProcessFrame(core, resetMachine, {
      channelId: 'channel-2',
      clientToken: connection.credentials.clientToken,
    })
    frame.runtime.receive({ kind: 'ack' })
    await frame.runtime.idle()
    const journal = account.tenant().journal.list({ kind: 'frame' })
    expect(journal.map((e) => (e.kind === 'frame' ? `${e.direction} ${e.event}` : ''))).toEqual([
      'out handshake',
      'in ack',
      'out complete',
    ])
    expect(journal[0]).toMatchObject({ frame: 'reset', channelId: 'channel-2', session: frame.context.session!.id })
  })

  it('answers a language parameter with an invalid_parameters error after the ack', async () => {
    const core = createSandboxCore()
    const frame = await openInProcessFrame(core, resetMachine, {
      channelId: 'channel-3',
      apiKey: 'pk_test_x',
      language: 'en',
    })
    frame.runtime.receive({ kind: 'ack' })
    await frame.runtime.idle()
    expect(frame.events).toEqual([
      { kind: 'handshake' },
      { kind: 'error', payload: { code: 'invalid_parameters', message: 'language is not a known field' } },
    ])
  })

  it('answers a revoked clientToken with an invalid_token error after the ack', async () => {
    const core = createSandboxCore()
    const account = platformAccount(core)
    const { sessionToken, connection } = await account.connect(magic.usNy)
    await send(core, 'DELETE /platform/v1/sessions', { headers: account.headers, body: { sessionToken } })
    const frame = await openInProcessFrame(core, resetMachine, {
      channelId: 'channel-4',
      clientToken: connection.credentials.clientToken,
    })
    frame.runtime.receive({ kind: 'ack' })
    await frame.runtime.idle()
    expect(frame.events.map((e) => e.kind)).toEqual(['handshake', 'error'])
    expect(frame.events[1]).toMatchObject({ payload: { code: 'invalid_token' } })
  })
})

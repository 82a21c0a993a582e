import { describe, expect, it } from 'vitest'
import { BuyQuote, Connection, PlatformError, SandboxSnapshot, SessionCreated, dataOf } from '#contract/index.ts'
import { executeBuyQuote } from '#domain/transactions.ts'
import { resolveFrameContext } from '#frames/effects/frame-context.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'

const SECRET = 'ab'.repeat(32)
const SK = { 'x-api-key': 'sk_test_snapshot' }
const NY = { email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' }

/** A core with a session, a connected customer, settings, a fault, an advanced clock and a transaction pending settlement. */
async function busyCore(): Promise<{ core: SandboxCore; accessToken: string; transactionId: string }> {
  const core = createSandboxCore({ secret: SECRET, bootId: 'boot1' })
  const session = conforms(
    dataOf(SessionCreated),
    (
      await send(core, 'POST /platform/v1/sessions', {
        headers: SK,
        body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7', ...NY },
      })
    ).body,
  ).data
  const connection = conforms(
    dataOf(Connection),
    (await send(core, 'POST /__sandbox/connections', { headers: SK, body: { sessionToken: session.sessionToken } }))
      .body,
  ).data
  await send(core, 'PUT /__sandbox/settings', {
    headers: SK,
    body: {
      allowedOrigins: ['https://shop.example'],
      webhookUpdatedEvents: 'statusChange',
      webhookUpdatedOnFailure: true,
    },
  })
  await send(core, 'POST /__sandbox/faults', { headers: SK, body: { path: '/v3/currencies', status: 503, times: 2 } })
  await send(core, 'POST /__sandbox/clock/advance', { headers: SK, body: { by: '30m' } })
  const tenant = core.tenants.get('snapshot', 'test')
  const store = await tenant.store()
  const card = store.cards.where('byCustomer', connection.customer!.id).find((c) => c.expiryYear > 2026)!
  const quote = conforms(
    dataOf(BuyQuote),
    (
      await send(core, 'POST /platform/v1/quotes/buy', {
        headers: { authorization: `Bearer ${connection.credentials.accessToken}` },
        body: {
          source: { asset: { code: 'usd' }, amount: 100 },
          destination: { asset: { code: 'eth' } },
          wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
          paymentMethod: { type: 'card', id: card.id },
        },
      })
    ).body,
  ).data
  const transaction = await executeBuyQuote(tenant, store, connection.customer!.id, quote)
  return { core, accessToken: connection.credentials.accessToken, transactionId: transaction.id }
}

/** A snapshot as a file would give it back: JSON text, parsed with the schema. */
async function throughJson(core: SandboxCore): Promise<SandboxSnapshot> {
  return SandboxSnapshot.parse(JSON.parse(JSON.stringify(await core.snapshot())))
}

async function restoredFrom(snapshot: SandboxSnapshot): Promise<SandboxCore> {
  const core = createSandboxCore({ seed: snapshot.seed, secret: snapshot.secret, bootId: snapshot.bootId })
  await core.restore(snapshot)
  return core
}

describe('a sandbox snapshot', () => {
  it('restores every tenant: its data, clock, settings, faults and journal', async () => {
    const { core } = await busyCore()
    const before = core.tenants.get('snapshot', 'test')
    const after = (await restoredFrom(await throughJson(core))).tenants.get('snapshot', 'test')
    expect(after.clock.now()).toBe(before.clock.now())
    expect(after.settings).toEqual(before.settings)
    expect(after.settings).toMatchObject({ webhookUpdatedEvents: 'statusChange', webhookUpdatedOnFailure: true })
    expect(after.faults.list(after.clock.now())).toEqual(before.faults.list(before.clock.now()))
    expect(after.journal.list()).toEqual(before.journal.list())
    expect((await after.store()).snapshot()).toEqual((await before.store()).snapshot())
  })

  it('keeps tokens working: an access token from before reads the transactions after', async () => {
    const { core, accessToken, transactionId } = await busyCore()
    const restored = await restoredFrom(await throughJson(core))
    const response = await send(restored, `GET /platform/v1/transactions/${transactionId}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    })
    expect(response.status).toBe(200)
  })

  it('schedules pending jobs again: a transaction pending before settles after, when the clock passes its time', async () => {
    const { core, transactionId } = await busyCore()
    const restored = await restoredFrom(await throughJson(core))
    const tenant = restored.tenants.get('snapshot', 'test')
    expect([...tenant.jobs].map((job) => job.kind)).toEqual([
      'transaction:stage',
      'transaction:stage',
      'transaction:settle',
    ])
    tenant.clock.advance(60_000)
    await tenant.clock.settled()
    expect((await tenant.store()).transactions.get(transactionId)?.status).toBe('completed')
    expect(tenant.jobs.size).toBe(0)
  })

  it('goes on numbering ids where it was, so a new session does not reuse an old id', async () => {
    const { core } = await busyCore()
    const restored = await restoredFrom(await throughJson(core))
    await send(restored, 'POST /platform/v1/sessions', {
      headers: SK,
      body: { externalCustomerId: 'u2', deviceIp: '203.0.113.7' },
    })
    const ids = (await restored.tenants.get('snapshot', 'test').store()).sessions.all().map((s) => s.id)
    expect(new Set(ids).size).toBe(2)
  })

  it('is refused by a core of another seed, saying which', async () => {
    const { core } = await busyCore()
    const other = createSandboxCore({ seed: 2, secret: SECRET, bootId: 'boot1' })
    await expect(other.restore(await throughJson(core))).rejects.toThrow(
      'the state was saved with seed 1, not 2: start with --seed 1, or use another state file',
    )
  })
})

describe('a token from another incarnation of its tenant', () => {
  it('names an unknown session because the sandbox restarted without keeping state', async () => {
    const { accessToken } = await busyCore()
    const restarted = createSandboxCore({ secret: SECRET, bootId: 'boot2' })
    const response = await send(restarted, 'GET /platform/v1/transactions', {
      headers: { authorization: `Bearer ${accessToken}` },
    })
    expect(response.status).toBe(401)
    expect(conforms(PlatformError, response.body).message).toBe(
      'Authorization Bearer token names an unknown session (the sandbox restarted without --state-file)',
    )
  })

  it('is refused the same way by a frame: a check frame opened with a session token from before a restart', async () => {
    const core = createSandboxCore({ secret: SECRET, bootId: 'boot1' })
    const { sessionToken } = conforms(
      dataOf(SessionCreated),
      (
        await send(core, 'POST /platform/v1/sessions', {
          headers: SK,
          body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7' },
        })
      ).body,
    ).data
    const restarted = createSandboxCore({ secret: SECRET, bootId: 'boot2' })
    await expect(resolveFrameContext(restarted, 'check', { channelId: 'c1', sessionToken })).rejects.toThrow(
      'sessionToken names an unknown session (the sandbox restarted without --state-file)',
    )
  })

  it('names an unknown session because the account was reset, even where the new session has the old id', async () => {
    const { core, accessToken } = await busyCore()
    await send(core, 'POST /__sandbox/reset', { headers: SK })
    const session = conforms(
      dataOf(SessionCreated),
      (
        await send(core, 'POST /platform/v1/sessions', {
          headers: SK,
          body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7', ...NY },
        })
      ).body,
    ).data
    await send(core, 'POST /__sandbox/connections', { headers: SK, body: { sessionToken: session.sessionToken } })
    const response = await send(core, 'GET /platform/v1/transactions', {
      headers: { authorization: `Bearer ${accessToken}` },
    })
    expect(response.status).toBe(401)
    expect(conforms(PlatformError, response.body).message).toBe(
      'Authorization Bearer token names an unknown session (the account was reset, or evicted and rebuilt, after it was issued)',
    )
  })

  it('says a session made after the last save was lost when the sandbox restarted from its state file, not that it expired', async () => {
    const core = createSandboxCore({ secret: SECRET, bootId: 'boot1' })
    const sessionOf = async () =>
      conforms(
        dataOf(SessionCreated),
        (
          await send(core, 'POST /platform/v1/sessions', {
            headers: SK,
            body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7' },
          })
        ).body,
      ).data.sessionToken
    const saved = await sessionOf()
    const snapshot = await throughJson(core)
    const lost = await sessionOf()
    const restarted = await restoredFrom(snapshot)
    const revoke = (sessionToken: string) =>
      send(restarted, 'DELETE /platform/v1/sessions', { headers: SK, body: { sessionToken } })
    const refused = await revoke(lost)
    expect(refused.status).toBe(401)
    expect(conforms(PlatformError, refused.body).message).toBe(
      'sessionToken names a session this sandbox does not have: it restarted from its --state-file, last saved before the session was made (a crash or SIGKILL loses what came after the last save; SIGTERM saves first)',
    )
    expect((await revoke(saved)).status).toBe(204)
  })
})

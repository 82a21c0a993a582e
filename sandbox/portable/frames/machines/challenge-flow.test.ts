import { describe, expect, it } from 'vitest'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import { openInProcessFrame } from '#frames/server/in-process-frame.ts'
import { buyMachine } from './buy.ts'
import { challengeMachine } from './challenge.ts'
import { challengeParams, challengeUrl, connectedBuyer, kinds, openPurchase, until } from './purchase-test-kit.ts'

/** A buy frame waiting on the challenge of `amount`, and that challenge's URL parameters. */
async function pendingChallenge(core: SandboxCore, amount = 48) {
  const buyer = await connectedBuyer(core)
  const buy = await openPurchase(core, buyMachine, buyer.clientToken, await buyer.quote(amount))
  await until(buy, 'challenge')
  return { buyer, buy, params: challengeParams(challengeUrl(buy)) }
}

/** Opens the challenge frame with raw parameters (to try bad tokens and other authorizations), acked. */
async function openChallenge(core: SandboxCore, params: Record<string, string>) {
  const frame = await openInProcessFrame(core, challengeMachine, params)
  frame.runtime.receive({ kind: 'ack' })
  await frame.runtime.idle()
  return frame
}

describe('challenge frame, in process', () => {
  it.each([
    [50.13, 'invalid_token'],
    [51.13, 'unsupported_flow'],
    [52.13, 'invalid_challenge'],
  ])(
    'reports the sandbox trigger %s as %s, and the buy frame fails with a transaction failed at verification',
    async (amount, code) => {
      const core = createSandboxCore()
      const { buyer, buy, params } = await pendingChallenge(core, amount)
      const before = (await buyer.tenant.store()).transactions.all().length
      const challenge = await openChallenge(core, { ...params, clientToken: buyer.clientToken })
      await buy.runtime.idle()
      expect(challenge.events).toEqual([
        { kind: 'handshake' },
        { kind: 'error', payload: { code, message: expect.stringContaining(`sandbox trigger ${amount}`) } },
      ])
      expect(buy.events.at(-1)).toEqual({
        kind: 'complete',
        payload: {
          transaction: { id: expect.stringMatching(/^txn_/), status: 'failed' },
          failureCode: 'authorizationDeclined',
          failureReason: `The verification challenge failed (${code}).`,
        },
      })
      const store = await buyer.tenant.store()
      expect(store.transactions.all().length).toBe(before + 1)
      expect(store.transactions.all().at(-1)!.stages[1]).toEqual({
        stage: 'stage_two_verification',
        status: 'failed',
        failureReason: 'error',
      })
    },
  )

  it('reports invalid_token for a token that is garbage, tampered, or a clientToken', async () => {
    const core = createSandboxCore()
    const { buyer, params } = await pendingChallenge(core)
    const token = params.challengeToken!
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA')
    for (const challengeToken of ['cg_nope', tampered, buyer.clientToken]) {
      const frame = await openChallenge(core, { ...params, challengeToken, clientToken: buyer.clientToken })
      expect(frame.events.at(-1), challengeToken).toMatchObject({ kind: 'error', payload: { code: 'invalid_token' } })
    }
  })

  it("reports invalid_token for another account's token", async () => {
    const core = createSandboxCore()
    const { params } = await pendingChallenge(core)
    const stranger = await connectedBuyer(core)
    const otherAccount = await openChallenge(core, { ...params, apiKey: `pk_test_${stranger.account.account}` })
    expect(otherAccount.events.at(-1)).toMatchObject({
      kind: 'error',
      payload: { code: 'invalid_token', message: expect.stringContaining('not issued to this account') },
    })
  })

  it('reports invalid_token when opened with the clientToken of another customer of the same account', async () => {
    const core = createSandboxCore()
    const { buyer, params } = await pendingChallenge(core)
    const { connection } = await buyer.account.connect({
      email: 'active.us-wa@sandbox.test',
      phoneNumber: '+12065550102',
    })
    const frame = await openChallenge(core, { ...params, clientToken: connection.credentials.clientToken })
    expect(frame.events.at(-1)).toMatchObject({
      kind: 'error',
      payload: { code: 'invalid_token', message: expect.stringContaining('another customer') },
    })
  })

  it('opens with the account apiKey alone, as the challenge URL carries what it needs', async () => {
    const core = createSandboxCore()
    const { buyer, buy, params } = await pendingChallenge(core)
    const frame = await openChallenge(core, { ...params, apiKey: `pk_test_${buyer.account.account}` })
    frame.runtime.act({ type: 'completeChallenge' })
    await frame.runtime.idle()
    await buy.runtime.idle()
    expect(kinds(frame)).toEqual(['handshake', 'complete'])
    expect(buy.events.at(-1)).toMatchObject({ kind: 'complete', payload: { transaction: { status: 'pending' } } })
  })

  it('reports invalid_challenge for a challenge already completed, when reopened or completed twice', async () => {
    const core = createSandboxCore()
    const { buyer, params } = await pendingChallenge(core)
    const before = (await buyer.tenant.store()).transactions.all().length
    const first = await openChallenge(core, { ...params, clientToken: buyer.clientToken })
    const second = await openChallenge(core, { ...params, clientToken: buyer.clientToken })
    first.runtime.act({ type: 'completeChallenge' })
    await first.runtime.idle()
    second.runtime.act({ type: 'completeChallenge' })
    await second.runtime.idle()
    expect(second.events.at(-1)).toMatchObject({
      kind: 'error',
      payload: { code: 'invalid_challenge', message: 'the challenge was already completed' },
    })
    const reopened = await openChallenge(core, { ...params, clientToken: buyer.clientToken })
    expect(reopened.events.at(-1)).toMatchObject({ kind: 'error', payload: { code: 'invalid_challenge' } })
    expect((await buyer.tenant.store()).transactions.all().length).toBe(before + 1)
  })
})

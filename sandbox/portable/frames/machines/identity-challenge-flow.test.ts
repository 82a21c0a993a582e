import { describe, expect, it } from 'vitest'
import { ChallengeCancelled, ChallengeComplete, CustomerDetails, dataOf } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import { details, uploadFile } from '#http/routes/customer-test-kit.ts'
import { magic } from '#http/routes/platform-test-kit.ts'
import { identityIdOf } from '#domain/customers/index.ts'
import { applePayMachine } from './apple-pay.ts'
import { googlePayMachine } from './google-pay.ts'
import {
  challengeUrl,
  connectedBuyer,
  kinds,
  openChallengeFrame,
  openPurchase,
  unverifiedBuyer,
  until,
} from './purchase-test-kit.ts'

type Buyer = Awaited<ReturnType<typeof unverifiedBuyer>>

/** The buyer's apple-pay purchase of `amount`, tapped and confirmed, waiting on its identity challenge; and the challenge frame. */
async function identityChallenge(core: SandboxCore, buyer: Buyer, amount = 100) {
  const pay = await openPurchase(core, applePayMachine, buyer.clientToken, await buyer.quote(amount, 'apple_pay'))
  pay.runtime.act({ type: 'tapPay' })
  pay.runtime.act({ type: 'confirmSheet' })
  await until(pay, 'challenge')
  const challenge = await openChallengeFrame(core, challengeUrl(pay), { clientToken: buyer.clientToken })
  return { pay, challenge }
}

const customerOf = async (core: SandboxCore, buyer: Buyer) =>
  conforms(
    dataOf(CustomerDetails),
    (await send(core, `GET /platform/v1/customers/${buyer.customerId}`, { headers: buyer.account.headers })).body,
  ).data

describe('identity challenge, in process', () => {
  it('asks a buyer whose KYC has not started for the challenge frame, which opens on the identity screen', async () => {
    const core = createSandboxCore()
    const { pay, challenge } = await identityChallenge(core, await unverifiedBuyer(core))
    expect(kinds(pay)).toEqual(['handshake', 'ready', 'buttonPressed', 'challenge'])
    expect(pay.events[3]).toEqual({
      kind: 'challenge',
      payload: { kind: 'frame', url: expect.stringContaining('/platform/v1/challenge?') },
    })
    expect(challenge.runtime.view()).toMatchObject({
      screen: 'identity',
      actions: [{ action: 'completeChallenge' }, { action: 'cancelChallenge' }],
    })
  })

  it("posts complete {flow: 'identity', identityId} when the customer verifies, and the purchase goes on to a pending transaction", async () => {
    const core = createSandboxCore()
    const buyer = await unverifiedBuyer(core)
    const { pay, challenge } = await identityChallenge(core, buyer)
    challenge.runtime.act({ type: 'completeChallenge' })
    await challenge.runtime.idle()
    await until(pay, 'complete')
    expect(challenge.events).toEqual([
      { kind: 'handshake' },
      { kind: 'complete', payload: { flow: 'identity', identityId: identityIdOf(buyer.customerId) } },
    ])
    expect(conforms(ChallengeComplete, (challenge.events[1] as { payload: unknown }).payload)).toMatchObject({
      identityId: expect.stringMatching(/^idn_/),
    })
    expect(pay.events.at(-1)).toMatchObject({
      kind: 'complete',
      payload: { transaction: { id: expect.stringMatching(/^txn_/), status: 'pending' } },
    })
  })

  it('approves the customer’s KYC when the customer verifies, clearing the outstanding requirements', async () => {
    const core = createSandboxCore()
    const buyer = await unverifiedBuyer(core)
    expect((await customerOf(core, buyer)).kyc).toEqual({
      status: 'not_started',
      requirements: ['details', 'identity_document', 'selfie'],
    })
    const { challenge } = await identityChallenge(core, buyer)
    challenge.runtime.act({ type: 'completeChallenge' })
    await challenge.runtime.idle()
    expect((await customerOf(core, buyer)).kyc).toEqual({ status: 'approved', requirements: [] })
    expect(
      buyer.tenant.journal.list({ kind: 'state' }).some((e) => JSON.stringify(e).includes('identity-challenge')),
    ).toBe(true)
  })

  it("posts cancelled {flow: 'identity'} with nothing else when the customer cancels, and the purchase fails with no transaction", async () => {
    const core = createSandboxCore()
    const buyer = await unverifiedBuyer(core)
    const { pay, challenge } = await identityChallenge(core, buyer)
    challenge.runtime.act({ type: 'cancelChallenge' })
    await challenge.runtime.idle()
    await until(pay, 'complete')
    expect(challenge.events).toEqual([{ kind: 'handshake' }, { kind: 'cancelled', payload: { flow: 'identity' } }])
    conforms(ChallengeCancelled, (challenge.events[1] as { payload: unknown }).payload)
    expect(pay.events.at(-1)).toEqual({
      kind: 'complete',
      payload: {
        transaction: { id: null, status: 'failed' },
        failureCode: 'authorizationDeclined',
        failureReason: 'The customer cancelled the verification challenge.',
      },
    })
    expect((await buyer.tenant.store()).transactions.filter((t) => t.customerId === buyer.customerId)).toEqual([])
    expect((await customerOf(core, buyer)).kyc.status).toBe('not_started')
  })

  it('asks for identity before a test-mode trigger: after verifying, the 48 wallet-ownership challenge follows', async () => {
    const core = createSandboxCore()
    const buyer = await unverifiedBuyer(core)
    const { pay, challenge } = await identityChallenge(core, buyer, 48)
    challenge.runtime.act({ type: 'completeChallenge' })
    await challenge.runtime.idle()
    await until(pay, 'challenge', 2)
    const second = await openChallengeFrame(core, challengeUrl(pay, 1), { clientToken: buyer.clientToken })
    expect(second.runtime.view().screen).toBe('walletOwnership')
  })

  it('asks a verified buyer for no identity challenge on the next purchase', async () => {
    const core = createSandboxCore()
    const buyer = await unverifiedBuyer(core)
    const first = await identityChallenge(core, buyer)
    first.challenge.runtime.act({ type: 'completeChallenge' })
    await first.challenge.runtime.idle()
    const pay = await openPurchase(core, googlePayMachine, buyer.clientToken, await buyer.quote(100, 'google_pay'))
    await until(pay, 'ready') // the button shows once google_pay's availability is known
    pay.runtime.act({ type: 'tapPay' })
    pay.runtime.act({ type: 'confirmSheet' })
    await until(pay, 'complete')
    expect(kinds(pay)).not.toContain('challenge')
  })

  it('keeps the approval when a decision the Customer API scheduled lands later', async () => {
    const core = createSandboxCore()
    const buyer = await unverifiedBuyer(core)
    const { headers } = buyer.account
    expect(
      (
        await send(core, `POST /platform/v1/customers/${buyer.customerId}/details`, {
          headers,
          body: details({ lastName: 'Rejected' }),
        })
      ).status,
    ).toBe(200)
    const uploadIds = [
      await uploadFile(core, headers, buyer.customerId, 'passport'),
      await uploadFile(core, headers, buyer.customerId, 'selfie'),
    ]
    expect(
      (
        await send(core, `POST /platform/v1/customers/${buyer.customerId}/files/confirm`, {
          headers,
          body: { uploadIds },
        })
      ).status,
    ).toBe(200)
    expect((await send(core, `POST /platform/v1/customers/${buyer.customerId}/verify`, { headers })).status).toBe(200)
    expect((await customerOf(core, buyer)).kyc.status).toBe('pending')
    const { challenge } = await identityChallenge(core, buyer)
    challenge.runtime.act({ type: 'completeChallenge' })
    await challenge.runtime.idle()
    await send(core, 'POST /__sandbox/clock/advance', { headers, body: { by: '61s' } })
    expect((await customerOf(core, buyer)).kyc.status).toBe('approved')
  })

  it('lets a guest-checkout customer buy without an identity challenge', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core, 'test', magic.guest)
    const pay = await openPurchase(core, googlePayMachine, buyer.clientToken, await buyer.quote(100, 'google_pay'))
    await until(pay, 'ready') // the button shows once google_pay's availability is known
    pay.runtime.act({ type: 'tapPay' })
    pay.runtime.act({ type: 'confirmSheet' })
    await until(pay, 'complete')
    expect(kinds(pay)).toEqual(['handshake', 'ready', 'buttonPressed', 'complete'])
  })
})

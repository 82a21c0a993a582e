import { describe, expect, it } from 'vitest'
import { TriggeredWebhook, dataOf } from '#contract/index.ts'
import { runSwapStep } from '#domain/swap-lifecycle.ts'
import { SWAP_EVENT_TYPES } from '#domain/swap-webhooks.ts'
import { handlerTransport } from '#kernel/webhook-transport.ts'
import { createSandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import { driveSwap, swapAccount, type SwapDriveStep, type SwapMoment } from './swap-test-kit.ts'

const ADDRESS = { advance: 5_000 }
const SCREENING = { advance: 10_000 }
const SWAPPING = { advance: 30_000 }
const REFUNDING = { advance: 30_000 }

/** Each swap event, the path that reaches it (its last step sends it), and the swap's status then. */
const EVENTS: Array<{ type: (typeof SWAP_EVENT_TYPES)[number]; steps: SwapDriveStep[]; status: string }> = [
  { type: 'swap_transaction_created', steps: [{ execute: 100 }], status: 'waitingForDepositAddressGeneration' },
  { type: 'swap_deposit_wallet_created', steps: [{ execute: 100 }, ADDRESS], status: 'waitingForDeposit' },
  {
    type: 'swap_deposit_received',
    steps: [{ execute: 100 }, ADDRESS, { deposit: 100 }],
    status: 'screeningWalletAddress',
  },
  {
    type: 'swap_asset_delivery_initiated',
    steps: [{ execute: 100 }, ADDRESS, { deposit: 100 }, SCREENING],
    status: 'executingSwap',
  },
  {
    type: 'swap_transaction_completed',
    steps: [{ execute: 100 }, ADDRESS, { deposit: 100 }, SCREENING, SWAPPING],
    status: 'completed',
  },
  {
    type: 'swap_transaction_failed',
    steps: [{ execute: 62.13 }, ADDRESS, { deposit: 62.13 }, SCREENING],
    status: 'failed',
  },
  {
    type: 'swap_quote_expired',
    steps: [{ execute: 65.13 }, ADDRESS, { deposit: 65.13 }, SCREENING],
    status: 'reQuoteRequired',
  },
  {
    type: 'swap_quote_invalid',
    steps: [{ execute: 100 }, ADDRESS, { deposit: 80 }, SCREENING],
    status: 'reQuoteRequired',
  },
  {
    type: 'swap_refund_asset_delivery_initiated',
    steps: [{ execute: 62.13 }, ADDRESS, { deposit: 62.13 }, SCREENING],
    status: 'failed',
  },
  {
    type: 'swap_refund_completed',
    steps: [{ execute: 62.13 }, ADDRESS, { deposit: 62.13 }, SCREENING, REFUNDING],
    status: 'failed',
  },
]

/** The events of each moment, by type. */
const typesOf = (moments: SwapMoment[]) => moments.map((moment) => moment.events.map((event) => event.type))

describe('swap events', () => {
  it('cover every swap event of the catalogue', () => {
    expect(EVENTS.map((row) => row.type).sort()).toEqual([...SWAP_EVENT_TYPES].sort())
  })

  for (const row of EVENTS) {
    it(`${row.type} is sent at its step (${row.status}), once, with the swap as GET /v4/swap/transaction/{id} shows it then`, async () => {
      const moments = await driveSwap(row.steps)
      const last = moments.at(-1)!
      expect(moments.flatMap((moment) => moment.events).filter((event) => event.type === row.type)).toHaveLength(1)
      const event = last.events.find((candidate) => candidate.type === row.type)
      expect(event, JSON.stringify(typesOf(moments))).toBeDefined()
      expect(event!.data).toEqual(last.swap)
      expect(last.swap.status).toBe(row.status)
    })
  }

  it('follow a completed swap step by step, each carrying the swap at its step', async () => {
    const moments = await driveSwap([{ execute: 100 }, ADDRESS, { deposit: 100 }, SCREENING, SWAPPING])
    expect(typesOf(moments)).toEqual([
      ['swap_transaction_created'],
      ['swap_deposit_wallet_created'],
      ['swap_deposit_received'],
      ['swap_asset_delivery_initiated'],
      ['swap_transaction_completed'],
    ])
    for (const moment of moments) for (const event of moment.events) expect(event.data).toEqual(moment.swap)
  })

  it('follow a requote accepted: quote invalid, then the swap runs at the requote and completes', async () => {
    const moments = await driveSwap([
      { execute: 100 },
      ADDRESS,
      { deposit: 80 },
      SCREENING,
      { requote: 'accept' },
      SWAPPING,
    ])
    expect(typesOf(moments).slice(3)).toEqual([
      ['swap_quote_invalid'],
      ['swap_asset_delivery_initiated'],
      ['swap_transaction_completed'],
    ])
    expect(moments[4]!.events[0]!.data).toEqual(moments[4]!.swap)
    expect(moments[4]!.swap).toMatchObject({ status: 'executingSwap', baseCurrencyAmount: '80' })
  })

  it('follow a requote rejected: failed depositAmountIncorrect, the refund sent, and 30 s later the refund completed', async () => {
    const moments = await driveSwap([
      { execute: 100 },
      ADDRESS,
      { deposit: 80 },
      SCREENING,
      { requote: 'reject' },
      REFUNDING,
    ])
    expect(typesOf(moments).slice(4)).toEqual([
      ['swap_transaction_failed', 'swap_refund_asset_delivery_initiated'],
      ['swap_refund_completed'],
    ])
    for (const moment of moments.slice(4)) for (const event of moment.events) expect(event.data).toEqual(moment.swap)
    expect(moments[4]!.swap).toMatchObject({
      status: 'failed',
      failureReason: 'depositAmountIncorrect',
      refundHash: expect.stringMatching(/^0x/),
    })
  })

  it('send swap_refund_completed once, even when the refund step runs again (a job restored from a state file)', async () => {
    const bodies: Array<Promise<string>> = []
    const core = createSandboxCore({
      seed: 1,
      webhookTransport: handlerTransport((request) => void bodies.push(request.text())),
    })
    const account = await swapAccount(core)
    expect(
      (
        await send(core, 'POST /__sandbox/webhooks/endpoints', {
          headers: account.headers,
          body: { url: 'http://127.0.0.1:9/hooks', events: ['swap_refund_completed'] },
        })
      ).status,
    ).toBe(201)
    const { id } = await account.waitingForDeposit('usdc-eth', 62.13)
    const unrefunded = (await account.executed((await account.quote('usdc-eth', 100)).signature)).transactionId
    await account.deposit(id, 62.13)
    await account.advance(40_000)
    const tenant = account.tenant()!
    const store = await tenant.store()
    await runSwapStep(tenant, store, id, 'refunded')
    await runSwapStep(tenant, store, unrefunded, 'refunded')
    await tenant.background.settled()
    expect((await Promise.all(bodies)).map((text) => (JSON.parse(text) as { data: { id: string } }).data.id)).toEqual([
      id,
    ])
  })

  it('send no refund events for a swap that fails before any deposit', async () => {
    const moments = await driveSwap([{ execute: 61.13 }, ADDRESS, REFUNDING])
    expect(typesOf(moments)).toEqual([['swap_transaction_created'], ['swap_transaction_failed'], []])
    expect(moments[1]!.swap.failureReason).toBe('walletGenerationFailed')
  })

  it('send nothing when screening freezes a swap (the reference has no event for frozen)', async () => {
    const moments = await driveSwap([{ execute: 63.13 }, ADDRESS, { deposit: 63.13 }, SCREENING, SWAPPING])
    expect(typesOf(moments).slice(3)).toEqual([[], []])
    expect(moments.at(-1)!.swap.status).toBe('frozen')
  })

  it('can each be triggered from the control API for the newest swap, with its GET as data', async () => {
    const seen: Array<{ type: string; data: unknown }> = []
    const core = createSandboxCore({
      seed: 1,
      webhookTransport: handlerTransport(async (request) => void seen.push(JSON.parse(await request.text()))),
    })
    const account = await swapAccount(core)
    const { id } = await account.waitingForDeposit('usdc-eth', 100)
    expect(
      (
        await send(core, 'POST /__sandbox/webhooks/endpoints', {
          headers: account.headers,
          body: { url: 'http://127.0.0.1:9/hooks', events: [...SWAP_EVENT_TYPES] },
        })
      ).status,
    ).toBe(201)
    for (const type of SWAP_EVENT_TYPES) {
      const response = await send(core, 'POST /__sandbox/webhooks/trigger', {
        headers: account.headers,
        body: { type },
      })
      expect(response.status, JSON.stringify(response.body)).toBe(201)
      expect(conforms(dataOf(TriggeredWebhook), response.body).data.deliveries).toHaveLength(1)
    }
    await account.tenant()!.background.settled()
    const swap = await account.swap(id)
    expect(seen.map((event) => event.type).sort()).toEqual([...SWAP_EVENT_TYPES].sort())
    for (const event of seen) expect(event.data).toEqual(swap)
  })
})

import { describe, expect, it } from 'vitest'
import { TriggeredWebhook, dataOf } from '#contract/index.ts'
import { handlerTransport } from '#kernel/webhook-transport.ts'
import { createSandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import { swapAccount } from './swap-test-kit.ts'

/** A sandbox whose webhooks land in `seen` (the bodies, parsed), and an account with an endpoint wanting `swap_transaction_failed`. */
async function listening() {
  const seen: Array<{ type: string; data: Record<string, unknown> }> = []
  const core = createSandboxCore({
    seed: 1,
    webhookTransport: handlerTransport(async (request) => void seen.push(JSON.parse(await request.text()))),
  })
  const account = await swapAccount(core)
  const endpoint = await send(core, 'POST /__sandbox/webhooks/endpoints', {
    headers: account.headers,
    body: { url: 'http://127.0.0.1:9/hooks', events: ['swap_transaction_failed'] },
  })
  expect(endpoint.status).toBe(201)
  return { core, seen, account, settled: () => account.tenant()!.background.settled() }
}

describe('swap_transaction_failed', () => {
  it('is sent when a swap fails on the clock, with the swap as GET /v4/swap/transaction/{id} shows it', async () => {
    const { seen, account, settled } = await listening()
    const { id } = await account.waitingForDeposit('usdc-eth', 62.13)
    await account.deposit(id, 62.13)
    await account.advance(10_000)
    await settled()
    expect(seen).toEqual([expect.objectContaining({ type: 'swap_transaction_failed', data: await account.swap(id) })])
    expect(seen[0]!.data).toMatchObject({ status: 'failed', failureReason: 'customerLimitsExceeded' })
  })

  it('is sent when a requote is rejected', async () => {
    const { seen, account, settled, core } = await listening()
    const { id } = await account.waitingForDeposit('usdc-eth', 100)
    await account.deposit(id, 80)
    await account.advance(10_000)
    const requote = (
      await send(core, `GET /v4/swap/transaction/${id}/requote?apiKey=${account.pk}`, {
        headers: account.as(account.first),
      })
    ).body as { signature: string }
    const body = {
      signature: requote.signature,
      externalTransactionId: 'ext-1',
      walletAddresses: { refundWalletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' },
    }
    expect(
      (
        await send(core, `POST /v4/swap/reject_requote?apiKey=${account.pk}`, {
          headers: account.as(account.first),
          body,
        })
      ).status,
    ).toBe(200)
    await settled()
    expect(seen.map((event) => [event.type, event.data.failureReason])).toEqual([
      ['swap_transaction_failed', 'depositAmountIncorrect'],
    ])
  })

  it('is not sent for a swap that completes', async () => {
    const { seen, account, settled } = await listening()
    const { id } = await account.waitingForDeposit('usdc-eth', 100)
    await account.deposit(id, 100)
    await account.advance(40_000)
    await settled()
    expect(seen).toEqual([])
  })

  it('can be triggered from the control API for the newest swap, with overrides', async () => {
    const { seen, account, settled, core } = await listening()
    const { id } = await account.waitingForDeposit('usdc-eth', 100)
    const response = await send(core, 'POST /__sandbox/webhooks/trigger', {
      headers: account.headers,
      body: { type: 'swap_transaction_failed', data: { status: 'failed', failureReason: 'invalidTransaction' } },
    })
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    conforms(dataOf(TriggeredWebhook), response.body)
    await settled()
    expect(seen[0]).toMatchObject({
      type: 'swap_transaction_failed',
      data: { id, status: 'failed', failureReason: 'invalidTransaction' },
    })
  })
})

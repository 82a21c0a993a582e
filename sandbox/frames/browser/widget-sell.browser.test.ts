import { describe, expect, it } from 'vitest'
import { SellTransaction } from '#contract/index.ts'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { conforms, send } from '#http/test-request.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'
import { act, eventsOf, startCall, waitForEvent } from '#testing/host-page-calls.ts'

const env = useBrowserSandbox()
const REFUND = '0x52908400098527886E0F7030069857D2E4169EE7'

describe('widget sell flow in Chromium', () => {
  it('sells 0.5 ETH: amount, refund wallet, confirm, then complete waitingForDeposit and the deposit screen', async () => {
    const account = platformAccount(env.sandbox.core)
    const { connection } = await account.connect(magic.usNy)
    const id = await startCall(env.page, 'setupWidget', [], {
      params: {
        clientToken: connection.credentials.clientToken,
        flow: 'sell',
        currencyCode: 'eth',
        externalTransactionId: 'sell-browser-1',
      },
    })
    await act(env.page, id, 'chooseAmount', { amount: '0.5', currencyCode: 'eth' })
    await act(env.page, id, 'enterWallet', { address: REFUND })
    await act(env.page, id, 'confirmSell')
    const { payload } = await waitForEvent(env.page, id, 'complete')
    expect((await eventsOf(env.page, id)).map((e) => e.kind)).toEqual(['handshake', 'ready', 'complete'])
    expect(payload).toMatchObject({ flow: 'sell', transaction: { status: 'waitingForDeposit' } })
    const read = await send(
      env.sandbox.core,
      `GET /v3/sell_transactions/${payload.transaction.id}?apiKey=pk_test_${account.account}`,
    )
    const sell = conforms(SellTransaction, read.body)
    expect(sell).toMatchObject({
      baseCurrencyAmount: 0.5,
      refundWalletAddress: REFUND,
      externalTransactionId: 'sell-browser-1',
    })
    const deposit = env.page.frameLocator(`section[data-call="${id}"] iframe`).locator('[data-screen="deposit"]')
    await expect
      .poll(() => deposit.textContent(), { timeout: 15_000 })
      .toContain(`Send exactly 0.5 ETH to ${sell.depositWalletAddress} before ${sell.depositExpiresAt}.`)
  }, 30_000)
})

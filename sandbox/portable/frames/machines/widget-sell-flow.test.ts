import { describe, expect, it } from 'vitest'
import { FrameOutbound, SellTransaction } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { conforms, send } from '#http/test-request.ts'
import { openInProcessFrame, type InProcessFrame } from '#frames/server/in-process-frame.ts'
import { widgetFallbackMachine, widgetMachine, type WidgetAction } from './widget.ts'

const REFUND = '0x52908400098527886E0F7030069857D2E4169EE7'
const sale: WidgetAction[] = [
  { type: 'chooseAmount', amount: '0.5' },
  { type: 'enterWallet', address: REFUND },
  { type: 'confirmSell' },
]

/** A widget frame with `flow=sell`, acked: with a connected customer's clientToken, or `'apiKey'` for the publishable key only. */
async function openSellWidget(core: SandboxCore, who: 'customer' | 'apiKey' = 'customer') {
  const account = platformAccount(core)
  const base = {
    channelId: 'channel-1',
    flow: 'sell' as const,
    currencyCode: 'eth',
    externalTransactionId: 'sell-order-1',
  }
  const auth: Record<string, string> =
    who === 'apiKey'
      ? { apiKey: `pk_test_${account.account}` }
      : { clientToken: (await account.connect(magic.usNy)).connection.credentials.clientToken }
  const frame = await openInProcessFrame(core, widgetMachine, { ...base, ...auth })
  frame.runtime.receive({ kind: 'ack' })
  const read = async (id: string) =>
    conforms(
      SellTransaction,
      (await send(core, `GET /v3/sell_transactions/${id}?apiKey=pk_test_${account.account}`)).body,
    )
  return { frame, read, tenant: account.tenant, pk: `pk_test_${account.account}`, headers: account.headers }
}

async function act(frame: InProcessFrame<WidgetAction>, ...actions: WidgetAction[]) {
  for (const action of actions) {
    frame.runtime.act(action)
    await frame.runtime.idle()
  }
}

const completeOf = (frame: InProcessFrame<WidgetAction>) =>
  (
    FrameOutbound.parse(frame.events.at(-1)) as {
      payload: { flow: 'sell'; transaction: { id: string; status: string } }
    }
  ).payload

describe('widget frame sell flow, in process', () => {
  it('sells for the connected customer: complete waitingForDeposit, the sell carries the refund wallet and the external id', async () => {
    const { frame, read } = await openSellWidget(createSandboxCore())
    await act(frame, sale[0]!)
    expect(frame.runtime.view().screen).toBe('refund')
    await act(frame, sale[1]!)
    expect(frame.runtime.view()).toMatchObject({
      screen: 'review',
      body: expect.stringMatching(/^Sell 0\.5 ETH for about [0-9.]+ USD/),
    })
    await act(frame, sale[2]!)
    expect(frame.events.map((e) => e.kind)).toEqual(['handshake', 'ready', 'complete'])
    const { transaction } = completeOf(frame)
    expect(transaction.status).toBe('waitingForDeposit')
    const sell = await read(transaction.id)
    expect(sell).toMatchObject({
      status: 'waitingForDeposit',
      baseCurrencyAmount: 0.5,
      refundWalletAddress: REFUND,
      externalTransactionId: 'sell-order-1',
      payoutMethod: 'ach_bank_transfer',
    })
    expect(frame.runtime.view()).toMatchObject({
      screen: 'deposit',
      body: `Send exactly 0.5 ETH to ${sell.depositWalletAddress} before ${sell.depositExpiresAt}. Sell ${sell.id} is waiting for your deposit.`,
    })
  })

  it('prices the review as the sell quote endpoint does at the same instant', async () => {
    const core = createSandboxCore()
    const { frame, pk } = await openSellWidget(core)
    await act(frame, sale[0]!, sale[1]!)
    const quote = (
      await send(core, `GET /v3/currencies/eth/sell_quote?apiKey=${pk}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5`)
    ).body as { quoteCurrencyAmount: number }
    expect(frame.runtime.view().body).toContain(`for about ${quote.quoteCurrencyAmount} USD`)
  })

  it('completes once the exact deposit arrives and the clock runs 20 s', async () => {
    const core = createSandboxCore()
    const { frame, read, tenant, headers } = await openSellWidget(core)
    await act(frame, ...sale)
    const { id } = completeOf(frame).transaction
    const deposited = await send(core, `POST /__sandbox/sell_transactions/${id}/deposit`, {
      headers,
      body: { amount: 0.5 },
    })
    expect(deposited.status).toBe(200)
    tenant().clock.advance(20_000)
    await tenant().clock.settled()
    expect((await read(id)).status).toBe('completed')
  })

  it('posts error connection_required on confirmSell when opened with an apiKey only, and starts no sell', async () => {
    const { frame } = await openSellWidget(createSandboxCore(), 'apiKey')
    await act(frame, ...sale)
    expect(frame.events.slice(2)).toEqual([
      {
        kind: 'error',
        payload: {
          code: 'connection_required',
          message: 'the widget frame needs the clientToken of a connected customer (full scope)',
        },
      },
    ])
  })

  it('shows a message and posts validationError for an amount below the minimum sell', async () => {
    const { frame } = await openSellWidget(createSandboxCore())
    await act(frame, { type: 'chooseAmount', amount: '0.0001' })
    expect(frame.events.at(-1)).toMatchObject({
      kind: 'error',
      payload: { code: 'validationError', message: expect.stringMatching(/^baseCurrencyAmount must be at least/) },
    })
    expect(frame.runtime.view()).toMatchObject({
      screen: 'amount',
      body: expect.stringMatching(/minSellAmount of eth/),
    })
  })

  it('shows a message and posts validationError for a crypto that does not exist', async () => {
    const { frame } = await openSellWidget(createSandboxCore(), 'apiKey')
    await act(frame, { type: 'chooseAmount', amount: '0.5', currencyCode: 'nope' })
    expect(frame.events.at(-1)).toEqual({
      kind: 'error',
      payload: {
        code: 'validationError',
        message: 'currencyCode nope is not a known currency; GET /v3/currencies lists them',
      },
    })
  })

  it('runs in widget-fallback too', async () => {
    const core = createSandboxCore()
    const account = platformAccount(core)
    const { connection } = await account.connect(magic.usNy)
    const frame = await openInProcessFrame(core, widgetFallbackMachine, {
      channelId: 'channel-1',
      flow: 'sell',
      clientToken: connection.credentials.clientToken,
    })
    frame.runtime.receive({ kind: 'ack' })
    await act(frame, ...sale)
    expect(completeOf(frame)).toMatchObject({ flow: 'sell', transaction: { status: 'waitingForDeposit' } })
  })
})

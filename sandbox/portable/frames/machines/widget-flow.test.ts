import { describe, expect, it } from 'vitest'
import { FrameOutbound, Transaction, pageOf } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { conforms, send } from '#http/test-request.ts'
import { openInProcessFrame, type InProcessFrame } from '#frames/server/in-process-frame.ts'
import type { FrameMachine } from '../machine.ts'
import { widgetFallbackMachine, widgetMachine, type WidgetAction, type WidgetState } from './widget.ts'

/** Either frame of the widget: both run the same machine. */
type WidgetMachines = FrameMachine<'widget' | 'widget-fallback', WidgetState, WidgetAction>

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'

/** A widget frame acked: with a connected `who`'s clientToken, or `'apiKey'` for the account's publishable key only. */
async function openWidget(
  core: SandboxCore,
  who: { email: string; phoneNumber: string } | 'apiKey' = magic.usNy,
  machine: WidgetMachines = widgetMachine,
) {
  const account = platformAccount(core)
  // Only the widget takes externalTransactionId (the spec does not give it to widget-fallback).
  const base = {
    channelId: 'channel-1',
    currencyCode: 'eth',
    ...(machine.frame === 'widget' ? { externalTransactionId: 'order-1' } : {}),
  }
  if (who === 'apiKey') {
    const frame = await openInProcessFrame(core, machine, { ...base, apiKey: `pk_test_${account.account}` })
    frame.runtime.receive({ kind: 'ack' })
    return { frame, transactions: async () => [] as Transaction[], tenant: account.tenant }
  }
  const { connection } = await account.connect(who)
  const frame = await openInProcessFrame(core, machine, { ...base, clientToken: connection.credentials.clientToken })
  frame.runtime.receive({ kind: 'ack' })
  const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
  const transactions = async () =>
    conforms(
      pageOf(Transaction),
      (await send(core, 'GET /platform/v1/transactions?limit=100', { headers: bearer })).body,
    ).data
  return { frame, transactions, tenant: account.tenant }
}

async function act(frame: InProcessFrame<WidgetAction>, ...actions: WidgetAction[]) {
  for (const action of actions) {
    frame.runtime.act(action)
    await frame.runtime.idle()
  }
}

const buy: WidgetAction[] = [
  { type: 'chooseAmount', amount: '100' },
  { type: 'enterWallet', address: ADDRESS },
  { type: 'pay' },
]

describe('widget frame, in process', () => {
  it('buys with Apple Pay for the connected customer: ready, complete, and the transaction is listed and settles', async () => {
    const { frame, transactions, tenant } = await openWidget(createSandboxCore())
    await act(frame, buy[0]!)
    expect(frame.runtime.view().screen).toBe('wallet')
    await act(frame, buy[1]!)
    expect(frame.runtime.view().screen).toBe('review')
    await act(frame, buy[2]!)
    expect(frame.events.map((e) => e.kind)).toEqual(['handshake', 'ready', 'complete'])
    const complete = FrameOutbound.parse(frame.events[2]) as {
      payload: { transaction: { id: string; status: string } }
    }
    expect(complete.payload.transaction.status).toBe('pending')
    const listed = (await transactions()).find((t) => t.id === complete.payload.transaction.id)
    expect(listed).toMatchObject({
      externalTransactionId: 'order-1',
      paymentMethod: { type: 'apple_pay' },
      wallet: { address: ADDRESS },
      totalAmount: 100,
    })
    tenant().clock.advance(20_000)
    await tenant().clock.settled()
    expect((await transactions()).find((t) => t.id === complete.payload.transaction.id)?.status).toBe('completed')
  })

  it('posts error connection_required on pay when opened with an apiKey only', async () => {
    const { frame } = await openWidget(createSandboxCore(), 'apiKey')
    await act(frame, ...buy)
    expect(frame.events).toEqual([
      { kind: 'handshake' },
      { kind: 'ready' },
      {
        kind: 'error',
        payload: {
          code: 'connection_required',
          message: 'the widget frame needs the clientToken of a connected customer (full scope)',
        },
      },
    ])
  })

  it('posts error connection_required on pay for a clientToken of a customer not yet connected', async () => {
    const { frame } = await openWidget(createSandboxCore(), magic.stranger)
    await act(frame, ...buy)
    expect(frame.events.at(-1)).toMatchObject({ kind: 'error', payload: { code: 'connection_required' } })
  })

  it('shows a message and posts validationError for an amount below the minimum buy', async () => {
    const { frame } = await openWidget(createSandboxCore())
    await act(frame, { type: 'chooseAmount', amount: '10' })
    expect(frame.events.at(-1)).toMatchObject({
      kind: 'error',
      payload: { code: 'validationError', message: expect.stringMatching(/below the minimum buy/) },
    })
    expect(frame.runtime.view()).toMatchObject({
      screen: 'amount',
      error: expect.stringMatching(/below the minimum buy/),
    })
  })

  it('shows a message and posts validationError for a crypto that does not exist, with an apiKey only', async () => {
    const { frame } = await openWidget(createSandboxCore(), 'apiKey')
    await act(frame, { type: 'chooseAmount', amount: '100', currencyCode: 'nope' })
    expect(frame.events.at(-1)).toEqual({
      kind: 'error',
      payload: { code: 'validationError', message: 'destination.asset.code nope is not a known currency' },
    })
  })

  it('shows a message and posts validationError for a wallet that is not an address of the crypto, and buys nothing', async () => {
    const { frame, transactions } = await openWidget(createSandboxCore())
    const before = (await transactions()).length
    await act(
      frame,
      buy[0]!,
      { type: 'enterWallet', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      { type: 'pay' },
    )
    expect(frame.events.slice(2)).toEqual([
      {
        kind: 'error',
        payload: {
          code: 'validationError',
          message: 'wallet.address is not a valid eth address (^0x[0-9a-fA-F]{40}$)',
        },
      },
    ])
    expect(frame.runtime.view()).toMatchObject({ screen: 'wallet', error: 'This is not a valid ETH address.' })
    expect(await transactions()).toHaveLength(before)
  })
})

describe('widget-fallback frame, in process', () => {
  it('posts the same events as the widget and its transaction is listed', async () => {
    const { frame, transactions } = await openWidget(createSandboxCore(), magic.usNy, widgetFallbackMachine)
    await act(frame, ...buy)
    expect(frame.events.map((e) => e.kind)).toEqual(['handshake', 'ready', 'complete'])
    const { id } = (frame.events[2] as { payload: { transaction: { id: string } } }).payload.transaction
    expect((await transactions()).map((t) => t.id)).toContain(id)
    expect(frame.context.tenant.journal.list({ kind: 'frame' })[0]).toMatchObject({ frame: 'widget-fallback' })
  })
})

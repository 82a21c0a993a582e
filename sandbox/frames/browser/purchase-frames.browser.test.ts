import { describe, expect, it } from 'vitest'
import type { PaymentMethodType } from '#contract/index.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'
import { connectedBuyer } from '#portable/frames/machines/purchase-test-kit.ts'
import { encodeQuote } from '#portable/frames/machines/purchase-flow.ts'
import { expectEvents } from '../testing/expect-events.ts'
import { normalizeEvents } from '../testing/normalize-events.ts'
import type { EventsByFrame, ScriptStep } from '../testing/frame-script.ts'
import { runScriptInBrowser } from '../testing/run-script-in-browser.ts'
import { runScriptInProcess } from '../testing/run-script-in-process.ts'

const env = useBrowserSandbox()

type Script = (buyer: Awaited<ReturnType<typeof connectedBuyer>>) => Promise<ScriptStep[]>
type Expected = Partial<Record<string, Array<{ kind: string; payload?: unknown }>>>

/** Runs a script for a fresh buyer in Chromium and in process; both meet `expected`, and they agree exactly. */
async function bothDrivers(script: Script, expected: Expected): Promise<void> {
  const inBrowser = await runScriptInBrowser(env.page, await script(await connectedBuyer(env.sandbox.core)))
  const inProcess = await runScriptInProcess(env.sandbox.core, await script(await connectedBuyer(env.sandbox.core)))
  for (const [frame, events] of Object.entries(expected)) {
    expectEvents(inBrowser[frame as keyof EventsByFrame] ?? [], events!)
    expectEvents(inProcess[frame as keyof EventsByFrame] ?? [], events!)
  }
  const same = (events: EventsByFrame) =>
    Object.fromEntries(Object.entries(events).map(([frame, list]) => [frame, normalizeEvents(list ?? [])]))
  expect(same(inBrowser)).toEqual(same(inProcess))
}

const pay =
  (
    frame: 'buy-button' | 'apple-pay' | 'google-pay',
    amount: number,
    method: PaymentMethodType,
    extra: ScriptStep[],
  ): Script =>
  async (buyer) => [
    { open: frame, params: { clientToken: buyer.clientToken, quote: encodeQuote(await buyer.quote(amount, method)) } },
    { act: frame, action: { type: 'tapPay' } },
    { act: frame, action: { type: 'confirmSheet' } },
    ...extra,
  ]

const challenged = (frame: 'buy-button' | 'apple-pay', action: ScriptStep): ScriptStep[] => [
  { until: frame, kind: 'challenge' },
  { openChallenge: {} },
  action,
  { until: frame, kind: 'complete' },
]

const pending = { kind: 'complete', payload: { transaction: { status: 'pending' } } }
const declined = {
  kind: 'complete',
  payload: {
    transaction: { id: expect.stringMatching(/^txn_/), status: 'failed' },
    failureCode: 'authorizationDeclined',
  },
}
const challenge = {
  kind: 'challenge',
  payload: { kind: 'frame', url: expect.stringContaining('/platform/v1/challenge?') },
}

describe('purchase frames in Chromium and in process', { timeout: 30_000 }, () => {
  it('completes a card buy of 48 once the wallet-ownership challenge is completed', async () => {
    await bothDrivers(
      pay(
        'buy-button',
        48,
        'card',
        challenged('buy-button', { act: 'challenge', action: { type: 'completeChallenge' } }),
      ),
      {
        'buy-button': [{ kind: 'handshake' }, { kind: 'ready' }, { kind: 'buttonPressed' }, challenge, pending],
        challenge: [
          { kind: 'handshake' },
          { kind: 'complete', payload: { flow: 'buy', transaction: { status: 'pending' } } },
        ],
      },
    )
  })

  it('fails a buy of 48 whose challenge is cancelled, with a failed transaction', async () => {
    await bothDrivers(
      pay(
        'apple-pay',
        48,
        'apple_pay',
        challenged('apple-pay', { act: 'challenge', action: { type: 'cancelChallenge' } }),
      ),
      {
        'apple-pay': [{ kind: 'handshake' }, { kind: 'ready' }, { kind: 'buttonPressed' }, challenge, declined],
        challenge: [{ kind: 'handshake' }, { kind: 'cancelled', payload: { flow: 'buy' } }],
      },
    )
  })

  it('asks for the CVV again for a card buy of 49', async () => {
    await bothDrivers(
      pay(
        'buy-button',
        49,
        'card',
        challenged('buy-button', { act: 'challenge', action: { type: 'enterCvv', cvv: '4321' } }),
      ),
      {
        'buy-button': [{ kind: 'handshake' }, { kind: 'ready' }, { kind: 'buttonPressed' }, challenge, pending],
        challenge: [{ kind: 'handshake' }, { kind: 'complete', payload: { flow: 'buy' } }],
      },
    )
  })

  it('reports a wallet-pay failure with its failureCode', async () => {
    await bothDrivers(pay('google-pay', 41.13, 'google_pay', [{ until: 'google-pay', kind: 'complete' }]), {
      'google-pay': [
        { kind: 'handshake' },
        { kind: 'ready' },
        { kind: 'buttonPressed' },
        {
          kind: 'complete',
          payload: {
            transaction: { status: 'failed' },
            failureCode: 'transactionNotAllowed',
            failureReason: expect.any(String),
          },
        },
      ],
    })
  })

  it('posts buttonPressed before a sheet that is then cancelled, and again on the tap that pays', async () => {
    await bothDrivers(
      async (buyer) => [
        {
          open: 'apple-pay',
          params: { clientToken: buyer.clientToken, quote: encodeQuote(await buyer.quote(100, 'apple_pay')) },
        },
        { act: 'apple-pay', action: { type: 'tapPay' } },
        { act: 'apple-pay', action: { type: 'cancelSheet' } },
        { act: 'apple-pay', action: { type: 'tapPay' } },
        { act: 'apple-pay', action: { type: 'confirmSheet' } },
        { until: 'apple-pay', kind: 'complete' },
      ],
      {
        'apple-pay': [
          { kind: 'handshake' },
          { kind: 'ready' },
          { kind: 'buttonPressed' },
          { kind: 'buttonPressed' },
          pending,
        ],
      },
    )
  })

  it("journals the customer's actions in the page, with what was typed, and the frame's parameters on its handshake", async () => {
    const buyer = await connectedBuyer(env.sandbox.core)
    const quote = encodeQuote(await buyer.quote(49))
    await runScriptInBrowser(env.page, [
      { open: 'buy-button', params: { clientToken: buyer.clientToken, quote } },
      { act: 'buy-button', action: { type: 'tapPay' } },
      { act: 'buy-button', action: { type: 'confirmSheet' } },
      ...challenged('buy-button', { act: 'challenge', action: { type: 'enterCvv', cvv: '4321' } }),
    ])
    // The page journals by fetch: wait for the last of them.
    await expect
      .poll(
        () =>
          buyer.tenant.journal
            .list({ kind: 'frame' })
            .filter((e) => e.kind === 'frame' && e.frame === 'buy-button' && e.event === 'complete').length,
      )
      .toBe(1)
    const journal = buyer.tenant.journal.list({ kind: 'frame' }).flatMap((e) => (e.kind === 'frame' ? [e] : []))
    expect(
      journal
        .filter((e) => e.direction === 'action')
        .map((e) => ({ frame: e.frame, event: e.event, payload: e.payload })),
    ).toEqual([
      { frame: 'buy-button', event: 'tapPay', payload: undefined },
      { frame: 'buy-button', event: 'confirmSheet', payload: undefined },
      { frame: 'challenge', event: 'enterCvv', payload: { cvv: '4321' } },
    ])
    expect(journal.find((e) => e.frame === 'buy-button' && e.event === 'handshake')?.params).toEqual({
      clientToken: buyer.clientToken,
      quote,
    })
  })
})

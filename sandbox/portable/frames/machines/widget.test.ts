import { describe, expect, it } from 'vitest'
import type { BuyQuote } from '#contract/index.ts'
import type { EffectResult, FrameInput } from '../machine.ts'
import { widgetFallbackMachine, widgetMachine, type WidgetAction, type WidgetState } from './widget.ts'

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
const priced = { currencyCode: 'eth', estimate: 0.0312, addressRegex: '^0x[0-9a-fA-F]{40}$' }
const quote = { executable: true, signature: 'sig' } as unknown as BuyQuote
const params = { channelId: 'channel-1', externalTransactionId: 'order-1' }

const start = (p: { channelId: string; currencyCode?: string; externalTransactionId?: string } = params) =>
  widgetMachine.start(p).state
const act = (state: WidgetState, action: WidgetAction) => widgetMachine.step(state, { type: 'customer', action })
const answer = (state: WidgetState, result: EffectResult) => widgetMachine.step(state, { type: 'result', result })
const ok = (effect: string, value: unknown): EffectResult => ({ effect, ok: true, value }) as EffectResult
const fail = (effect: string, code: string, message: string): EffectResult => ({
  effect,
  ok: false,
  error: { code, message },
})
const same = (state: WidgetState) => ({ state, events: [], effects: [] })

const pricing = () => act(start(), { type: 'chooseAmount', amount: '100' }).state
const wallet = () => answer(pricing(), ok('widget.price', priced)).state
const review = () => act(wallet(), { type: 'enterWallet', address: ` ${ADDRESS} ` }).state
const quoting = () => act(review(), { type: 'pay' }).state
const executing = () => answer(quoting(), ok('widget.quote', quote)).state

describe('widget machine', () => {
  it('posts ready when it starts and offers the amount screen', () => {
    const step = widgetMachine.start(params)
    expect(step.events).toEqual([{ kind: 'ready' }])
    expect(widgetMachine.view(step.state).actions.map((a) => a.action)).toEqual(['chooseAmount'])
  })

  it('prices the amount in the crypto of the currencyCode parameter, lowercased', () => {
    const step = act(start({ channelId: 'channel-1', currencyCode: 'BTC' }), { type: 'chooseAmount', amount: '250.5' })
    expect(step.effects).toEqual([{ type: 'widget.price', fiatCode: 'usd', amount: 250.5, currencyCode: 'btc' }])
  })

  it('defaults to eth without a currencyCode parameter, and the customer may choose another crypto', () => {
    expect(act(start({ channelId: 'channel-1' }), { type: 'chooseAmount', amount: 100 }).effects[0]).toMatchObject({
      currencyCode: 'eth',
    })
    expect(act(start(), { type: 'chooseAmount', amount: 100, currencyCode: 'SOL' }).effects[0]).toMatchObject({
      currencyCode: 'sol',
    })
  })

  it.each([[''], ['abc'], ['-5'], ['0']])('shows a message and posts validationError for the amount %j', (amount) => {
    const step = act(start(), { type: 'chooseAmount', amount })
    expect(step.events).toEqual([
      { kind: 'error', payload: { code: 'validationError', message: 'amount must be a positive number' } },
    ])
    expect(step.effects).toEqual([])
    expect(widgetMachine.view(step.state)).toMatchObject({ screen: 'amount', error: 'Enter an amount to spend.' })
  })

  it('goes to the wallet screen once the amount is priced', () => {
    const state = wallet()
    expect(widgetMachine.view(state)).toMatchObject({ screen: 'wallet', actions: [{ action: 'enterWallet' }] })
  })

  it('returns to the amount screen with a message and validationError when pricing refuses the amount', () => {
    const step = answer(
      pricing(),
      fail('widget.price', 'invalid_request', 'the total 10 usd is below the minimum buy of 26 usd'),
    )
    expect(step.events).toEqual([
      {
        kind: 'error',
        payload: { code: 'validationError', message: 'the total 10 usd is below the minimum buy of 26 usd' },
      },
    ])
    expect(widgetMachine.view(step.state)).toMatchObject({
      screen: 'amount',
      error: 'the total 10 usd is below the minimum buy of 26 usd',
    })
  })

  it('posts the error and stops when pricing fails otherwise', () => {
    const step = answer(pricing(), fail('widget.price', 'service_unavailable', 'down'))
    expect(step).toEqual({
      state: { phase: 'failed' },
      events: [{ kind: 'error', payload: { code: 'service_unavailable', message: 'down' } }],
      effects: [],
    })
  })

  it('shows a message and posts validationError for a wallet that does not match the crypto’s pattern', () => {
    const step = act(wallet(), { type: 'enterWallet', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' })
    expect(step.events).toEqual([
      {
        kind: 'error',
        payload: {
          code: 'validationError',
          message: 'wallet.address is not a valid eth address (^0x[0-9a-fA-F]{40}$)',
        },
      },
    ])
    expect(widgetMachine.view(step.state)).toMatchObject({
      screen: 'wallet',
      error: 'This is not a valid ETH address.',
    })
  })

  it('reviews the order once the wallet matches, then quotes it on pay', () => {
    expect(widgetMachine.view(review())).toMatchObject({
      screen: 'review',
      body: `Pay 100.00 USD for about 0.0312 ETH, sent to ${ADDRESS}.`,
      actions: [{ action: 'pay' }],
    })
    expect(act(review(), { type: 'pay' }).effects).toEqual([
      { type: 'widget.quote', fiatCode: 'usd', amount: 100, currencyCode: 'eth', address: ADDRESS },
    ])
  })

  it('executes the quote with the externalTransactionId parameter', () => {
    expect(answer(quoting(), ok('widget.quote', quote)).effects).toEqual([
      { type: 'widget.execute', quote, externalTransactionId: 'order-1' },
    ])
  })

  it('executes without an externalTransactionId when the frame has none', () => {
    let state = act(start({ channelId: 'channel-1' }), { type: 'chooseAmount', amount: 100 }).state
    state = act(answer(state, ok('widget.price', priced)).state, { type: 'enterWallet', address: ADDRESS }).state
    expect(answer(act(state, { type: 'pay' }).state, ok('widget.quote', quote)).effects).toEqual([
      { type: 'widget.execute', quote },
    ])
  })

  it('posts complete with the transaction id and status once executed', () => {
    const step = answer(executing(), ok('widget.execute', { id: 'txn_1', status: 'pending', extra: 1 }))
    expect(step.events).toEqual([{ kind: 'complete', payload: { transaction: { id: 'txn_1', status: 'pending' } } }])
    expect(widgetMachine.view(step.state)).toMatchObject({ screen: 'done', actions: [] })
  })

  it('posts error connection_required when the quote needs a connected customer', () => {
    const step = answer(
      quoting(),
      fail(
        'widget.quote',
        'connection_required',
        'the widget frame needs the clientToken of a connected customer (full scope)',
      ),
    )
    expect(step.events).toEqual([
      {
        kind: 'error',
        payload: {
          code: 'connection_required',
          message: 'the widget frame needs the clientToken of a connected customer (full scope)',
        },
      },
    ])
    expect(step.effects).toEqual([])
    expect(widgetMachine.view(step.state).actions).toEqual([])
  })

  it('returns to the amount screen with validationError when the quote is refused as invalid', () => {
    const step = answer(
      quoting(),
      fail('widget.quote', 'invalid_request', 'destination.asset.code eth is not available in NY'),
    )
    expect(step.events).toEqual([
      {
        kind: 'error',
        payload: { code: 'validationError', message: 'destination.asset.code eth is not available in NY' },
      },
    ])
    expect(step.state).toEqual({
      phase: 'amount',
      order: { currencyCode: 'eth', externalTransactionId: 'order-1' },
      message: 'destination.asset.code eth is not available in NY',
    })
  })

  it('posts the error when execution fails', () => {
    expect(answer(executing(), fail('widget.execute', 'invalid_request', 'the quote has expired')).events).toEqual([
      { kind: 'error', payload: { code: 'invalid_request', message: 'the quote has expired' } },
    ])
  })

  it('ignores actions of other screens, actions while waiting, other effects’ results and host messages', () => {
    const amount = start()
    expect(act(amount, { type: 'pay' })).toEqual(same(amount))
    expect(act(amount, { type: 'enterWallet', address: ADDRESS })).toEqual(same(amount))
    expect(act(wallet(), { type: 'chooseAmount', amount: 5 })).toEqual(same(wallet()))
    expect(act(quoting(), { type: 'pay' })).toEqual(same(quoting()))
    expect(act(pricing(), { type: 'chooseAmount', amount: 5 })).toEqual(same(pricing()))
    expect(answer(quoting(), ok('widget.price', priced))).toEqual(same(quoting()))
    expect(answer(amount, ok('widget.execute', { id: 'txn_1', status: 'pending' }))).toEqual(same(amount))
    expect(widgetMachine.step(review(), { type: 'host', message: { kind: 'ack' } })).toEqual(same(review()))
  })
})

describe('widget-fallback machine', () => {
  it('is the widget under the widget-fallback frame name, with the same events for the same inputs', () => {
    expect(widgetFallbackMachine.frame).toBe('widget-fallback')
    const inputs: Array<FrameInput<WidgetAction>> = [
      { type: 'customer', action: { type: 'chooseAmount', amount: 100 } },
      { type: 'result', result: ok('widget.price', priced) },
      { type: 'customer', action: { type: 'enterWallet', address: 'nope' } },
      { type: 'customer', action: { type: 'enterWallet', address: ADDRESS } },
      { type: 'customer', action: { type: 'pay' } },
      { type: 'result', result: ok('widget.quote', quote) },
      { type: 'result', result: ok('widget.execute', { id: 'txn_1', status: 'pending' }) },
    ]
    const run = (machine: typeof widgetMachine | typeof widgetFallbackMachine) => {
      let step = machine.start(params)
      const events = [...step.events]
      for (const input of inputs) {
        step = machine.step(step.state, input)
        events.push(...step.events)
      }
      return events
    }
    expect(run(widgetFallbackMachine)).toEqual(run(widgetMachine))
    expect(run(widgetFallbackMachine).map((e) => e.kind)).toEqual(['ready', 'error', 'complete'])
  })

  it('marks the crypto field optional, so the browser submits it empty', () => {
    const fields = widgetMachine.view(start()).actions[0]?.fields ?? []
    expect(fields.find((f) => f.name === 'currencyCode')).toMatchObject({
      optional: true,
      label: 'Crypto (default ETH)',
    })
    expect(fields.find((f) => f.name === 'amount')?.optional).toBeUndefined()
  })

  it('buys the default crypto when the crypto field is submitted empty', () => {
    expect(
      act(start({ channelId: 'channel-1', currencyCode: 'btc' }), {
        type: 'chooseAmount',
        amount: '100',
        currencyCode: '',
      }).effects[0],
    ).toMatchObject({ currencyCode: 'btc' })
    expect(
      act(start({ channelId: 'channel-1' }), { type: 'chooseAmount', amount: '100', currencyCode: '  ' }).effects[0],
    ).toMatchObject({ currencyCode: 'eth' })
  })

  it('labels the pay button with the amount and shows a receipt with the transaction id and status', () => {
    expect(widgetMachine.view(review()).actions[0]?.label).toBe('Pay 100.00 USD')
    const done = answer(executing(), ok('widget.execute', { id: 'txn_7', status: 'pending' })).state
    expect(widgetMachine.view(done).details?.slice(0, 2)).toEqual([
      { label: 'Transaction', value: 'txn_7' },
      { label: 'Status', value: 'pending' },
    ])
  })
})

import { describe, expect, it } from 'vitest'
import type { FrameParamsOf } from '#contract/index.ts'
import type { EffectResult } from '../machine.ts'
import { widgetFallbackMachine, widgetMachine, type WidgetAction, type WidgetState } from './widget.ts'

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
const quoted = {
  currencyCode: 'eth',
  fiatCode: 'usd',
  baseCurrencyAmount: 0.5,
  quoteCurrencyAmount: 1416.04,
  feeAmount: 14.3,
  extraFeeAmount: 0,
  payoutMethod: 'ach_bank_transfer',
  addressRegex: '^0x[0-9a-fA-F]{40}$',
}
const started = {
  id: 'sell_1',
  status: 'waitingForDeposit',
  depositWalletAddress: '0xabc',
  baseCurrencyAmount: 0.5,
  depositExpiresAt: '2026-01-01T00:30:00.000Z',
}
const params: FrameParamsOf<'widget'> = { channelId: 'channel-1', flow: 'sell', externalTransactionId: 'order-1' }

const start = (p: FrameParamsOf<'widget'> = params) => widgetMachine.start(p).state
const act = (state: WidgetState, action: WidgetAction) => widgetMachine.step(state, { type: 'customer', action })
const answer = (state: WidgetState, result: EffectResult) => widgetMachine.step(state, { type: 'result', result })
const ok = (effect: string, value: unknown): EffectResult => ({ effect, ok: true, value }) as EffectResult
const fail = (effect: string, code: string, message: string): EffectResult => ({
  effect,
  ok: false,
  error: { code, message },
})
const screen = (state: WidgetState) => widgetMachine.view(state).screen

const quoting = (p?: FrameParamsOf<'widget'>) => act(start(p), { type: 'chooseAmount', amount: '0.5' }).state
const refund = () => answer(quoting(), ok('widget.sellQuote', quoted)).state
const review = () => act(refund(), { type: 'enterWallet', address: ` ${ADDRESS} ` }).state
const selling = () => act(review(), { type: 'confirmSell' }).state

describe('widget machine, sell flow', () => {
  it('posts ready and offers the sell amount screen in the crypto of currencyCode', () => {
    const step = widgetMachine.start({ ...params, currencyCode: 'BTC' })
    expect(step.events).toEqual([{ kind: 'ready' }])
    expect(widgetMachine.view(step.state)).toMatchObject({
      screen: 'amount',
      title: 'Sell crypto',
      actions: [{ action: 'chooseAmount', fields: [{ label: 'Amount to sell (BTC)' }, {}] }],
    })
  })

  it('offers the crypto as an optional field, so the form can be sent with it empty (the default crypto)', () => {
    const fields = widgetMachine.view(start()).actions?.[0]?.fields
    expect(fields?.map(({ name, optional }) => ({ name, optional: optional === true }))).toEqual([
      { name: 'amount', optional: false },
      { name: 'currencyCode', optional: true },
    ])
  })

  it('asks for the sell quote of the crypto amount, paid out in usd (eth without currencyCode)', () => {
    const step = act(start(), { type: 'chooseAmount', amount: '0.5' })
    expect(step.effects).toEqual([{ type: 'widget.sellQuote', fiatCode: 'usd', amount: 0.5, currencyCode: 'eth' }])
    expect(screen(step.state)).toBe('quoting')
  })

  it('refuses an amount that is not a positive number with a message and validationError', () => {
    const step = act(start(), { type: 'chooseAmount', amount: '-1' })
    expect(step.events).toEqual([
      { kind: 'error', payload: { code: 'validationError', message: 'amount must be a positive number' } },
    ])
    expect(widgetMachine.view(step.state)).toMatchObject({ screen: 'amount', body: 'Enter an amount to sell.' })
  })

  it('goes back to the amount screen with the quote refusal as message and validationError', () => {
    const step = answer(
      quoting(),
      fail('widget.sellQuote', 'invalid_request', 'baseCurrencyAmount must be at least 0.0029 (minSellAmount of eth)'),
    )
    expect(step.events).toEqual([
      {
        kind: 'error',
        payload: {
          code: 'validationError',
          message: 'baseCurrencyAmount must be at least 0.0029 (minSellAmount of eth)',
        },
      },
    ])
    expect(widgetMachine.view(step.state)).toMatchObject({ screen: 'amount', body: expect.stringMatching(/at least/) })
  })

  it('asks for the refund wallet once quoted', () => {
    expect(widgetMachine.view(refund())).toMatchObject({ screen: 'refund', actions: [{ action: 'enterWallet' }] })
  })

  it('refuses a refund wallet the crypto pattern does not accept', () => {
    const step = act(refund(), { type: 'enterWallet', address: 'bc1-nope' })
    expect(step.events).toEqual([
      {
        kind: 'error',
        payload: {
          code: 'validationError',
          message: 'wallet.address is not a valid eth address (^0x[0-9a-fA-F]{40}$)',
        },
      },
    ])
    expect(widgetMachine.view(step.state)).toMatchObject({ screen: 'refund', body: 'This is not a valid ETH address.' })
  })

  it('reviews the sale: amount, payout, fees, method and refund address', () => {
    expect(widgetMachine.view(review())).toMatchObject({
      screen: 'review',
      actions: [{ action: 'confirmSell' }],
      body: `Sell 0.5 ETH for about 1416.04 USD (fees 14.3 USD), paid out by ach_bank_transfer; a refund goes to ${ADDRESS}.`,
    })
  })

  it('skips the refund screen when a signed walletAddress fits the crypto', () => {
    const step = answer(quoting({ ...params, walletAddress: ADDRESS }), ok('widget.sellQuote', quoted))
    expect(step.events).toEqual([])
    expect(widgetMachine.view(step.state)).toMatchObject({ screen: 'review', body: expect.stringContaining(ADDRESS) })
  })

  it('shows the refund screen with validationError naming walletAddress when the prefilled one does not fit', () => {
    const step = answer(quoting({ ...params, walletAddress: 'bc1-nope' }), ok('widget.sellQuote', quoted))
    expect(step.events).toEqual([
      {
        kind: 'error',
        payload: { code: 'validationError', message: 'walletAddress is not a valid eth address (^0x[0-9a-fA-F]{40}$)' },
      },
    ])
    expect(screen(step.state)).toBe('refund')
  })

  it('starts the quoted sell on confirmSell, with the refund address and the externalTransactionId', () => {
    const step = act(review(), { type: 'confirmSell' })
    expect(step.effects).toEqual([
      {
        type: 'widget.sell',
        fiatCode: 'usd',
        amount: 0.5,
        currencyCode: 'eth',
        payoutMethod: 'ach_bank_transfer',
        refundWalletAddress: ADDRESS,
        externalTransactionId: 'order-1',
      },
    ])
  })

  it('shows the deposit address, amount and deadline and posts complete with flow sell', () => {
    const step = answer(selling(), ok('widget.sell', started))
    expect(step.events).toEqual([
      { kind: 'complete', payload: { flow: 'sell', transaction: { id: 'sell_1', status: 'waitingForDeposit' } } },
    ])
    expect(widgetMachine.view(step.state)).toMatchObject({
      screen: 'deposit',
      actions: [],
      body: 'Send exactly 0.5 ETH to 0xabc before 2026-01-01T00:30:00.000Z. Sell sell_1 is waiting for your deposit.',
    })
  })

  it('posts error connection_required and ends when the sell needs a connected customer', () => {
    const step = answer(
      selling(),
      fail(
        'widget.sell',
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
    expect(screen(step.state)).toBe('failed')
  })

  it('goes back to the amount screen when the sell itself is refused', () => {
    const step = answer(selling(), fail('widget.sell', 'invalid_request', 'baseCurrencyAmount must be at most 100'))
    expect(step.events).toMatchObject([{ kind: 'error', payload: { code: 'validationError' } }])
    expect(screen(step.state)).toBe('amount')
  })

  it('ignores a buy action and a stray result', () => {
    const state = refund()
    expect(act(state, { type: 'pay' })).toEqual({ state, events: [], effects: [] })
    expect(answer(state, ok('widget.price', {}))).toEqual({ state, events: [], effects: [] })
  })

  it('runs the same sell in widget-fallback', () => {
    const step = widgetFallbackMachine.start({ channelId: 'channel-1', flow: 'sell' })
    expect(widgetFallbackMachine.view(step.state).title).toBe('Sell crypto')
  })
})

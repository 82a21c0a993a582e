import { describe, expect, it } from 'vitest'
import type { EffectResult } from '../machine.ts'
import { widgetMachine, type WidgetAction, type WidgetState } from './widget.ts'

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
const priced = { currencyCode: 'eth', estimate: 0.0312, addressRegex: '^0x[0-9a-fA-F]{40}$' }

const act = (state: WidgetState, action: WidgetAction) => widgetMachine.step(state, { type: 'customer', action })
const answer = (state: WidgetState, result: EffectResult) => widgetMachine.step(state, { type: 'result', result })
const pricedResult = { effect: 'widget.price', ok: true, value: priced } as EffectResult

/** A widget opened with a (signed) walletAddress, its amount chosen and priced. */
function pricedWith(walletAddress: string) {
  const started = widgetMachine.start({ channelId: 'channel-1', walletAddress }).state
  return answer(act(started, { type: 'chooseAmount', amount: '100' }).state, pricedResult)
}

describe('widget machine with a prefilled walletAddress', () => {
  it('skips the wallet screen once priced: the review names the prefilled address', () => {
    const step = pricedWith(ADDRESS)
    expect(step.events).toEqual([])
    expect(widgetMachine.view(step.state)).toMatchObject({ screen: 'review', body: expect.stringContaining(ADDRESS) })
  })

  it('quotes for the prefilled address on pay', () => {
    const step = act(pricedWith(ADDRESS).state, { type: 'pay' })
    expect(step.effects).toEqual([
      { type: 'widget.quote', fiatCode: 'usd', amount: 100, currencyCode: 'eth', address: ADDRESS },
    ])
  })

  it('asks for the wallet with a message and validationError naming walletAddress when it does not fit the crypto', () => {
    const step = pricedWith('bc1-not-an-eth-address')
    expect(step.events).toEqual([
      {
        kind: 'error',
        payload: { code: 'validationError', message: 'walletAddress is not a valid eth address (^0x[0-9a-fA-F]{40}$)' },
      },
    ])
    expect(widgetMachine.view(step.state)).toMatchObject({
      screen: 'wallet',
      error: 'This is not a valid ETH address.',
    })
  })

  it('keeps the prefilled address when pricing sends the customer back to the amount screen', () => {
    const started = widgetMachine.start({ channelId: 'channel-1', walletAddress: ADDRESS }).state
    const refused = answer(act(started, { type: 'chooseAmount', amount: '1' }).state, {
      effect: 'widget.price',
      ok: false,
      error: { code: 'invalid_request', message: 'below the minimum' },
    })
    const again = answer(act(refused.state, { type: 'chooseAmount', amount: '100' }).state, pricedResult)
    expect(widgetMachine.view(again.state).screen).toBe('review')
  })
})

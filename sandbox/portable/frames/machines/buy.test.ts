import { describe, expect, it } from 'vitest'
import type { EffectResult } from '../machine.ts'
import { buyMachine, type BuyState } from './buy.ts'
import { encodeQuote } from './purchase-flow.ts'
import { sampleQuote } from './purchase-test-kit.ts'

const quote = sampleQuote()
const params = { channelId: 'channel-1', quote: encodeQuote(quote) }
const ok = (effect: string, value: unknown) => ({
  type: 'result' as const,
  result: { effect, ok: true, value } as EffectResult,
})
const failed = (effect: string, code: string, message = 'it failed') => ({
  type: 'result' as const,
  result: { effect, ok: false, error: { code, message } } as EffectResult,
})

function checking(): BuyState {
  return buyMachine.start(params).state
}

function challenging(): BuyState {
  const creating = buyMachine.step(
    checking(),
    ok('quote.check', { status: 'valid', trigger: { kind: 'challenge', challenge: 'wallet_ownership' } }),
  ).state
  return buyMachine.step(
    creating,
    ok('challenge.create', {
      challengeId: 'chg_1',
      url: 'http://127.0.0.1:4011/platform/v1/challenge?channelId=chn_1&challengeToken=cg_x',
    }),
  ).state
}

describe('buy machine', () => {
  it('checks its quote as soon as it starts, posting nothing yet', () => {
    const step = buyMachine.start(params)
    expect(step.events).toEqual([])
    expect(step.effects).toEqual([{ type: 'quote.check', quote }])
  })

  it.each([
    ['not base64url', '%%%', /base64url JSON/],
    ['not a quote', encodeQuote({ hello: 'world' } as never), /not a buy quote/],
    [
      'a wallet-pay quote',
      encodeQuote(sampleQuote({ paymentMethod: { type: 'apple_pay' } })),
      /pays with card; this quote pays with apple_pay/,
    ],
    ['not executable', encodeQuote(sampleQuote({ executable: false, signature: null })), /not executable/],
  ])('reports invalid_quote for a quote that is %s', (_case, text, message) => {
    const step = buyMachine.start({ channelId: 'channel-1', quote: text })
    expect(step.events).toEqual([
      { kind: 'error', payload: { code: 'invalid_quote', message: expect.stringMatching(message) } },
    ])
    expect(step.effects).toEqual([])
  })

  it('pays a valid quote with no trigger, then posts the transaction as complete', () => {
    const executing = buyMachine.step(checking(), ok('quote.check', { status: 'valid', trigger: null }))
    expect(executing.effects).toEqual([{ type: 'purchase.execute', quote, secondFactorConfirmed: false }])
    const outcome = { transaction: { id: 'txn_1', status: 'pending' } }
    const done = buyMachine.step(executing.state, ok('purchase.execute', outcome))
    expect(done.events).toEqual([{ kind: 'complete', payload: outcome }])
    expect(done.state.phase).toBe('done')
  })

  it('posts quoteExpired with the expiry and waits for the host to send a new quote', () => {
    const step = buyMachine.step(checking(), ok('quote.check', { status: 'expired' }))
    expect(step.events).toEqual([{ kind: 'quoteExpired', payload: { expiresAt: quote.expiresAt } }])
    expect(step.effects).toEqual([])
    const fresh = sampleQuote({ expiresAt: '2026-01-01T00:01:30.000Z', signature: 'sig2' })
    const again = buyMachine.step(step.state, {
      type: 'host',
      message: { kind: 'setQuote', payload: { quote: fresh } },
    })
    expect(again.effects).toEqual([{ type: 'quote.check', quote: fresh }])
  })

  it('refuses a replacement quote for another payment method with invalid_quote', () => {
    const waiting = buyMachine.step(checking(), ok('quote.check', { status: 'expired' })).state
    const step = buyMachine.step(waiting, {
      type: 'host',
      message: { kind: 'setQuote', payload: { quote: sampleQuote({ paymentMethod: { type: 'google_pay' } }) } },
    })
    expect(step.events).toEqual([
      { kind: 'error', payload: { code: 'invalid_quote', message: expect.stringContaining('google_pay') } },
    ])
  })

  it('treats an execution refused as expired like an expired check', () => {
    const executing = buyMachine.step(checking(), ok('quote.check', { status: 'valid', trigger: null })).state
    expect(buyMachine.step(executing, failed('purchase.execute', 'quote_expired')).events).toEqual([
      { kind: 'quoteExpired', payload: { expiresAt: quote.expiresAt } },
    ])
  })

  it('opens a challenge for a challenge trigger, posts its URL, and waits for it', () => {
    const creating = buyMachine.step(
      checking(),
      ok('quote.check', { status: 'valid', trigger: { kind: 'challenge', challenge: 'cvv' } }),
    )
    expect(creating.events).toEqual([])
    expect(creating.effects).toEqual([{ type: 'challenge.create', quote }])
    const url = 'http://127.0.0.1:4011/platform/v1/challenge?channelId=chn_1&challengeToken=cg_x'
    const step = buyMachine.step(creating.state, ok('challenge.create', { challengeId: 'chg_1', url }))
    expect(step.events).toEqual([{ kind: 'challenge', payload: { kind: 'frame', url } }])
    expect(step.effects).toEqual([{ type: 'purchase.awaitChallenge', challengeId: 'chg_1' }])
  })

  it('posts the transaction once the challenge is completed', () => {
    const step = buyMachine.step(
      challenging(),
      ok('purchase.awaitChallenge', { status: 'completed', transaction: { id: 'txn_9', status: 'pending' } }),
    )
    expect(step.events).toEqual([{ kind: 'complete', payload: { transaction: { id: 'txn_9', status: 'pending' } } }])
  })

  it.each(['cancelled', 'failed'])('posts a failed purchase with no transaction when the challenge is %s', (status) => {
    const step = buyMachine.step(challenging(), ok('purchase.awaitChallenge', { status, reason: 'why' }))
    expect(step.events).toEqual([
      {
        kind: 'complete',
        payload: {
          transaction: { id: null, status: 'failed' },
          failureCode: 'authorizationDeclined',
          failureReason: 'why',
        },
      },
    ])
  })

  it('posts quoteExpired when the challenge expires with its quote', () => {
    expect(buyMachine.step(challenging(), ok('purchase.awaitChallenge', { status: 'expired' })).events).toEqual([
      { kind: 'quoteExpired', payload: { expiresAt: quote.expiresAt } },
    ])
  })

  it('reports a failed effect as an error and stops', () => {
    const step = buyMachine.step(checking(), failed('quote.check', 'invalid_quote', 'tampered'))
    expect(step.events).toEqual([{ kind: 'error', payload: { code: 'invalid_quote', message: 'tampered' } }])
    expect(step.state.phase).toBe('failed')
    expect(buyMachine.view(step.state).body).not.toContain('tampered')
  })

  it('ignores results of other effects, customer actions and a setQuote it did not ask for', () => {
    const state = checking()
    expect(buyMachine.step(state, ok('purchase.execute', {}))).toEqual({ state, events: [], effects: [] })
    expect(buyMachine.step(state, { type: 'customer', action: { type: 'confirmSecondFactor' } as never })).toEqual({
      state,
      events: [],
      effects: [],
    })
    expect(buyMachine.step(state, { type: 'host', message: { kind: 'setQuote', payload: { quote } } })).toEqual({
      state,
      events: [],
      effects: [],
    })
  })

  it('shows no actions: the frame is headless', () => {
    expect(buyMachine.view(checking()).actions).toEqual([])
  })

  it('shows a receipt with the transaction id and status and the amount paid', () => {
    const executing = buyMachine.step(checking(), ok('quote.check', { status: 'valid' })).state
    const done = buyMachine.step(
      executing,
      ok('purchase.execute', { transaction: { id: 'txn_9', status: 'pending' } }),
    ).state
    const view = buyMachine.view(done)
    expect(view).toMatchObject({ screen: 'done', body: 'Transaction txn_9 is pending.' })
    expect(view.details).toEqual(
      expect.arrayContaining([
        { label: 'Transaction', value: 'txn_9' },
        { label: 'Status', value: 'pending' },
        { label: 'Amount', value: '100.00 USD' },
      ]),
    )
  })
})

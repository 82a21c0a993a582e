import { describe, expect, it } from 'vitest'
import type { EffectResult } from '../machine.ts'
import { challengeMachine, type ChallengeAction, type ChallengeState } from './challenge.ts'

const params = { channelId: 'channel-1', challengeToken: 'cg_token' }
const result = (effect: string, value: unknown): { type: 'result'; result: EffectResult } => ({
  type: 'result',
  result: { effect, ok: true, value } as EffectResult,
})
const act = (state: ChallengeState, action: ChallengeAction) =>
  challengeMachine.step(state, { type: 'customer', action })
const open = (kind: 'wallet_ownership' | 'cvv' | 'identity') =>
  challengeMachine.step(challengeMachine.start(params).state, result('challenge.open', { kind })).state

describe('challenge machine', () => {
  it('opens the challenge of its token when it starts, posting nothing', () => {
    expect(challengeMachine.start(params)).toEqual({
      state: { phase: 'opening' },
      events: [],
      effects: [{ type: 'challenge.open' }],
    })
  })

  it('offers confirm and cancel for a wallet-ownership challenge, and completes it on confirm', () => {
    const state = open('wallet_ownership')
    expect(challengeMachine.view(state).actions.map((a) => a.action)).toEqual(['completeChallenge', 'cancelChallenge'])
    expect(act(state, { type: 'completeChallenge' }).effects).toEqual([
      { type: 'challenge.resolve', outcome: 'complete' },
    ])
  })

  it('offers verify and cancel for an identity challenge, completes it on verify, and ignores enterCvv', () => {
    const state = open('identity')
    expect(challengeMachine.view(state)).toMatchObject({ screen: 'identity', title: 'Verify your identity' })
    expect(challengeMachine.view(state).actions.map((a) => a.action)).toEqual(['completeChallenge', 'cancelChallenge'])
    expect(act(state, { type: 'completeChallenge' }).effects).toEqual([
      { type: 'challenge.resolve', outcome: 'complete' },
    ])
    expect(act(state, { type: 'enterCvv', cvv: '123' })).toEqual({ state, events: [], effects: [] })
  })

  it('posts complete with flow identity and the identityId once an identity challenge is resolved', () => {
    const resolving = act(open('identity'), { type: 'completeChallenge' }).state
    const payload = { flow: 'identity', identityId: 'idn_1' }
    expect(challengeMachine.step(resolving, result('challenge.resolve', { kind: 'complete', payload })).events).toEqual(
      [{ kind: 'complete', payload }],
    )
  })

  it('asks for the CVV in a CVV challenge and sends 3 or 4 digits', () => {
    const state = open('cvv')
    expect(challengeMachine.view(state).actions).toEqual([
      {
        action: 'enterCvv',
        label: 'Verify',
        fields: [{ name: 'cvv', label: 'CVV', type: 'text', inputMode: 'numeric', autocomplete: 'cc-csc' }],
      },
      { action: 'cancelChallenge', label: 'Cancel' },
    ])
    expect(act(state, { type: 'enterCvv', cvv: '123' }).effects).toEqual([
      { type: 'challenge.resolve', outcome: 'complete', cvv: '123' },
    ])
    expect(act(state, { type: 'enterCvv', cvv: '1234' }).effects).toEqual([
      { type: 'challenge.resolve', outcome: 'complete', cvv: '1234' },
    ])
  })

  it.each(['12', '12345', '12a', ''])('keeps the CVV screen and says why for the CVV %j', (cvv) => {
    const step = act(open('cvv'), { type: 'enterCvv', cvv })
    expect(step.events).toEqual([])
    expect(step.effects).toEqual([])
    expect(challengeMachine.view(step.state).error).toBe('The security code is 3 or 4 digits.')
  })

  it('ignores completeChallenge in a CVV challenge and enterCvv in a wallet-ownership one', () => {
    const cvv = open('cvv')
    const wallet = open('wallet_ownership')
    expect(act(cvv, { type: 'completeChallenge' })).toEqual({ state: cvv, events: [], effects: [] })
    expect(act(wallet, { type: 'enterCvv', cvv: '123' })).toEqual({ state: wallet, events: [], effects: [] })
  })

  it('cancels on cancelChallenge', () => {
    expect(act(open('cvv'), { type: 'cancelChallenge' }).effects).toEqual([
      { type: 'challenge.resolve', outcome: 'cancel' },
    ])
  })

  it('posts complete with the flow and the transaction once resolved', () => {
    const resolving = act(open('wallet_ownership'), { type: 'completeChallenge' }).state
    const payload = { flow: 'buy', transaction: { id: 'txn_1', status: 'pending' } }
    const step = challengeMachine.step(resolving, result('challenge.resolve', { kind: 'complete', payload }))
    expect(step.events).toEqual([{ kind: 'complete', payload }])
    expect(challengeMachine.view(step.state).title).toBe('Verified')
  })

  it('posts cancelled with the flow once cancelled', () => {
    const resolving = act(open('wallet_ownership'), { type: 'cancelChallenge' }).state
    expect(
      challengeMachine.step(resolving, result('challenge.resolve', { kind: 'cancelled', payload: { flow: 'buy' } }))
        .events,
    ).toEqual([{ kind: 'cancelled', payload: { flow: 'buy' } }])
  })

  it.each(['invalid_token', 'unsupported_flow', 'invalid_challenge'])(
    'reports %s as an error and offers nothing more',
    (code) => {
      const step = challengeMachine.step(
        { phase: 'opening' },
        { type: 'result', result: { effect: 'challenge.open', ok: false, error: { code, message: 'details' } } },
      )
      expect(step.events).toEqual([{ kind: 'error', payload: { code, message: 'details' } }])
      expect(challengeMachine.view(step.state)).toMatchObject({ screen: 'failed', actions: [] })
      expect(challengeMachine.view(step.state).body).not.toContain('details')
    },
  )

  it('ignores actions before the challenge is open and while it resolves, and results it did not ask for', () => {
    const opening: ChallengeState = { phase: 'opening' }
    expect(act(opening, { type: 'completeChallenge' })).toEqual({ state: opening, events: [], effects: [] })
    const resolving = act(open('wallet_ownership'), { type: 'completeChallenge' }).state
    expect(act(resolving, { type: 'cancelChallenge' })).toEqual({ state: resolving, events: [], effects: [] })
    expect(challengeMachine.step(opening, result('challenge.resolve', { kind: 'complete', payload: {} }))).toEqual({
      state: opening,
      events: [],
      effects: [],
    })
  })
})

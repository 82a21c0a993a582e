import { describe, expect, it } from 'vitest'
import type { EffectResult, FrameInput } from '../machine.ts'
import { authMachine, type AuthAction, type AuthState } from './auth.ts'

const publicKey = 'ef'.repeat(32)
const full = { accessToken: 'at_full', clientToken: 'ct_full', expiresAt: '2026-01-01T01:00:00.000Z' }
const customer = {
  id: 'cus_1',
  country: 'GBR',
  administrativeArea: null,
  area: null,
  kyc: { status: 'approved' as const, requirements: [] },
  capabilities: {},
}
const ok = (effect: string, value: unknown): FrameInput<AuthAction> => ({
  type: 'result',
  result: { effect, ok: true, value } as EffectResult,
})
const act = (action: AuthAction): FrameInput<AuthAction> => ({ type: 'customer', action })
const identified = ok('connection.identify', null)

/** Runs inputs from the start; answers the final state and every event and effect, in order. */
function run(...inputs: Array<FrameInput<AuthAction>>) {
  let step = authMachine.start({ channelId: 'channel-1', clientToken: 'ct_x', publicKey })
  const events = [...step.events]
  const effects = [...step.effects]
  for (const input of inputs) {
    step = authMachine.step(step.state, input)
    events.push(...step.events)
    effects.push(...step.effects)
  }
  return { state: step.state as AuthState, events, effects }
}

describe('auth machine', () => {
  it('checks that the clientToken names a customer when it starts, posting nothing', () => {
    expect(run()).toMatchObject({
      state: { phase: 'identifying' },
      events: [],
      effects: [{ type: 'connection.identify' }],
    })
  })

  it('reports invalid_token when the clientToken names no customer', () => {
    const { state, events } = run({
      type: 'result',
      result: { effect: 'connection.identify', ok: false, error: { code: 'invalid_token', message: 'no customer' } },
    })
    expect(events).toEqual([{ kind: 'error', payload: { code: 'invalid_token', message: 'no customer' } }])
    expect(state).toEqual({ phase: 'failed' })
  })

  it('asks for the one-time code once the customer is known', () => {
    expect(authMachine.view(run(identified).state)).toMatchObject({
      screen: 'code',
      actions: [{ action: 'enterCode', fields: [{ name: 'code' }] }, { action: 'cancel' }],
    })
  })

  it('refuses a wrong code on the screen without an event or effect', () => {
    const { state, events, effects } = run(identified, act({ type: 'enterCode', code: '654321' }))
    expect(authMachine.view(state)).toMatchObject({
      screen: 'code',
      error: 'That code is not right. In the sandbox the code is 000000.',
    })
    expect(events).toEqual([])
    expect(effects).toEqual([{ type: 'connection.identify' }])
  })

  it('authenticates with 000000, encrypts the full credentials and completes active', () => {
    const { events, effects } = run(
      identified,
      act({ type: 'enterCode', code: '000000' }),
      ok('connection.authenticate', { status: 'active', customer, capabilities: {}, credentials: full }),
      ok('credentials.encrypt', 'sealed'),
    )
    expect(effects).toEqual([
      { type: 'connection.identify' },
      { type: 'connection.authenticate' },
      { type: 'credentials.encrypt', credentials: full, publicKey },
    ])
    expect(events).toEqual([
      { kind: 'complete', payload: { status: 'active', customer, capabilities: {}, credentials: 'sealed' } },
    ])
  })

  it('reports an error when authentication fails', () => {
    const { events } = run(identified, act({ type: 'enterCode', code: '000000' }), {
      type: 'result',
      result: { effect: 'connection.authenticate', ok: false, error: { code: 'invalid_token', message: 'revoked' } },
    })
    expect(events).toEqual([{ kind: 'error', payload: { code: 'invalid_token', message: 'revoked' } }])
  })

  it('closes without an event when the customer cancels at the code screen', () => {
    const { state, events } = run(identified, act({ type: 'cancel' }), act({ type: 'enterCode', code: '000000' }))
    expect(state).toEqual({ phase: 'closed' })
    expect(events).toEqual([])
  })

  it('ignores codes before the code screen, host messages and unexpected results', () => {
    const { state, events, effects } = run(
      act({ type: 'enterCode', code: '000000' }),
      act({ type: 'cancel' }),
      { type: 'host', message: { kind: 'ack' } },
      ok('connection.authenticate', {}),
    )
    expect(state).toEqual({ phase: 'identifying', publicKey })
    expect(events).toEqual([])
    expect(effects).toEqual([{ type: 'connection.identify' }])
  })
})

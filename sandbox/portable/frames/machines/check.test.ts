import { describe, expect, it } from 'vitest'
import type { Connection } from '#contract/index.ts'
import type { EffectResult } from '../machine.ts'
import { checkMachine, type CheckState } from './check.ts'

const publicKey = 'ab'.repeat(32)
const credentials = { accessToken: 'at_x', clientToken: 'ct_x', expiresAt: '2026-01-01T01:00:00.000Z' }
const customer = {
  id: 'cus_1',
  country: 'USA',
  administrativeArea: 'NY',
  area: null,
  kyc: { status: 'approved' as const, requirements: [] },
  capabilities: {},
}
const active: Connection = { status: 'active', customer, capabilities: {}, credentials }
const decided = (value: unknown): EffectResult => ({ effect: 'connection.decide', ok: true, value }) as EffectResult
const encrypted: EffectResult = { effect: 'credentials.encrypt', ok: true, value: 'sealed-credentials' }

function afterDecide(connection: Connection): CheckState {
  return checkMachine.step(checkMachine.start({ channelId: 'channel-1', sessionToken: 'st_x', publicKey }).state, {
    type: 'result',
    result: decided(connection),
  }).state
}

describe('check machine', () => {
  it('asks for the session to be decided when it starts, posting nothing', () => {
    const step = checkMachine.start({ channelId: 'channel-1', sessionToken: 'st_x', publicKey })
    expect(step.events).toEqual([])
    expect(step.effects).toEqual([{ type: 'connection.decide' }])
  })

  it('passes skipKyc on to the decision when the parameter is true', () => {
    expect(
      checkMachine.start({ channelId: 'channel-1', sessionToken: 'st_x', publicKey, skipKyc: 'true' }).effects,
    ).toEqual([{ type: 'connection.decide', skipKyc: true }])
    expect(
      checkMachine.start({ channelId: 'channel-1', sessionToken: 'st_x', publicKey, skipKyc: 'false' }).effects,
    ).toEqual([{ type: 'connection.decide' }])
  })

  it('asks for the decided credentials to be encrypted for the host public key', () => {
    const { state } = checkMachine.start({ channelId: 'channel-1', sessionToken: 'st_x', publicKey })
    const step = checkMachine.step(state, { type: 'result', result: decided(active) })
    expect(step.events).toEqual([])
    expect(step.effects).toEqual([{ type: 'credentials.encrypt', credentials, publicKey }])
  })

  it('reports complete with status, customer, capabilities and the encrypted credentials', () => {
    const step = checkMachine.step(afterDecide(active), { type: 'result', result: encrypted })
    expect(step.events).toEqual([
      {
        kind: 'complete',
        payload: { status: 'active', customer, capabilities: {}, credentials: 'sealed-credentials' },
      },
    ])
    expect(step.state).toEqual({ phase: 'done' })
  })

  it('carries mismatch only when it is true', () => {
    const mismatched = checkMachine.step(afterDecide({ status: 'connectionRequired', mismatch: true, credentials }), {
      type: 'result',
      result: encrypted,
    })
    expect(mismatched.events).toEqual([
      {
        kind: 'complete',
        payload: { status: 'connectionRequired', mismatch: true, credentials: 'sealed-credentials' },
      },
    ])
    const fresh = checkMachine.step(afterDecide({ status: 'connectionRequired', credentials }), {
      type: 'result',
      result: encrypted,
    })
    expect(fresh.events[0]).toEqual({
      kind: 'complete',
      payload: { status: 'connectionRequired', credentials: 'sealed-credentials' },
    })
  })

  it('reports the decision error with its code when the token is not valid', () => {
    const { state } = checkMachine.start({ channelId: 'channel-1', sessionToken: 'st_x', publicKey })
    const step = checkMachine.step(state, {
      type: 'result',
      result: { effect: 'connection.decide', ok: false, error: { code: 'invalid_token', message: 'revoked' } },
    })
    expect(step.events).toEqual([{ kind: 'error', payload: { code: 'invalid_token', message: 'revoked' } }])
    expect(step.effects).toEqual([])
    expect(step.state).toEqual({ phase: 'failed' })
  })

  it('reports an error when the credentials cannot be encrypted', () => {
    const step = checkMachine.step(afterDecide(active), {
      type: 'result',
      result: { effect: 'credentials.encrypt', ok: false, error: { code: 'invalid_public_key', message: 'bad key' } },
    })
    expect(step.events).toEqual([{ kind: 'error', payload: { code: 'invalid_public_key', message: 'bad key' } }])
  })

  it('ignores host messages and results of effects it did not ask for', () => {
    const { state } = checkMachine.start({ channelId: 'channel-1', sessionToken: 'st_x', publicKey })
    expect(checkMachine.step(state, { type: 'host', message: { kind: 'ack' } })).toEqual({
      state,
      events: [],
      effects: [],
    })
    expect(checkMachine.step(state, { type: 'result', result: encrypted })).toEqual({ state, events: [], effects: [] })
    const done = checkMachine.step(afterDecide(active), { type: 'result', result: encrypted }).state
    expect(checkMachine.step(done, { type: 'result', result: encrypted }).events).toEqual([])
  })

  it('renders no actions on any screen (headless)', () => {
    const { state } = checkMachine.start({ channelId: 'channel-1', sessionToken: 'st_x', publicKey })
    expect(checkMachine.view(state)).toMatchObject({ screen: 'deciding', actions: [] })
    expect(checkMachine.view(afterDecide(active))).toMatchObject({ screen: 'encrypting', actions: [] })
  })
})

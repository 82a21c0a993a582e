import { describe, expect, it } from 'vitest'
import type { Connection } from '#contract/index.ts'
import type { EffectResult, FrameInput } from '../machine.ts'
import { connectMachine, oneTimeCodeProblem, type ConnectAction, type ConnectState } from './connect.ts'

const publicKey = 'cd'.repeat(32)
const credentials = { accessToken: 'at_x', clientToken: 'ct_x', expiresAt: '2026-01-01T01:00:00.000Z' }
const customer = {
  id: 'cus_1',
  country: 'USA',
  administrativeArea: 'NY',
  area: null,
  kyc: { status: 'approved' as const, requirements: [] },
  capabilities: {},
}
const decided = (value: Connection): FrameInput<ConnectAction> => ({
  type: 'result',
  result: { effect: 'connection.decide', ok: true, value },
})
const act = (action: ConnectAction): FrameInput<ConnectAction> => ({ type: 'customer', action })
const encrypted: FrameInput<ConnectAction> = {
  type: 'result',
  result: { effect: 'credentials.encrypt', ok: true, value: 'sealed' },
}
const failed = (effect: string, code: string): FrameInput<ConnectAction> => ({
  type: 'result',
  result: { effect, ok: false, error: { code, message: `${code} happened` } } as EffectResult,
})

/** Runs inputs from the start; answers the final state and every event and effect, in order. */
function run(...inputs: Array<FrameInput<ConnectAction>>) {
  let step = connectMachine.start({ channelId: 'channel-1', sessionToken: 'st_x', publicKey })
  const events = [...step.events]
  const effects = [...step.effects]
  for (const input of inputs) {
    step = connectMachine.step(step.state, input)
    events.push(...step.events)
    effects.push(...step.effects)
  }
  return { state: step.state as ConnectState, events, effects, last: step }
}

const newCustomer = decided({ status: 'connectionRequired', credentials })
const toTerms = [
  newCustomer,
  act({ type: 'enterEmail', email: ' New.Person@Example.com ' }),
  act({ type: 'enterCode', code: '000000' }),
]

describe('connect machine', () => {
  it('decides the session when it starts, posting nothing', () => {
    expect(run()).toMatchObject({ events: [], effects: [{ type: 'connection.decide' }] })
  })

  it.each(['active', 'pending', 'failed', 'unavailable'] as const)('completes a %s connection at once', (status) => {
    const { events, effects } = run(decided({ status, customer, capabilities: {}, credentials }), encrypted)
    expect(effects[1]).toEqual({ type: 'credentials.encrypt', credentials, publicKey })
    expect(events).toEqual([
      { kind: 'complete', payload: { status, customer, capabilities: {}, credentials: 'sealed' } },
    ])
  })

  it('completes a mismatch as connectionRequired with mismatch true, without asking for an email', () => {
    const { events } = run(decided({ status: 'connectionRequired', mismatch: true, credentials }), encrypted)
    expect(events).toEqual([
      { kind: 'complete', payload: { status: 'connectionRequired', mismatch: true, credentials: 'sealed' } },
    ])
  })

  it('asks a new customer for an email, then a code, then the terms', () => {
    expect(connectMachine.view(run(newCustomer).state)).toMatchObject({
      screen: 'email',
      actions: [{ action: 'enterEmail' }, { action: 'cancel' }],
    })
    expect(connectMachine.view(run(...toTerms.slice(0, 2)).state)).toMatchObject({
      screen: 'code',
      actions: [{ action: 'enterCode' }, { action: 'cancel' }],
    })
    expect(connectMachine.view(run(...toTerms).state)).toMatchObject({
      screen: 'terms',
      actions: [{ action: 'acceptTerms' }, { action: 'cancel' }],
    })
    expect(run(...toTerms).events).toEqual([])
  })

  it('refuses an address that is not an email with a message on the screen', () => {
    const { state, events } = run(newCustomer, act({ type: 'enterEmail', email: 'not-an-email' }))
    expect(connectMachine.view(state)).toMatchObject({ screen: 'email', error: 'Enter a valid email address.' })
    expect(events).toEqual([])
  })

  it('refuses a wrong six-digit code on the screen, posting nothing, and accepts 000000 after it', () => {
    const wrong = run(...toTerms.slice(0, 2), act({ type: 'enterCode', code: '123456' }))
    expect(connectMachine.view(wrong.state)).toMatchObject({
      screen: 'code',
      error: 'That code is not right. In the sandbox the code is 000000.',
    })
    expect(wrong.events).toEqual([])
    expect(connectMachine.step(wrong.state, act({ type: 'enterCode', code: '000000' })).state).toMatchObject({
      phase: 'terms',
    })
    expect(oneTimeCodeProblem('12345')).toBe('Enter the six-digit code.')
  })

  it('registers the new customer with the email entered once the terms are accepted, and completes active', () => {
    const registering = run(...toTerms, act({ type: 'acceptTerms' }))
    expect(registering.last.effects).toEqual([{ type: 'connection.register', email: 'new.person@example.com' }])
    const full = { accessToken: 'at_full', clientToken: 'ct_full', expiresAt: credentials.expiresAt }
    const registered: FrameInput<ConnectAction> = {
      type: 'result',
      result: {
        effect: 'connection.register',
        ok: true,
        value: { status: 'active', customer, capabilities: {}, credentials: full },
      },
    }
    const { events, effects } = run(...toTerms, act({ type: 'acceptTerms' }), registered, encrypted)
    expect(effects.at(-1)).toEqual({ type: 'credentials.encrypt', credentials: full, publicKey })
    expect(events).toEqual([
      { kind: 'complete', payload: { status: 'active', customer, capabilities: {}, credentials: 'sealed' } },
    ])
  })

  it('sends the customer back to the email screen when the email belongs to another account', () => {
    const { state, events } = run(
      ...toTerms,
      act({ type: 'acceptTerms' }),
      failed('connection.register', 'email_in_use'),
    )
    expect(connectMachine.view(state)).toMatchObject({
      screen: 'email',
      error: 'That email belongs to another account. Use a different email.',
    })
    expect(events).toEqual([])
  })

  it('reports an error when registration fails otherwise', () => {
    expect(
      run(...toTerms, act({ type: 'acceptTerms' }), failed('connection.register', 'invalid_token')).events,
    ).toEqual([{ kind: 'error', payload: { code: 'invalid_token', message: 'invalid_token happened' } }])
  })

  it('shows the terms to a customer whose terms are outstanding and completes termsAcceptanceRequired after acceptTerms', () => {
    const terms = decided({ status: 'termsAcceptanceRequired', customer, capabilities: {}, credentials })
    expect(connectMachine.view(run(terms).state)).toMatchObject({ screen: 'terms' })
    expect(run(terms).events).toEqual([])
    const { events, effects } = run(terms, act({ type: 'acceptTerms' }), encrypted)
    expect(effects.at(-1)).toEqual({ type: 'credentials.encrypt', credentials, publicKey })
    expect(events).toEqual([
      {
        kind: 'complete',
        payload: { status: 'termsAcceptanceRequired', customer, capabilities: {}, credentials: 'sealed' },
      },
    ])
  })

  it.each([
    ['email', [newCustomer]],
    ['code', toTerms.slice(0, 2)],
    ['terms', toTerms],
    ['outstanding terms', [decided({ status: 'termsAcceptanceRequired', customer, capabilities: {}, credentials })]],
  ])('closes without an event when the customer cancels on the %s screen', (_screen, inputs) => {
    const { state, events, effects } = run(...inputs, act({ type: 'cancel' }), encrypted)
    expect(state).toEqual({ phase: 'closed' })
    expect(connectMachine.view(state)).toMatchObject({ screen: 'closed', actions: [] })
    expect(events).toEqual([])
    expect(effects).toEqual([{ type: 'connection.decide' }])
  })

  it('reports the decision error with its code', () => {
    expect(run(failed('connection.decide', 'invalid_token')).events).toEqual([
      { kind: 'error', payload: { code: 'invalid_token', message: 'invalid_token happened' } },
    ])
  })

  it('ignores actions not offered on the current screen, and host messages', () => {
    const deciding = run(act({ type: 'enterEmail', email: 'a@b.co' }), act({ type: 'cancel' }), {
      type: 'host',
      message: { kind: 'ack' },
    })
    expect(deciding).toMatchObject({
      state: { phase: 'deciding' },
      events: [],
      effects: [{ type: 'connection.decide' }],
    })
    const email = run(newCustomer, act({ type: 'enterCode', code: '000000' }), act({ type: 'acceptTerms' }))
    expect(email).toMatchObject({ state: { phase: 'email' }, events: [], effects: [{ type: 'connection.decide' }] })
    const code = run(...toTerms.slice(0, 2), act({ type: 'acceptTerms' }), act({ type: 'enterEmail', email: 'x@y.co' }))
    expect(code.state).toMatchObject({ phase: 'code', email: 'new.person@example.com' })
  })

  it.each([
    ['active', 'Connected'],
    ['pending', 'Verification pending'],
    ['failed', 'Verification failed'],
    ['unavailable', 'Not available in your region'],
  ] as const)('ends a %s connection on the screen "%s"', (status, title) => {
    const { state } = run(decided({ status, customer, capabilities: {}, credentials }), encrypted)
    expect(connectMachine.view(state)).toMatchObject({
      screen: 'done',
      title,
      details: [{ label: 'Status', value: status }],
    })
  })

  it('ends a mismatch on a not-connected screen, never "Connected"', () => {
    const { state } = run(decided({ status: 'connectionRequired', mismatch: true, credentials }), encrypted)
    expect(connectMachine.view(state)).toMatchObject({ screen: 'done', title: 'Not connected' })
  })

  it('ends outstanding terms on a terms screen, never "Connected"', () => {
    const { state } = run(
      decided({ status: 'termsAcceptanceRequired', customer, credentials }),
      act({ type: 'acceptTerms' }),
      encrypted,
    )
    expect(connectMachine.view(state)).toMatchObject({ screen: 'done', title: 'Terms not yet accepted' })
  })

  it('shows the sandbox code as a hint and asks for one-time-code autofill on a numeric keyboard', () => {
    const view = connectMachine.view(run(...toTerms.slice(0, 2)).state)
    expect(view.hints).toEqual(['Sandbox one-time code: 000000'])
    expect(view.actions[0]?.fields).toEqual([
      { name: 'code', label: 'Code', type: 'text', inputMode: 'numeric', autocomplete: 'one-time-code' },
    ])
  })
})

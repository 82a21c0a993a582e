import { describe, expect, it } from 'vitest'
import type { EffectResult } from '../machine.ts'
import { customerExportMachine, type CustomerExportAction, type CustomerExportState } from './customer-export.ts'

const params = { channelId: 'channel-1' }
const asking = () => customerExportMachine.start(params).state
const act = (action: CustomerExportAction, state: CustomerExportState = asking()) =>
  customerExportMachine.step(state, { type: 'customer', action })
const answer = (result: EffectResult, state = act({ type: 'consent' }).state) =>
  customerExportMachine.step(state, { type: 'result', result })
const consent = { consentToken: 'cx_abc.sig', expiresAt: '2026-01-01T00:15:00.000Z' }

describe('customer-export machine', () => {
  it('asks the customer to consent or decline, posting nothing when it starts', () => {
    const step = customerExportMachine.start(params)
    expect(step.events).toEqual([])
    expect(step.effects).toEqual([])
    expect(customerExportMachine.view(step.state).actions.map((a) => a.action)).toEqual(['consent', 'decline'])
  })

  it('asks export.consent when the customer consents', () => {
    const step = act({ type: 'consent' })
    expect(step.effects).toEqual([{ type: 'export.consent' }])
    expect(step.events).toEqual([])
    expect(customerExportMachine.view(step.state).actions).toEqual([])
  })

  it('posts complete with the consent token and its expiry once issued', () => {
    const step = answer({ effect: 'export.consent', ok: true, value: consent })
    expect(step.events).toEqual([{ kind: 'complete', payload: consent }])
    expect(step.state).toEqual({ phase: 'consented' })
  })

  it('posts error consent_declined when the customer declines, and runs no effect', () => {
    const step = act({ type: 'decline' })
    expect(step.events).toEqual([
      { kind: 'error', payload: { code: 'consent_declined', message: 'the customer declined to export their data' } },
    ])
    expect(step.effects).toEqual([])
    expect(customerExportMachine.view(step.state)).toMatchObject({ screen: 'declined', actions: [] })
  })

  it('posts the error when issuing the consent fails', () => {
    const step = answer({
      effect: 'export.consent',
      ok: false,
      error: { code: 'invalid_token', message: 'needs a connected customer' },
    })
    expect(step.events).toEqual([
      { kind: 'error', payload: { code: 'invalid_token', message: 'needs a connected customer' } },
    ])
    expect(step.state).toEqual({ phase: 'failed' })
  })

  it('ignores a second answer, other effects, host messages and results before consent', () => {
    const issuing = act({ type: 'consent' }).state
    for (const action of [{ type: 'consent' }, { type: 'decline' }] as const)
      expect(act(action, issuing)).toEqual({ state: issuing, events: [], effects: [] })
    const declined = act({ type: 'decline' }).state
    expect(act({ type: 'consent' }, declined)).toEqual({ state: declined, events: [], effects: [] })
    expect(answer({ effect: 'card.add', ok: true, value: consent } as unknown as EffectResult, issuing).events).toEqual(
      [],
    )
    expect(answer({ effect: 'export.consent', ok: true, value: consent }, asking()).events).toEqual([])
    expect(customerExportMachine.step(issuing, { type: 'host', message: { kind: 'ack' } }).events).toEqual([])
  })
})

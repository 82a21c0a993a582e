import { describe, expect, it } from 'vitest'
import { resetMachine } from './reset.ts'

describe('reset machine', () => {
  it('asks to clear the authentication state when it starts', () => {
    expect(resetMachine.start({ channelId: 'channel-1' }).effects).toEqual([{ type: 'auth.reset' }])
  })

  it('reports complete once the state is cleared', () => {
    const { state } = resetMachine.start({ channelId: 'channel-1' })
    const step = resetMachine.step(state, { type: 'result', result: { effect: 'auth.reset', ok: true, value: null } })
    expect(step.events).toEqual([{ kind: 'complete', payload: {} }])
  })

  it('reports an error when clearing fails', () => {
    const { state } = resetMachine.start({ channelId: 'channel-1' })
    const step = resetMachine.step(state, {
      type: 'result',
      result: { effect: 'auth.reset', ok: false, error: { code: 'invalid_token', message: 'clientToken has expired' } },
    })
    expect(step.events).toEqual([
      { kind: 'error', payload: { code: 'invalid_token', message: 'clientToken has expired' } },
    ])
  })

  it('ignores customer and host input', () => {
    const { state } = resetMachine.start({ channelId: 'channel-1' })
    expect(resetMachine.step(state, { type: 'host', message: { kind: 'ack' } }).events).toEqual([])
  })
})

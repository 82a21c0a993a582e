import { describe, expect, it } from 'vitest'
import { createFrameRuntime } from './frame-runtime.ts'
import type { EffectResult, FrameEffect, FrameMachine } from './machine.ts'

/** A frame that runs two effects one after the other on the ack; each ends when the test says so. */
function twoEffects() {
  const ends: Array<(result: EffectResult) => void> = []
  const machine = {
    frame: 'reset',
    start: () => ({
      state: 0,
      events: [],
      effects: [{ type: 'first' }, { type: 'second' }] as unknown as FrameEffect[],
    }),
    step: (state: number) => ({ state: state + 1, events: [], effects: [] }),
    view: () => ({ screen: 'done', title: '', actions: [] }),
  } as unknown as FrameMachine<'reset', number, never>
  const runtime = createFrameRuntime(machine, {} as never, {
    post: () => undefined,
    runEffect: () => new Promise<EffectResult>((resolve) => ends.push(resolve)),
  })
  return { runtime, end: () => ends.shift()!({ ok: true, value: {} } as unknown as EffectResult) }
}

/** Lets every queued promise reaction run (no timer involved). */
const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}

describe('frame runtime, changed', () => {
  it('resolves at each start and end of an effect, and not before', async () => {
    const { runtime, end } = twoEffects()
    const seen: Array<string | undefined> = []
    // Watches every change; between two effects the runtime may answer 'queued'.
    const follow = () =>
      void runtime.changed().then(() => {
        seen.push(runtime.busyWith())
        follow()
      })
    const effects = () => seen.filter((busy) => busy !== 'queued')

    follow()
    runtime.open()
    runtime.receive({ kind: 'ack' })
    await flush()
    expect(effects()).toEqual(['first'])

    await flush()
    expect(effects()).toEqual(['first']) // the first effect runs on: no change

    end()
    await flush()
    expect(effects()).toEqual(['first', 'second'])

    end()
    await flush()
    expect(effects()).toEqual(['first', 'second', undefined])
    expect(runtime.busyWith()).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import { FairSlots, type ReleaseSlot } from './fair-slots.ts'

/** Asks for `count` slots under `key`, keeping each release once granted, in the order granted. */
function ask(slots: FairSlots, key: string, count: number, granted: Array<{ key: string; release: ReleaseSlot }>) {
  for (let i = 0; i < count; i++) void slots.acquire(key).then((release) => granted.push({ key, release }))
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('FairSlots', () => {
  it('holds at most perKey slots under one key, and gives the next waiter a slot when one is released', async () => {
    const slots = new FairSlots(2, 10)
    const granted: Array<{ key: string; release: ReleaseSlot }> = []
    ask(slots, 'a', 5, granted)
    await turn()
    expect(granted).toHaveLength(2)
    expect(slots.usage('a')).toEqual({ held: 2, waiting: 3 })
    granted[0]!.release()
    granted[0]!.release()
    await turn()
    expect(granted).toHaveLength(3)
    expect(slots.usage('a')).toEqual({ held: 2, waiting: 2 })
  })

  it('serves a key with one waiter within one turn of each key waiting before it, however many those keys queued', async () => {
    const slots = new FairSlots(4, 4)
    const granted: Array<{ key: string; release: ReleaseSlot }> = []
    ask(slots, 'busy', 20, granted)
    await turn()
    ask(slots, 'quiet', 1, granted)
    await turn()
    expect(granted.map(({ key }) => key)).toEqual(['busy', 'busy', 'busy', 'busy'])
    granted[0]!.release()
    granted[1]!.release()
    await turn()
    expect(granted.slice(4).map(({ key }) => key)).toEqual(['busy', 'quiet'])
  })

  it('serves waiting keys in turn when slots free, never more than total at once', async () => {
    const slots = new FairSlots(3, 3)
    const granted: Array<{ key: string; release: ReleaseSlot }> = []
    ask(slots, 'a', 3, granted)
    await turn()
    ask(slots, 'a', 3, granted)
    ask(slots, 'b', 3, granted)
    ask(slots, 'c', 3, granted)
    await turn()
    for (const { release } of granted.splice(0)) release()
    await turn()
    expect(granted.map(({ key }) => key)).toEqual(['a', 'b', 'c'])
    expect(slots.usage()).toEqual({ held: 3, waiting: 6 })
  })

  it('refuses caps that are not whole numbers of at least 1', () => {
    expect(() => new FairSlots(0, 64)).toThrow(RangeError)
    expect(() => new FairSlots(8, 1.5)).toThrow(RangeError)
  })
})

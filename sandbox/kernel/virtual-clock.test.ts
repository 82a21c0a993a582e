import { describe, expect, it } from 'vitest'
import { VirtualClock } from './virtual-clock.ts'

const start = Date.parse('2026-01-01T00:00:00.000Z')

describe('VirtualClock', () => {
  it('stands still until advanced', () => {
    const clock = new VirtualClock({ start })
    expect(clock.iso()).toBe('2026-01-01T00:00:00.000Z')
    clock.advance(30_000)
    expect(clock.iso()).toBe('2026-01-01T00:00:30.000Z')
  })

  it('fires due timers in order, each at its own due time', () => {
    const clock = new VirtualClock({ start })
    const seen: string[] = []
    clock.schedule(start + 20_000, () => seen.push(`b@${clock.iso()}`))
    clock.schedule(start + 10_000, () => seen.push(`a@${clock.iso()}`))
    clock.schedule(start + 90_000, () => seen.push('late'))
    expect(clock.advance(60_000)).toBe(2)
    expect(seen).toEqual(['a@2026-01-01T00:00:10.000Z', 'b@2026-01-01T00:00:20.000Z'])
    expect(clock.pendingTimers).toBe(1)
  })

  it('does not fire a cancelled timer', () => {
    const clock = new VirtualClock({ start })
    let fired = false
    const cancel = clock.schedule(start + 1, () => (fired = true))
    cancel()
    clock.advance(10)
    expect(fired).toBe(false)
  })

  it('flows with the wall source when one is given', () => {
    let wall = 1_000
    const clock = new VirtualClock({ start, wall: () => wall })
    wall += 5_000
    expect(clock.now()).toBe(start + 5_000)
    clock.advance(1_000)
    expect(clock.now()).toBe(start + 6_000)
  })

  it('fires timers that wall time made due on runDue', () => {
    let wall = 0
    const clock = new VirtualClock({ start, wall: () => wall })
    let fired = 0
    clock.schedule(start + 1_000, () => fired++)
    wall = 2_000
    expect(clock.runDue()).toBe(1)
    expect(fired).toBe(1)
  })

  it('settles the async work of fired timers', async () => {
    const clock = new VirtualClock({ start })
    let done = false
    clock.schedule(start + 1, async () => {
      await Promise.resolve()
      done = true
    })
    clock.advance(1)
    await clock.settled()
    expect(done).toBe(true)
  })

  it('refuses a negative advance', () => {
    expect(() => new VirtualClock({ start }).advance(-1)).toThrow(RangeError)
  })
})

describe('VirtualClock snapshots', () => {
  it('goes on from a snapshot: a running clock keeps its wall origin, so the time that passed meanwhile counts', () => {
    let wall = 1_000_000
    const clock = new VirtualClock({ start: 5_000, wall: () => wall })
    clock.advance(60_000)
    wall += 10_000
    const saved = clock.snapshot()
    wall += 30_000
    const restored = new VirtualClock({ start: 0, wall: () => wall, restore: saved })
    expect(restored.now()).toBe(5_000 + 60_000 + 40_000)
    expect(restored.advanced).toBe(60_000)
  })

  it('starts running from where a frozen clock stood when its snapshot is restored into a running one', () => {
    const frozen = new VirtualClock({ start: 5_000 })
    frozen.advance(1_000)
    let wall = 1_000_000
    const restored = new VirtualClock({ start: 0, wall: () => wall, restore: frozen.snapshot() })
    expect(restored.now()).toBe(6_000)
    wall += 500
    expect(restored.now()).toBe(6_500)
  })
})

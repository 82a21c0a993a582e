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

describe('VirtualClock.advanceInSlices', () => {
  it("runs each due timer's async work at its own due time, one after another, in clock order", async () => {
    const clock = new VirtualClock({ start })
    const seen: string[] = []
    const job = (name: string) => async () => {
      seen.push(`${name} starts @${clock.now() - start}`)
      await new Promise<void>((resolve) => setImmediate(resolve))
      seen.push(`${name} ends @${clock.now() - start}`)
    }
    clock.schedule(start + 20_000, job('b'))
    clock.schedule(start + 10_000, job('a'))
    clock.schedule(start + 20_000, job('c'))
    expect(await clock.advanceInSlices(60_000)).toBe(3)
    expect(seen).toEqual([
      'a starts @10000',
      'a ends @10000',
      'b starts @20000',
      'b ends @20000',
      'c starts @20000',
      'c ends @20000',
    ])
    expect(clock.now()).toBe(start + 60_000)
  })

  it('runs in the same advance a timer that due work schedules within it, and leaves one scheduled past it', async () => {
    const clock = new VirtualClock({ start })
    const seen: number[] = []
    clock.schedule(start + 1_000, async () => {
      await Promise.resolve()
      clock.schedule(clock.now() + 1_000, () => seen.push(clock.now() - start))
      clock.schedule(clock.now() + 60_000, () => seen.push(clock.now() - start))
    })
    expect(await clock.advanceInSlices(5_000)).toBe(2)
    expect(seen).toEqual([2_000])
    expect(clock.pendingTimers).toBe(1)
  })

  it('pauses between slices of about a millisecond of due work, and goes on after a timer that throws', async () => {
    let pauses = 0
    const clock = new VirtualClock({ start, pause: () => (pauses++, Promise.resolve()) })
    const ran: number[] = []
    for (let i = 0; i < 20; i++) {
      clock.schedule(start + i, () => {
        const until = performance.now() + 0.5
        while (performance.now() < until);
        ran.push(i)
        if (i === 3) throw new Error('a failing job')
      })
    }
    expect(await clock.advanceInSlices(1_000)).toBe(20)
    expect(ran).toHaveLength(20)
    expect(pauses).toBeGreaterThanOrEqual(5)
  })

  it('ends at its next timer when the clock is stopped (its tenant reset)', async () => {
    const clock = new VirtualClock({ start })
    const ran: number[] = []
    clock.schedule(start + 1, () => {
      ran.push(1)
      clock.stop()
    })
    clock.schedule(start + 2, () => ran.push(2))
    expect(await clock.advanceInSlices(10)).toBe(1)
    expect(ran).toEqual([1])
    expect(clock.pendingTimers).toBe(0)
  })

  it('runs two advances one after the other, the second from where the first left the clock', async () => {
    const clock = new VirtualClock({ start })
    const seen: number[] = []
    clock.schedule(start + 1_500, () => seen.push(clock.now() - start))
    const [first, second] = await Promise.all([clock.advanceInSlices(1_000), clock.advanceInSlices(1_000)])
    expect([first, second, seen, clock.now() - start]).toEqual([0, 1, [1_500], 2_000])
  })
})

describe('VirtualClock timers', () => {
  it('fires timers scheduled in any order by due time, then by the order they were scheduled', () => {
    const clock = new VirtualClock({ start })
    const fired: string[] = []
    const dues = [5, 1, 3, 1, 5, 2, 3, 1]
    for (const [index, due] of dues.entries()) clock.schedule(start + due, () => fired.push(`${due}:${index}`))
    clock.advance(10)
    expect(fired).toEqual(['1:1', '1:3', '1:7', '2:5', '3:2', '3:6', '5:0', '5:4'])
  })

  it('schedules 50 000 timers, each due after the others, without scanning those already scheduled', () => {
    const clock = new VirtualClock({ start })
    const before = process.cpuUsage()
    for (let i = 0; i < 50_000; i++) clock.schedule(start + i, () => undefined)
    // A heap push is O(log n) (here O(1): each new timer is due last); a sorted-array insert scanned them all, ~1.25e9
    // comparisons, 1.6 to 3.6 s of CPU here. CPU time, not wall time, so a busy machine does not count; the heap takes
    // about 20 ms, the bound is 20 times that.
    const used = process.cpuUsage(before)
    expect((used.user + used.system) / 1_000).toBeLessThan(400)
    expect(clock.pendingTimers).toBe(50_000)
  })

  it('says whether a timer is due now, passing over cancelled ones', () => {
    let wall = 0
    const clock = new VirtualClock({ start, wall: () => wall })
    const cancel = clock.schedule(start + 1_000, () => undefined)
    clock.schedule(start + 3_000, () => undefined)
    wall = 2_000
    expect(clock.hasDue()).toBe(true)
    cancel()
    expect(clock.hasDue()).toBe(false)
    wall = 3_000
    expect(clock.hasDue()).toBe(true)
  })

  it('counts a cancelled timer out once, even when cancelled twice or after it fired', () => {
    const clock = new VirtualClock({ start })
    const cancelFirst = clock.schedule(start + 1, () => undefined)
    const cancelSecond = clock.schedule(start + 2, () => undefined)
    cancelFirst()
    cancelFirst()
    expect(clock.pendingTimers).toBe(1)
    clock.advance(5)
    cancelSecond()
    expect(clock.pendingTimers).toBe(0)
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

import { MinHeap } from './min-heap.ts'
import { OneAtATime } from './one-at-a-time.ts'

/** A callback due at a sandbox instant; `seq` keeps timers due at the same instant in the order they were scheduled. */
interface Timer {
  at: number
  seq: number
  run: () => unknown
  state: 'pending' | 'fired' | 'cancelled'
}

const dueBefore = (a: Timer, b: Timer) => a.at < b.at || (a.at === b.at && a.seq < b.seq)

/** Real ms of due work {@link VirtualClock.advanceInSlices} runs before it pauses: short enough that other requests wait little. */
const SLICE_MS = 1

/** Options of a tenant clock. */
interface VirtualClockOptions {
  /** The instant the clock starts at (epoch ms). */
  start: number
  /**
   * Optional wall-time source (ms). When given, sandbox time also flows with it
   * ("realtime" clock); when absent the clock only moves when advanced.
   */
  wall?: () => number
  /** A clock's state to go on from (a state file's): `start` is then ignored. */
  restore?: { startedAt: number; advancedMs: number; wallStart: number }
  /**
   * Awaited between the slices of {@link VirtualClock.advanceInSlices} (each about a millisecond of due work), so an
   * advance over thousands of jobs lets other requests through: the node adapter yields to its event loop. Without
   * it the due work runs in one go.
   */
  pause?: () => Promise<void>
}

/**
 * A tenant's clock. Domain code reads time only from here. Timers (quote expiry,
 * settlement …) fire in order when the clock reaches them, each seeing `now()`
 * equal to its own due time.
 *
 * @example
 * const clock = new VirtualClock({ start: Date.parse('2026-01-01T00:00:00Z') })
 * clock.schedule(clock.now() + 30_000, () => expire(quote))
 * clock.advance(30_000) // fires the timer
 */
export class VirtualClock {
  readonly startedAt: number
  private advancedMs = 0
  private readonly wall: (() => number) | undefined
  private readonly wallStart: number
  /** Pending timers by due time, then by scheduling order: O(log n) to add or take one, however many an account has. */
  private readonly timers = new MinHeap<Timer>(dueBefore)
  /** Timers neither fired nor cancelled (cancelled ones leave the heap when they come up). */
  private live = 0
  private timerSeq = 0
  private pinnedAt: number | undefined
  private running: Array<Promise<void>> = []
  private readonly pause: (() => Promise<void>) | undefined
  /** Advances in slices, one at a time: two never take turns with the same timers. */
  private readonly slicedAdvances = new OneAtATime()

  constructor(options: VirtualClockOptions) {
    this.startedAt = options.restore?.startedAt ?? options.start
    this.wall = options.wall
    // A frozen clock's state (no wall origin) restored into a running one starts running from where it stood.
    this.wallStart =
      options.restore && options.wall && options.restore.wallStart > 0
        ? options.restore.wallStart
        : (options.wall?.() ?? 0)
    this.advancedMs = options.restore?.advancedMs ?? 0
    this.pause = options.pause
  }

  /**
   * The clock's state, to restore it later: a wall-time clock keeps its wall origin, so after a restart it shows the
   * time it would have shown had it run all along.
   */
  snapshot(): { startedAt: number; advancedMs: number; wallStart: number } {
    return { startedAt: this.startedAt, advancedMs: this.advancedMs, wallStart: this.wallStart }
  }

  /** Current sandbox time in epoch ms. */
  now(): number {
    if (this.pinnedAt !== undefined) return this.pinnedAt
    const flowed = this.wall ? this.wall() - this.wallStart : 0
    return this.startedAt + this.advancedMs + flowed
  }

  /** Current sandbox time as ISO 8601. */
  iso(): string {
    return new Date(this.now()).toISOString()
  }

  /** Milliseconds moved by `advance` since the start. */
  get advanced(): number {
    return this.advancedMs
  }

  /** Runs `run` when sandbox time reaches `at` (it may be async; see `settled`). Returns a cancel function. */
  schedule(at: number, run: () => unknown): () => void {
    const timer: Timer = { at, seq: this.timerSeq++, run, state: 'pending' }
    this.timers.push(timer)
    this.live++
    return () => {
      if (timer.state !== 'pending') return
      timer.state = 'cancelled'
      this.live--
    }
  }

  /** Number of timers not yet fired. */
  get pendingTimers(): number {
    return this.live
  }

  /**
   * Drops every timer not yet fired, and ends an advance in slices under way at its next timer: the tenant was reset
   * or restored, and what this clock had scheduled belongs to the state it left.
   */
  stop(): void {
    this.timers.clear()
    this.live = 0
  }

  /** Whether a timer is due now (wall time made it due): a request then catches up first, `advanceInSlices(0)`. */
  hasDue(): boolean {
    for (let timer = this.timers.peek(); timer?.state === 'cancelled'; timer = this.timers.peek()) this.timers.pop()
    const next = this.timers.peek()
    return next !== undefined && next.at <= this.now()
  }

  /** Fires every timer that is due now; returns how many fired. */
  runDue(): number {
    return this.fireUntil(this.now())
  }

  /**
   * Moves time forward by `ms`, firing due timers in order, all before it returns (their async work goes on after:
   * `settled`). Returns how many fired. In one go, however many are due: a request uses {@link advanceInSlices}.
   */
  advance(ms: number): number {
    requireDuration(ms)
    const target = this.now() + ms
    const fired = this.fireUntil(target)
    this.advancedMs += ms
    return fired
  }

  /**
   * Moves time forward by `ms` without holding the event loop: the due timers run one after another in clock order,
   * sandbox time standing at each one's due time until its async work has ended, so one timer's work never
   * interleaves with the next's and each sees `now()` equal to its due time throughout; timers that work schedules
   * within the advance run in it too. After each slice of about a millisecond of work it awaits `options.pause`.
   * Advances in slices run one at a time, in the order asked. Resolves with how many timers ran.
   *
   * @example
   * await clock.advanceInSlices(60_000) // 25 000 due jobs run, other requests served between slices
   */
  advanceInSlices(ms: number): Promise<number> {
    requireDuration(ms)
    return this.slicedAdvances.run(() => this.runInSlices(ms))
  }

  private async runInSlices(ms: number): Promise<number> {
    const from = this.now()
    const base = this.advancedMs
    let fired = 0
    let sliceStarted = performance.now()
    for (let timer = this.nextDue(from + ms); timer; timer = this.nextDue(from + ms)) {
      this.advancedMs = Math.max(this.advancedMs, base + timer.at - from)
      try {
        await timer.run()
      } catch {
        // A timer's failure is its own, as in `settled`: the timers after it still run.
      }
      fired++
      if (this.pause && performance.now() - sliceStarted >= SLICE_MS) {
        await this.pause()
        sliceStarted = performance.now()
      }
    }
    this.advancedMs = Math.max(this.advancedMs, base + ms)
    return fired
  }

  /** Resolves when the async work of every fired timer has finished. */
  async settled(): Promise<void> {
    while (this.running.length > 0) await Promise.all(this.running.splice(0))
  }

  /** Takes the next timer due by `target`, if any, as fired. */
  private nextDue(target: number): Timer | undefined {
    for (let timer = this.timers.peek(); timer !== undefined && timer.at <= target; timer = this.timers.peek()) {
      this.timers.pop()
      if (timer.state === 'cancelled') continue
      timer.state = 'fired'
      this.live--
      return timer
    }
    return undefined
  }

  private fireUntil(target: number): number {
    let fired = 0
    for (let timer = this.nextDue(target); timer !== undefined; timer = this.nextDue(target)) {
      this.pinnedAt = Math.max(timer.at, this.now())
      try {
        const result = timer.run()
        if (result instanceof Promise) this.running.push(result.catch(() => undefined))
      } finally {
        this.pinnedAt = undefined
      }
      fired++
    }
    return fired
  }
}

function requireDuration(ms: number): void {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance needs a finite, non-negative duration')
}

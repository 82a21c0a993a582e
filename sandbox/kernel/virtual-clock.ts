/** A callback due at a sandbox instant. */
interface Timer {
  at: number
  seq: number
  run: () => unknown
}

/** Options of a tenant clock. */
export interface VirtualClockOptions {
  /** The instant the clock starts at (epoch ms). */
  start: number
  /**
   * Optional wall-time source (ms). When given, sandbox time also flows with it
   * ("realtime" clock); when absent the clock only moves when advanced.
   */
  wall?: () => number
  /** A clock's state to go on from (a state file's): `start` is then ignored. */
  restore?: { startedAt: number; advancedMs: number; wallStart: number }
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
  private timers: Timer[] = []
  private timerSeq = 0
  private pinnedAt: number | undefined
  private running: Array<Promise<void>> = []

  constructor(options: VirtualClockOptions) {
    this.startedAt = options.restore?.startedAt ?? options.start
    this.wall = options.wall
    // A frozen clock's state (no wall origin) restored into a running one starts running from where it stood.
    this.wallStart = options.restore && options.wall && options.restore.wallStart > 0 ? options.restore.wallStart : (options.wall?.() ?? 0)
    this.advancedMs = options.restore?.advancedMs ?? 0
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
    const timer = { at, seq: this.timerSeq++, run }
    const index = this.timers.findIndex((t) => t.at > at)
    if (index === -1) this.timers.push(timer)
    else this.timers.splice(index, 0, timer)
    return () => {
      this.timers = this.timers.filter((t) => t !== timer)
    }
  }

  /** Number of timers not yet fired. */
  get pendingTimers(): number {
    return this.timers.length
  }

  /** Fires every timer that is due now; returns how many fired. */
  runDue(): number {
    return this.fireUntil(this.now())
  }

  /** Moves time forward by `ms`, firing due timers in order. Returns how many fired. */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance needs a finite, non-negative duration')
    const target = this.now() + ms
    const fired = this.fireUntil(target)
    this.advancedMs += ms
    return fired
  }

  /** Resolves when the async work of every fired timer has finished. */
  async settled(): Promise<void> {
    while (this.running.length > 0) await Promise.all(this.running.splice(0))
  }

  private fireUntil(target: number): number {
    let fired = 0
    while (this.timers.length > 0 && this.timers[0]!.at <= target) {
      const timer = this.timers.shift()!
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

/**
 * What all tenants of one sandbox hold together, against limits: per-tenant caps and byte budgets bound one account,
 * this bounds them all, whatever number of accounts a client cycles through (docs/decisions/0044, 0084). Three
 * measures: records every store holds (the seed they share aside: decision 0103), bytes of run-time state (faults,
 * webhook deliveries, records made or changed; `AccountBytes` counts them), and the characters of every journal
 * (`JournalCount`). Past any limit, `reclaim` (the registry's) evicts the least recently used idle tenants.
 *
 * @example
 * const budget = new RecordBudget(100_000, (keep) => evictLeastRecentlyUsedBut(keep), 32 * 1024 * 1024)
 */
export class RecordBudget {
  /** Records held by every store that has not been released. */
  held = 0
  /** Bytes of run-time state every account holds beyond its seed (journals aside: counted in `journals`). */
  bytes = 0
  /** Characters every account's journal holds together (decision 0103). */
  journals = 0

  /**
   * @param limit records every store may hold together
   * @param reclaim frees room by evicting idle tenants other than `keep` (the one about to write): the tenant registry's
   * @param byteLimit bytes of run-time state every account may hold together
   */
  constructor(
    readonly limit: number,
    private readonly reclaim: (keep: unknown) => void,
    readonly byteLimit = Number.POSITIVE_INFINITY,
    private readonly accounts: () => number = () => 1,
    readonly journalLimit = Number.POSITIVE_INFINITY,
  ) {}

  /**
   * How many characters one journal may keep: unbounded while every journal together is within `journalLimit`;
   * past it, idle accounts other than `keep` are evicted first, and if the journals are still over, each keeps its
   * share of the limit (it drops its oldest entries: a journal is never refused). Decision 0103.
   */
  journalRoom(keep: unknown): number {
    if (this.journals <= this.journalLimit) return Number.POSITIVE_INFINITY
    this.reclaim(keep)
    if (this.journals <= this.journalLimit) return Number.POSITIVE_INFINITY
    return this.journalLimit / Math.max(1, this.accounts())
  }

  /** Whether one more record fits, after reclaiming room if needed. */
  makeRoom(keep: unknown): boolean {
    if (this.held >= this.limit) this.reclaim(keep)
    return this.held < this.limit
  }

  /**
   * Whether `bytes` more fit for an account that would then hold `holding`, after reclaiming room if needed. When
   * they do not, an account still within its share (the byte limit over the accounts held) is let through: the
   * accounts that filled the budget are refused, never one that holds little (decision 0084). So the total can pass
   * the limit by at most the shares of the accounts below theirs, the limit again.
   */
  makeRoomForBytes(keep: unknown, bytes: number, holding = bytes): boolean {
    if (this.bytes + bytes > this.byteLimit) this.reclaim(keep)
    return this.bytes + bytes <= this.byteLimit || holding <= this.byteLimit / Math.max(1, this.accounts())
  }
}

/**
 * One journal's characters in the sandbox-wide count ({@link RecordBudget.journals}), until it is stopped: the
 * account was reset, restored or evicted, and gives back what its journal held at once.
 *
 * @example
 * const count = new JournalCount(budget, tenant)
 * new Journal({ chars: 128 * 1024, shared: count })
 */
export class JournalCount {
  private held = 0
  private stopped = false

  constructor(
    private readonly budget: RecordBudget,
    private readonly owner: unknown,
  ) {}

  changed(delta: number): void {
    if (this.stopped) return
    this.held += delta
    this.budget.journals += delta
  }

  room(): number {
    return this.stopped ? Number.POSITIVE_INFINITY : this.budget.journalRoom(this.owner)
  }

  /** Gives back every character counted, and counts no more. */
  stop(): void {
    if (this.stopped) return
    this.budget.journals -= this.held
    this.held = 0
    this.stopped = true
  }
}

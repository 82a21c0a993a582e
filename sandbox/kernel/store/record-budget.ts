/**
 * What all tenants of one sandbox hold together, against limits: per-tenant caps and byte budgets bound one account,
 * this bounds them all, whatever number of accounts a client cycles through (docs/decisions/0044, 0084). Two
 * measures: records in every store (seeds included), and bytes of run-time state beyond the seeds (faults, webhook
 * deliveries, records made or changed; `AccountBytes` counts them). Past either limit, `reclaim` (the registry's)
 * evicts the least recently used idle tenants.
 *
 * @example
 * const budget = new RecordBudget(100_000, (keep) => evictLeastRecentlyUsedBut(keep), 32 * 1024 * 1024)
 */
export class RecordBudget {
  /** Records held by every store that has not been released. */
  held = 0
  /** Bytes of run-time state every account holds beyond its seed (journals aside: each is bounded on its own). */
  bytes = 0

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
  ) {}

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

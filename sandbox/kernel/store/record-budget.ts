/**
 * How many records all tenant stores of one sandbox hold together, against a limit: per-tenant caps bound one
 * account, this bounds them all, whatever number of accounts a client cycles through (docs/decisions/0044).
 * Past the limit, `reclaim` (the registry's) evicts the least recently used other tenants.
 *
 * @example
 * const budget = new RecordBudget(100_000, (keep) => evictLeastRecentlyUsedBut(keep))
 */
export class RecordBudget {
  /** Records held by every store that has not been released. */
  held = 0

  /** @param reclaim frees room by evicting tenants other than `keep` (the one about to write): the tenant registry's */
  constructor(
    readonly limit: number,
    private readonly reclaim: (keep: unknown) => void,
  ) {}

  /** Whether one more record fits, after reclaiming room if needed. */
  makeRoom(keep: unknown): boolean {
    if (this.held >= this.limit) this.reclaim(keep)
    return this.held < this.limit
  }
}

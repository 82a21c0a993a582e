/**
 * How many records all tenant stores of one sandbox hold together, against a limit: per-tenant caps bound one
 * account, this bounds them all, whatever number of accounts a client cycles through (docs/decisions/0044).
 * Past the limit, `reclaim` (the registry's) evicts the least recently used other tenants.
 *
 * @example
 * const budget = new RecordBudget(100_000)
 * budget.reclaim = (keep) => registry.evictOthers(keep)
 */
export class RecordBudget {
  /** Records held by every store that has not been released. */
  held = 0
  /** Frees room by evicting tenants other than `keep` (the one about to write); set by the tenant registry. */
  reclaim: (keep: unknown) => void = () => undefined

  constructor(readonly limit: number) {}

  /** Whether one more record fits, after reclaiming room if needed. */
  makeRoom(keep: unknown): boolean {
    if (this.held >= this.limit) this.reclaim(keep)
    return this.held < this.limit
  }
}

/**
 * How much one tenant may hold, beyond its seeded data, and how many tenants one
 * sandbox keeps: what keeps a long-running sandbox's memory bounded whatever
 * its clients do (docs/decisions/0044). Past a record cap the sandbox answers 429
 * `rate_limited`, saying how to make room.
 */
export interface TenantLimits {
  /** Sessions held at once; expired ones are dropped first, on the tenant clock. */
  sessions: number
  /** Transactions created at run time. */
  transactions: number
  /** Customers created at run time (connections, onboarding). */
  customers: number
  /** Cards stored at run time. */
  cards: number
  /** Customer API upload records. */
  uploads: number
  /** Verification challenges of the buy frames. */
  challenges: number
  /** Used export consents remembered (each until its token expires). */
  consents: number
  /** Journal text kept per tenant, in UTF-16 code units of the JSON held (besides the entry count). */
  journalChars: number
  /** A response body longer than this is journaled as a placeholder giving its size. */
  journalEntryChars: number
  /** Tenants kept at once; the least recently used goes first and is rebuilt from the seed on next use. */
  tenants: number
  /**
   * Records every tenant store holds together, seeds included: past it the least recently used other tenants are
   * evicted, and when the writing tenant is the only one left, its create is a 429.
   */
  records: number
}

/** The defaults: far above what a test or a demo does, small enough that a runaway client cannot exhaust memory. */
export const DEFAULT_TENANT_LIMITS: TenantLimits = {
  sessions: 10_000,
  transactions: 10_000,
  customers: 10_000,
  cards: 10_000,
  uploads: 10_000,
  challenges: 10_000,
  consents: 10_000,
  journalChars: 256 * 1024,
  journalEntryChars: 64 * 1024,
  tenants: 128,
  records: 100_000,
}

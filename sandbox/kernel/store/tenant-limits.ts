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
  /** Sell transactions created at run time (decision 0067). */
  sellTransactions: number
  /** Customers created at run time (connections, onboarding). */
  customers: number
  /** Cards stored at run time. */
  cards: number
  /** Customer API upload records. */
  uploads: number
  /** Verification challenges of the buy frames. */
  challenges: number
  /** Webhook endpoints registered (decision 0058). */
  webhookEndpoints: number
  /** Webhook deliveries kept (their attempts too); past it the oldest finished one makes room. */
  webhookDeliveries: number
  /**
   * Webhook deliveries still pending at once (decision 0084): past it, an event the sandbox emits is dropped and
   * journaled `webhook:dropped`, and a trigger or resend is a 429, until attempts finish.
   */
  pendingWebhookDeliveries: number
  /**
   * Webhook attempts one account has in flight at once (decision 0082): each holds a socket for up to 5 s, so an
   * account whose receivers never answer cannot take the process's file descriptors. Its other attempts wait, in
   * order; waiting is not a failed attempt.
   */
  webhookAttemptsPerAccount: number
  /** Webhook attempts in flight across every account, handed to waiting accounts in turn (decision 0082). */
  webhookAttemptsInFlight: number
  /** Swaps created (decision 0068). */
  swaps: number
  /** Used export consents remembered (each until its token expires). */
  consents: number
  /** Faults armed at once (decision 0084): past it, arming one more is a 429 until some fire, expire or are cleared. */
  faults: number
  /**
   * Bytes one account may hold beyond its seed (decision 0084): its journal, armed faults and their answer bodies,
   * webhook deliveries and their bodies, and the records it made or changed, each counted as its JSON text. Past it a
   * new fault, delivery or record is a 429 naming the budget (the journal drops its oldest entries instead).
   */
  accountBytes: number
  /**
   * Bytes of run-time state (faults, deliveries, records made or changed; journals aside) every account holds
   * together: past it the least recently used idle accounts are evicted, and when none is left the writer's create
   * is a 429 (decision 0084).
   */
  bytes: number
  /**
   * Journal bodies kept per tenant, besides the entry count: measured as characters of the JSON text held, which
   * are bytes for the ASCII that JSON mostly is (V8 keeps such strings one byte a character).
   */
  journalBytes: number
  /**
   * Characters every account's journal holds together (decision 0103): past it the least recently used idle accounts
   * are evicted, and when none is left each journal keeps its share, dropping its oldest entries (never refused).
   */
  journals: number
  /** A request or response body longer than this is journaled as a placeholder giving its size. */
  journalEntryBytes: number
  /**
   * Tenants kept at once (`--max-accounts`). Making one more evicts the least recently used, rebuilt from the seed
   * on its next use; but an account used within `activeWindowMs` is never evicted: when every slot holds one, a new
   * account is refused with 429 `rate_limited` instead (docs/decisions/0049).
   */
  tenants: number
  /** How recently an account must have been used to be safe from eviction, in ms of real time (default 10 minutes). */
  activeWindowMs: number
  /**
   * Records every tenant store holds together (made or changed: the seed they share counts for none, decision 0103):
   * past it the least recently used other tenants are evicted, and when the writing tenant is the only one left, its
   * create is a 429.
   */
  records: number
  /**
   * Characters of JSON text the states of evicted accounts take together while a state file is kept (decision
   * 0049): past it, the one evicted longest ago is forgotten (a character is a byte of memory for this ASCII JSON).
   */
  parkedCharacters: number
}

/** The defaults: far above what a test or a demo does, small enough that a runaway client cannot exhaust memory. */
export const DEFAULT_TENANT_LIMITS: TenantLimits = {
  sessions: 10_000,
  transactions: 10_000,
  sellTransactions: 10_000,
  customers: 10_000,
  cards: 10_000,
  uploads: 10_000,
  challenges: 10_000,
  webhookEndpoints: 16,
  webhookDeliveries: 2_000,
  pendingWebhookDeliveries: 500,
  webhookAttemptsPerAccount: 8,
  webhookAttemptsInFlight: 64,
  swaps: 10_000,
  consents: 10_000,
  faults: 100,
  accountBytes: 8 * 1024 * 1024,
  bytes: 32 * 1024 * 1024,
  journalBytes: 128 * 1024,
  journals: 32 * 1024 * 1024,
  journalEntryBytes: 64 * 1024,
  tenants: 2_000,
  activeWindowMs: 600_000,
  records: 40_000,
  parkedCharacters: 32 * 1024 * 1024,
}

import type { HmacSha256 } from '#kernel/hmac.ts'
import type { TenantLimits } from '#kernel/store/tenant-limits.ts'
import type { WebhookTransport } from '#kernel/webhook-transport.ts'
import type { ErrorLogger } from './to-wire-error.ts'

/** Options of a sandbox instance. Every field has a default. */
export interface SandboxOptions {
  /** Seed of every fixture (default 1). Same seed, same data, same outcomes. */
  seed?: number
  /**
   * Instant tenant clocks start at: ISO 8601 (default: the price table's epoch,
   * 2026-01-01T00:00:00Z), or `'wall'` to start each tenant at the wall time of
   * its creation or reset (needs `wall`; what `npm start` does).
   */
  clockStart?: string
  /** Wall-time source: when given, tenant clocks also flow in real time. Adapters pass it; the core never reads the wall clock. */
  wall?: () => number
  /**
   * A monotonic ms source (the node adapter passes `performance.now`) telling how recently each account was used: one
   * used within `limits.activeWindowMs` is never evicted to make room for another (docs/decisions/0049). Without it
   * (in-process cores) accounts are evicted least recently used first, whenever they were used.
   */
  activity?: () => number
  /**
   * Awaited between the slices of building a new account's store (each about a millisecond's work), so building one
   * never holds the event loop for long; the node adapter passes a yield to its event loop (`setImmediate`). Without
   * it a store is built in one go.
   */
  pause?: () => Promise<void>
  /**
   * Keep the state of accounts evicted to make room (what `--state-file` does): saved in snapshots with the others,
   * and given back whole on the account's next use instead of a fresh seed (decision 0049).
   */
  keepEvicted?: boolean
  /** Entries each tenant journal keeps (default 1000). */
  journalSize?: number
  /**
   * What one tenant may hold beyond its seed (sessions, transactions, customers …, journal text) and how many
   * tenants are kept: `DEFAULT_TENANT_LIMITS` unless given (docs/decisions/0044).
   */
  limits?: Partial<TenantLimits>
  /** HMAC implementation (default: portable pure JS; the node server passes node:crypto). */
  hmac?: HmacSha256
  /**
   * The signing secret, 32 to 128 hex digits: tokens, frame tickets, cursors and
   * quote signatures are signed under keys derived from it and the tenant id, so
   * nobody without it can forge them. Same secret (and seed), same signatures.
   * Default: the public `PUBLIC_TEST_SECRET`, fine for a core only this process
   * reaches; `startServer`, the CLI and msw's `createSandbox` draw a random one
   * unless given (docs/decisions/0042). Pass one whenever the core is reachable
   * from outside the process.
   */
  secret?: string
  /**
   * The process incarnation tokens name (docs/decisions/0046): a token naming another is from before a restart,
   * and is refused saying so. Default: the public {@link IN_PROCESS_BOOT_ID}, so in-process runs repeat exactly;
   * `startServer` and the CLI draw a random one, or take the state file's.
   */
  bootId?: string
  /** Where unexpected errors are logged (default: none). */
  logger?: ErrorLogger
  /** Public URLs of this sandbox, reported by the control API. */
  origins?: { api: string; frames: string }
  /**
   * Hosts besides loopback that webhook endpoints may name (`--webhook-allow-host`); by default only loopback, so a
   * shared sandbox cannot be turned against other machines (decision 0058).
   */
  webhookAllowHosts?: readonly string[]
  /** How webhooks leave the sandbox (default: `fetch`; signatures stamped on the tenant clock unless it says the time). */
  webhookTransport?: WebhookTransport
  /**
   * Where warnings go: a webhook endpoint restored from a state file whose host this sandbox does not allow (decision
   * 0082). Default: nowhere in process; `startServer` writes them on stderr.
   */
  warn?: (message: string) => void
  /** Retire deprecated items so partners can test they no longer depend on them. */
  strictDeprecations?: boolean
}

/** The boot id of in-process cores: public and fixed, as their runs must repeat exactly (docs/decisions/0046). */
export const IN_PROCESS_BOOT_ID = 'in-process'

/** Where tenant clocks start: an instant, or the wall time when each tenant is made (`options.clockStart`). */
export function startOfClocks(options: SandboxOptions, priceEpoch: number): number | 'wall' {
  if (options.clockStart === 'wall') {
    if (!options.wall) throw new RangeError("clockStart 'wall' needs a wall-time source (options.wall)")
    return 'wall'
  }
  const start = options.clockStart !== undefined ? Date.parse(options.clockStart) : priceEpoch
  if (Number.isNaN(start)) throw new RangeError(`clockStart ${options.clockStart} is not an ISO 8601 instant`)
  return start
}

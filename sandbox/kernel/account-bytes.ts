import { SandboxError } from './sandbox-error.ts'
import type { RecordBudget } from './store/record-budget.ts'

/** What an account holds beyond its seed, by part: each counted in bytes of the JSON text it is kept as. */
export type BytePart = 'faults' | 'deliveries' | 'records'

/** An account's bytes against its budget, as `GET /__sandbox/usage` and the health report give them. */
interface AccountBytesReport {
  journal: number
  faults: number
  deliveries: number
  records: number
  total: number
  limit: number
}

/** How to make room, per part, for the refusal's message. */
const ROOM_HINTS: ReadonlyMap<BytePart, string> = new Map([
  ['faults', 'clear faults (DELETE /__sandbox/faults)'],
  ['deliveries', 'advance the clock so pending deliveries finish (POST /__sandbox/clock/advance), or remove endpoints'],
  ['records', 'revoke sessions or delete stored cards'],
])

const MiB = 1024 * 1024
/** Bytes as a partner reads them in a message: `3.2 MiB`, `812 KiB`, `96 B`. */
function formatBytes(bytes: number): string {
  if (bytes >= MiB) return `${Math.round((bytes / MiB) * 10) / 10} MiB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`
  return `${bytes} B`
}

/**
 * What one life of an account holds beyond its seed, counted in bytes of JSON text (a byte of memory for the ASCII
 * JSON mostly is, once held): its journal (bounded on its own, oldest entries dropped), armed faults with their answer
 * bodies, webhook deliveries with their bodies, and the records it made or changed. Past `limit` a new fault,
 * delivery or record is refused with 429 `rate_limited` naming the budget, so one account can never hold more than
 * that, whatever it sends; what it holds also counts against the sandbox-wide `budget`, which evicts idle accounts
 * (or refuses) past its own limit (docs/decisions/0084).
 *
 * A tenant makes a new one when it is reset or restored and retires the old one, whose holders may still give bytes
 * back to it: a retired counter ignores them, having given everything back at once.
 *
 * @example
 * bytes.take('faults', 1_024) // throws 429 when the account's budget would pass its limit
 * bytes.give('faults', 1_024)
 */
export class AccountBytes {
  private readonly held = new Map<BytePart, number>([
    ['faults', 0],
    ['deliveries', 0],
    ['records', 0],
  ])
  private retired = false

  /**
   * @param limit the account's budget in bytes, journal included
   * @param journal what the account's journal holds now, and the most it may hold (it drops its oldest entries past
   *   that, and is never refused): the budget keeps that much for it, so what is held never passes the limit
   * @param budget the sandbox-wide budget the parts count against too (none: only the account's limit)
   * @param owner who holds this (the tenant): never evicted to make room for its own writes
   */
  constructor(
    readonly limit: number,
    private readonly journal: { held: () => number; most: number },
    private readonly budget?: RecordBudget,
    private readonly owner?: unknown,
  ) {}

  /** The bytes the parts hold (the journal aside). */
  private get parts(): number {
    let parts = 0
    for (const bytes of this.held.values()) parts += bytes
    return parts
  }

  /** The bytes held in all, the journal included. */
  get total(): number {
    return this.journal.held() + this.parts
  }

  /**
   * Counts `bytes` more for `part`, or throws 429 `rate_limited` saying the budget, what the account holds and how to
   * make room: past the account's limit, or past the sandbox-wide budget when no idle account is left to evict.
   * `force` counts them whatever the limits (a returning account's state: it is what the account held).
   */
  take(part: BytePart, bytes: number, force = false): void {
    if (this.retired || bytes <= 0) return
    if (!force) {
      const parts = this.parts
      if (parts + bytes > this.limit - this.journal.most) {
        throw new SandboxError(
          'rate_limited',
          `this account holds ${formatBytes(parts)} of faults, webhook deliveries and records, and ${formatBytes(bytes)} more would pass its budget of ${formatBytes(this.limit)} (${formatBytes(this.journal.most)} of it kept for its journal; docs/decisions/0084): ${ROOM_HINTS.get(part)}, or POST /__sandbox/reset to start the account afresh`,
        )
      }
      if (this.budget && !this.budget.makeRoomForBytes(this.owner, bytes, parts + bytes)) {
        throw new SandboxError(
          'rate_limited',
          `the sandbox holds ${formatBytes(this.budget.bytes)} of run-time state across its accounts, its budget of ${formatBytes(this.budget.byteLimit)}, no idle account is left to evict, and this account holds ${formatBytes(parts)}, more than its share (docs/decisions/0084): ${ROOM_HINTS.get(part)}, POST /__sandbox/reset, or try again once another account has been idle`,
        )
      }
    }
    this.held.set(part, this.held.get(part)! + bytes)
    if (this.budget) this.budget.bytes += bytes
  }

  /** Gives back `bytes` of `part` (a fault cleared, a delivery or record dropped or shrunk). */
  give(part: BytePart, bytes: number): void {
    if (this.retired || bytes <= 0) return
    const given = Math.min(bytes, this.held.get(part)!)
    this.held.set(part, this.held.get(part)! - given)
    if (this.budget) this.budget.bytes -= given
  }

  /** Gives every byte back to the sandbox-wide budget and ignores what its holders give back later: a reset, a restore, an eviction. */
  retire(): void {
    if (this.retired) return
    for (const [part, bytes] of this.held) {
      if (this.budget) this.budget.bytes -= bytes
      this.held.set(part, 0)
    }
    this.retired = true
  }

  /** The bytes held, by part, against the limit. */
  report(): AccountBytesReport {
    const journal = this.journal.held()
    const faults = this.held.get('faults')!
    const deliveries = this.held.get('deliveries')!
    const records = this.held.get('records')!
    return { journal, faults, deliveries, records, total: journal + faults + deliveries + records, limit: this.limit }
  }
}

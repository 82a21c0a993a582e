import type { JournalEntry, JournalKind } from '../contract/index.ts'

/** An entry before the journal numbers it. */
export type JournalInput = JournalEntry extends infer E ? (E extends JournalEntry ? Omit<E, 'seq'> : never) : never

/** Filter of `Journal.list`. */
export interface JournalFilter {
  /** Only entries with a seq greater than this. */
  since?: number
  kind?: JournalKind
  limit?: number
}

/**
 * A tenant's journal: a bounded ring buffer of API calls, frame events and state
 * changes, in order. When full, the oldest entries go; `seq` keeps counting, so a
 * reader polling with `since` can tell what it missed.
 *
 * @example
 * journal.append({ kind: 'state', at: clock.iso(), event: 'clock:advanced', detail: { by: 30000 } })
 * journal.list({ since: 10, kind: 'api' })
 */
export class Journal {
  private readonly entries: Array<JournalEntry | undefined>
  private nextSeq = 1

  constructor(readonly capacity = 1000) {
    this.entries = new Array(capacity)
  }

  /** Appends an entry and returns it with its seq. */
  append(input: JournalInput): JournalEntry {
    const entry = { ...input, seq: this.nextSeq } as JournalEntry
    this.entries[(this.nextSeq - 1) % this.capacity] = entry
    this.nextSeq++
    return entry
  }

  /** The seq of the newest entry, 0 when empty. */
  get lastSeq(): number {
    return this.nextSeq - 1
  }

  /** Entries in order, filtered. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const first = Math.max(1, this.nextSeq - this.capacity, (filter.since ?? 0) + 1)
    const out: JournalEntry[] = []
    for (let seq = first; seq < this.nextSeq; seq++) {
      const entry = this.entries[(seq - 1) % this.capacity]!
      if (filter.kind !== undefined && entry.kind !== filter.kind) continue
      out.push(entry)
      if (filter.limit !== undefined && out.length >= filter.limit) break
    }
    return out
  }

  /** Forgets every entry and numbers from 1 again, as a fresh tenant. */
  clear(): void {
    this.entries.fill(undefined)
    this.nextSeq = 1
  }
}

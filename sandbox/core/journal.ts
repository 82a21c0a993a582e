import type { JournalEntry, JournalKind } from '../contract/index.ts'

/** An entry as callers give it: the journal adds `seq` and `at`. */
export type JournalInput = JournalEntry extends infer E ? (E extends JournalEntry ? Omit<E, 'seq' | 'at'> : never) : never

/** Filter of `Journal.list`. */
export interface JournalFilter {
  /** Only entries with a seq greater than this. */
  since?: number
  kind?: JournalKind
  limit?: number
}

interface Stored {
  seq: number
  atMs: number
  input: JournalInput
  /** The response body as JSON text, parsed only when read: one flat string is cheap for the GC to keep. */
  responseJson: string | undefined
}

/**
 * A tenant's journal: a bounded ring buffer of API calls, frame events and state
 * changes, in order. When full, the oldest entries go; `seq` keeps counting, so a
 * reader polling with `since` can tell what it missed. Entries are stored as given
 * and formatted (ISO time) only when read: appending sits on every request's path.
 *
 * @example
 * journal.append(clock.now(), { kind: 'state', event: 'clock:advanced', detail: { byMs: 30000 } })
 * journal.list({ since: 10, kind: 'api' })
 */
export class Journal {
  private readonly entries: Array<Stored | undefined>
  private nextSeq = 1

  constructor(readonly capacity = 1000) {
    this.entries = new Array(capacity)
  }

  /** Appends an entry at sandbox time `atMs` (an API entry may give its response body as JSON text); returns its seq. */
  append(atMs: number, input: JournalInput, responseJson?: string): number {
    const seq = this.nextSeq++
    this.entries[(seq - 1) % this.capacity] = { seq, atMs, input, responseJson }
    return seq
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
      const stored = this.entries[(seq - 1) % this.capacity]!
      if (filter.kind !== undefined && stored.input.kind !== filter.kind) continue
      const entry = { seq, at: new Date(stored.atMs).toISOString(), ...stored.input } as JournalEntry
      if (stored.responseJson !== undefined && entry.kind === 'api') entry.responseBody = JSON.parse(stored.responseJson)
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

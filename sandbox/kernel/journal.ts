import type { JournalEntry, JournalKind } from '#contract/index.ts'
import { withBoundedDepth } from './bounded-depth.ts'

/** An entry as callers give it: the journal adds `seq` and `at`. */
type JournalInput = JournalEntry extends infer E ? (E extends JournalEntry ? Omit<E, 'seq' | 'at'> : never) : never

/** Filter of `Journal.list`. */
interface JournalFilter {
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
  /** What the entry counts against the journal's character budget. */
  chars: number
  /** The entry as JSON text, made when it is first read and kept for the next reads (a test polls the journal). */
  text?: string
}

/** Characters an entry counts for besides the texts it holds: its fields, path and small detail. */
const ENTRY_OVERHEAD_CHARS = 384
/** Characters an {@link omittedBody} placeholder counts for. */
const OMITTED_CHARS = 100

/** Bounds of a journal: entries, and characters of the texts its entries hold. */
interface JournalBounds {
  /** Entries kept (default 1000). */
  entries?: number
  /** Characters of JSON text kept in all (default unbounded). */
  chars?: number
  /** A body longer than this is kept as a placeholder giving its size (default unbounded). */
  entryChars?: number
  /** What every account's journals count against together (decision 0103): none, only this journal's bounds. */
  shared?: SharedJournalChars
}

/**
 * The characters every account's journal holds together, against a sandbox-wide limit: told of each change, and asked
 * how many this journal may keep (unbounded while the sandbox is under its limit; its share when it is over and no
 * idle account is left to evict). A journal is never refused: past its room it drops its oldest entries.
 */
interface SharedJournalChars {
  changed(delta: number): void
  room(): number
}

/**
 * What the journal keeps of a body too long for it: the size, and why.
 *
 * @example
 * omittedBody(2_000_000) // { omitted: 'body of 2000000 characters, longer than the journal keeps (docs/decisions/0044)' }
 */
export function omittedBody(chars: number): { omitted: string } {
  return { omitted: `body of ${chars} characters, longer than the journal keeps (docs/decisions/0044)` }
}

/** Whether a journaled body is an {@link omittedBody} placeholder rather than the body itself. */
export function isOmittedBody(body: unknown): boolean {
  return (
    body !== null &&
    typeof body === 'object' &&
    !Array.isArray(body) &&
    Object.keys(body).length === 1 &&
    typeof (body as { omitted?: unknown }).omitted === 'string'
  )
}

/** The parts of a frame or state entry that hold what it was given: what an entry too long to keep gives up. */
const GIVEN_PARTS = ['payload', 'params', 'detail'] as const

/** An entry with each of its given parts replaced by an {@link omittedBody} placeholder: the entry was `chars` long. */
function withOmittedParts(input: JournalInput, chars: number): JournalInput {
  const kept: Record<string, unknown> = { ...input }
  for (const part of GIVEN_PARTS) if (Object.hasOwn(kept, part)) kept[part] = omittedBody(chars)
  return kept as JournalInput
}

/**
 * A tenant's journal: a bounded ring buffer of API calls, frame events and state
 * changes, in order. It is bounded in entries and in the characters of the bodies
 * it holds: past either, the oldest entries go; `seq` keeps counting, so a reader
 * polling with `since` can tell what it missed. Entries are stored as given (parts nested deeper than
 * `JOURNAL_MAX_DEPTH` levels become a placeholder, so every entry serialises) and
 * formatted (ISO time) only when read: appending sits on every request's path.
 *
 * @example
 * journal.append(clock.now(), { kind: 'state', event: 'clock:advanced', detail: { byMs: 30000 } })
 * journal.list({ since: 10, kind: 'api' })
 */
export class Journal {
  readonly capacity: number
  /** Characters of text the journal keeps in all. */
  readonly charBudget: number
  /** The longest body an entry keeps; longer ones become {@link omittedBody}. */
  private readonly entryChars: number
  private readonly entries: Array<Stored | undefined>
  private nextSeq = 1
  /** The seq of the oldest entry still held. */
  private firstSeq = 1
  private chars = 0
  /** The last `listJson` answer, and what it answered (the filter and the entries held): entries never change. */
  private lastList: { key: string; text: string } | undefined
  private readonly shared: SharedJournalChars | undefined

  constructor(bounds: number | JournalBounds = {}) {
    const {
      entries = 1000,
      chars = Number.POSITIVE_INFINITY,
      entryChars = Number.POSITIVE_INFINITY,
      shared,
    } = typeof bounds === 'number' ? { entries: bounds } : bounds
    this.shared = shared
    this.capacity = entries
    this.charBudget = chars
    this.entryChars = entryChars
    // Grown as entries come (a ring once full): an account that makes two calls holds two slots, not a thousand.
    this.entries = []
  }

  /**
   * Appends an entry at sandbox time `atMs`; returns its seq. An API entry may give its response body as JSON text,
   * and the length of the request body it holds (`bodyChars`), for the character budget.
   */
  append(atMs: number, input: JournalInput, responseJson?: string, bodyChars = 0): number {
    const seq = this.nextSeq++
    const keptJson =
      responseJson === undefined || responseJson.length <= this.entryChars
        ? responseJson
        : JSON.stringify(omittedBody(responseJson.length))
    // Bodies and payloads come from outside: kept no deeper than the journal serialises (a list, a state file).
    let kept = withBoundedDepth(input)
    let ownChars = bodyChars
    if (kept.kind !== 'api') {
      // A frame message or a state change holds what it was given (a payload, a detail): counted as its JSON text, and
      // kept as a placeholder giving its size when longer than an entry keeps, so no entry counts less than it holds.
      const length = JSON.stringify(kept).length
      if (length > this.entryChars) kept = withOmittedParts(kept, length)
      ownChars = length <= this.entryChars ? length : OMITTED_CHARS
    }
    const chars = ENTRY_OVERHEAD_CHARS + (keptJson?.length ?? 0) + ownChars
    if (seq - this.firstSeq >= this.capacity) this.drop()
    this.entries[(seq - 1) % this.capacity] = { seq, atMs, input: kept, responseJson: keptJson, chars }
    this.chars += chars
    this.shared?.changed(chars)
    const room = this.shared ? Math.min(this.charBudget, this.shared.room()) : this.charBudget
    while (this.chars > room && this.firstSeq < seq) this.drop()
    return seq
  }

  /**
   * A body as an entry keeps it: `read` of the text when it fits an entry, else {@link omittedBody}; and the
   * characters it counts for (pass them to `append`).
   *
   * @example
   * const { body, chars } = journal.keepBody(request.body, JSON.parse)
   */
  keepBody<T>(text: string, read: (text: string) => T): { body: T | { omitted: string }; chars: number } {
    return text.length <= this.entryChars
      ? { body: read(text), chars: text.length }
      : { body: omittedBody(text.length), chars: OMITTED_CHARS }
  }

  /** Forgets the oldest entry. */
  private drop(): void {
    const index = (this.firstSeq - 1) % this.capacity
    const chars = this.entries[index]?.chars ?? 0
    this.chars -= chars
    this.shared?.changed(-chars)
    this.entries[index] = undefined
    this.firstSeq++
  }

  /** Entries held now, and the characters they count for. */
  get held(): { entries: number; chars: number } {
    return { entries: this.nextSeq - this.firstSeq, chars: this.chars }
  }

  /** The seq of the newest entry, 0 when empty. */
  get lastSeq(): number {
    return this.nextSeq - 1
  }

  /** The seq of the oldest entry held: one above `since + 1` means entries after `since` were dropped. */
  get oldestSeq(): number {
    return this.firstSeq
  }

  /** Entries in order, filtered. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    return this.selected(filter).map((seq) => this.entry(seq)!)
  }

  /**
   * The JSON text of `list(filter)`: each entry's text is made once, on its first read, and reused while the entry is
   * held (it never changes), so polling the journal costs no more than sending it.
   *
   * @example
   * JSON.parse(journal.listJson({ kind: 'api' })) // what journal.list({ kind: 'api' }) gives
   */
  listJson(filter: JournalFilter = {}): string {
    // A poll that finds nothing new asks the same question of the same entries: the last answer is kept.
    const key = `${filter.since ?? ''}|${filter.kind ?? ''}|${filter.limit ?? ''}|${this.firstSeq}|${this.nextSeq}`
    if (this.lastList?.key === key) return this.lastList.text
    const text = `[${this.selected(filter)
      .map((seq) => this.entryJson(seq))
      .join(',')}]`
    this.lastList = { key, text }
    return text
  }

  /** The seqs of the entries a filter selects, in order. */
  private selected(filter: JournalFilter): number[] {
    const out: number[] = []
    for (const { seq, input } of this.inputs(filter.since)) {
      if (filter.kind !== undefined && input.kind !== filter.kind) continue
      out.push(seq)
      if (filter.limit !== undefined && out.length >= filter.limit) break
    }
    return out
  }

  /**
   * One entry's JSON text, field for field what `JSON.stringify(entry(seq))` gives, without parsing the response
   * body it holds as text. Kept once made; the characters it holds count against the budget from the next append.
   */
  private entryJson(seq: number): string {
    const stored = this.entries[(seq - 1) % this.capacity]!
    if (stored.text !== undefined) return stored.text
    const { input, responseJson } = stored
    const response = responseJson !== undefined && input.kind === 'api' ? responseJson : undefined
    let text = `{"seq":${seq},"at":"${new Date(stored.atMs).toISOString()}"`
    for (const [name, value] of Object.entries(input)) {
      if (name === 'responseBody' && response !== undefined) text += `,"responseBody":${response}`
      else if (value !== undefined) {
        const json = JSON.stringify(value)
        if (json !== undefined) text += `,${JSON.stringify(name)}:${json}`
      }
    }
    if (response !== undefined && !Object.hasOwn(input, 'responseBody')) text += `,"responseBody":${response}`
    text += '}'
    stored.text = text
    stored.chars += text.length
    this.chars += text.length
    return text
  }

  /**
   * The entries held after `since`, as callers gave them (no time formatted, no response parsed): what a search reads
   * before it formats the entries it keeps with {@link entry}.
   */
  *inputs(since = 0): Generator<{ seq: number; input: JournalInput }> {
    for (let seq = Math.max(this.firstSeq, since + 1); seq < this.nextSeq; seq++)
      yield { seq, input: this.entries[(seq - 1) % this.capacity]!.input }
  }

  /** The entry with this seq as `list` gives it, if it is still held. */
  entry(seq: number): JournalEntry | undefined {
    if (seq < this.firstSeq || seq >= this.nextSeq) return undefined
    const stored = this.entries[(seq - 1) % this.capacity]!
    const entry = { seq, at: new Date(stored.atMs).toISOString(), ...stored.input } as JournalEntry
    if (stored.responseJson !== undefined && entry.kind === 'api') entry.responseBody = JSON.parse(stored.responseJson)
    return entry
  }

  /** The entries held and the next seq, for a state file. */
  snapshot(): {
    nextSeq: number
    entries: Array<{ seq: number; atMs: number; input: JournalInput; responseJson?: string; chars: number }>
  } {
    const entries = []
    for (let seq = this.firstSeq; seq < this.nextSeq; seq++) {
      const { input, atMs, responseJson, chars } = this.entries[(seq - 1) % this.capacity]!
      entries.push({ seq, atMs, input, chars, ...(responseJson === undefined ? {} : { responseJson }) })
    }
    return { nextSeq: this.nextSeq, entries }
  }

  /** Holds what a snapshot held (the newest that fit these bounds), numbering on from its next seq. */
  restore(snapshot: {
    nextSeq: number
    entries: Array<{ seq: number; atMs: number; input: unknown; responseJson?: string; chars: number }>
  }): void {
    this.clear()
    this.nextSeq = snapshot.nextSeq
    this.firstSeq = snapshot.nextSeq
    const kept = snapshot.entries.filter((entry) => entry.seq < snapshot.nextSeq).slice(-this.capacity)
    if (kept.length > 0) this.firstSeq = kept[0]!.seq
    for (const { seq, atMs, input, responseJson, chars } of kept) {
      this.entries[(seq - 1) % this.capacity] = { seq, atMs, input: input as JournalInput, responseJson, chars }
      this.chars += chars
      this.shared?.changed(chars)
    }
    while (this.chars > this.charBudget && this.firstSeq < this.nextSeq - 1) this.drop()
  }

  /** Forgets every entry and numbers from 1 again, as a fresh tenant. */
  clear(): void {
    this.lastList = undefined
    this.shared?.changed(-this.chars)
    this.entries.length = 0
    this.nextSeq = 1
    this.firstSeq = 1
    this.chars = 0
  }
}

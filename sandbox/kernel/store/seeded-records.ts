import { TEMPLATE_TAG, type SeedIds } from '#fixtures/seed-ids.ts'
import type { RecordIndexes } from './record-indexes.ts'

/*
 * The seeded records every account on a seed and mode shares, and one account's view of them (decision 0103). The
 * shared part is built once per seed's records and never changes: the records (frozen), their places, and the same
 * indexes the account's own collection keeps, keyed by the template's ids. An account reads them through its
 * {@link SeedIds} (its ids derived on read) less what it changed (its store holds a copy) or deleted.
 */

/** Indexes of the shared records, defined as the collection defines its own, and empty: what they are filed in. */
type EmptyIndexes<Record extends { id: string }> = () => RecordIndexes<Record, string, string>

/** Where a record holds ids: for each field holding one, `true`, or where inside it they are. */
type IdPaths = Map<string, IdPaths | true>

/** The fields of `value` whose strings hold the template tag, or undefined when none does. */
function idPathsOf(value: unknown): IdPaths | true | undefined {
  if (typeof value === 'string') return value.includes(TEMPLATE_TAG) ? true : undefined
  if (value === null || typeof value !== 'object') return undefined
  let paths: IdPaths | undefined
  for (const [key, inner] of Object.entries(value)) {
    const found = idPathsOf(inner)
    if (found) (paths ??= new Map()).set(key, found)
  }
  return paths
}

/** `value` with the ids at `paths` made the account's: copies along the paths only; the rest is shared (frozen). */
function withAccountIds(value: unknown, paths: IdPaths | true, ids: SeedIds): unknown {
  if (paths === true) return ids.toAccount(value as string)
  const source = value as Record<string, unknown>
  const copy = (Array.isArray(source) ? [...source] : { ...source }) as Record<string, unknown>
  for (const [key, inner] of paths) copy[key] = withAccountIds(source[key], inner, ids)
  return copy
}

/** One collection's seeded records as every account on the seed shares them: built once, read only. */
class SharedRecords<Record extends { id: string }> {
  /** Each record's place in the seed, by the template's id. */
  readonly places = new Map<string, number>()
  /** The collection's indexes of the shared records, keyed by the template's ids. */
  readonly indexes: RecordIndexes<Record, string, string>
  private readonly idPaths = new WeakMap<object, IdPaths | true | null>()
  private readonly texts = new WeakMap<object, string>()

  constructor(
    readonly records: readonly Record[],
    emptyIndexes: EmptyIndexes<Record>,
  ) {
    for (const [place, record] of records.entries()) this.places.set(record.id, place)
    this.indexes = emptyIndexes()
    for (const record of records) this.indexes.file(record)
  }

  /** The record with the template's id, if the seed has it. */
  get(templateId: string): Record | undefined {
    const place = this.places.get(templateId)
    return place === undefined ? undefined : this.records[place]
  }

  /** The record as `ids`' account reads it: a copy along the fields holding ids, the rest shared. */
  view(record: Record, ids: SeedIds): Record {
    let paths = this.idPaths.get(record)
    if (paths === undefined) this.idPaths.set(record, (paths = idPathsOf(record) ?? null))
    return paths === null ? record : (withAccountIds(record, paths, ids) as Record)
  }

  /** The record's JSON text as `ids`' account reads it: the template's text, made once, with the account's tag. */
  json(record: Record, ids: SeedIds): string {
    let text = this.texts.get(record)
    if (text === undefined) this.texts.set(record, (text = JSON.stringify(record)))
    return ids.toAccountJson(text)
  }
}

/** Shared records by the seed's array of them: one per collection of a seed and mode. */
const sharedRecords = new WeakMap<readonly object[], SharedRecords<{ id: string }>>()

/**
 * One account's view of a collection's seeded records: the shared ones with the account's ids, less those the
 * account changed (its collection holds a copy, in the same place) or deleted.
 *
 * @example
 * const seeded = new SeededRecords(seed.transactions, { secondary, ordered }, ids)
 * seeded.get('txn_k3X9aQ…') // the shared record, with the account's ids
 */
export class SeededRecords<Record extends { id: string }> {
  /** Seeded records the account changed, by its ids: its collection holds their copies. */
  readonly copied = new Set<string>()
  /** Seeded records the account deleted, by its ids. */
  readonly deleted = new Set<string>()
  private readonly shared: SharedRecords<Record>
  /** The shared record each view was made from: its JSON text is the shared one's, with the account's tag. */
  private readonly views = new WeakMap<object, Record>()

  constructor(
    records: readonly Record[],
    emptyIndexes: EmptyIndexes<Record>,
    readonly ids: SeedIds,
  ) {
    let shared = sharedRecords.get(records) as SharedRecords<Record> | undefined
    if (!shared) sharedRecords.set(records, (shared = new SharedRecords(records, emptyIndexes) as never))
    this.shared = shared!
  }

  /** Seeded records the merged view reads from the shared seed: neither changed nor deleted. */
  get visible(): number {
    return this.shared.records.length - this.copied.size - this.deleted.size
  }

  /** The shared record the account's id names, whether or not the account changed or deleted it. */
  private sharedOf(id: string): Record | undefined {
    const templateId = this.ids.toTemplate(id)
    return templateId === undefined ? undefined : this.shared.get(templateId)
  }

  /** Whether the id names a seeded record the account still reads from the shared seed. */
  has(id: string): boolean {
    return !this.copied.has(id) && !this.deleted.has(id) && this.sharedOf(id) !== undefined
  }

  /** The seeded record with the account's id, as the account reads it; none once changed (its copy) or deleted. */
  get(id: string): Record | undefined {
    if (this.copied.has(id) || this.deleted.has(id)) return undefined
    const record = this.sharedOf(id)
    return record && this.view(record)
  }

  /** The record's place in the seed (a changed record's copy keeps it), or undefined when the id is not seeded. */
  place(id: string): number | undefined {
    const templateId = this.ids.toTemplate(id)
    return templateId === undefined ? undefined : this.shared.places.get(templateId)
  }

  /** The record's JSON text when it is a view this made, or undefined. */
  json(record: Record): string | undefined {
    const source = this.views.get(record)
    return source && this.shared.json(source, this.ids)
  }

  /** The seeded records a secondary index files under the account's `key`, in the seed's order, as the account reads them. */
  where(index: string, key: string): Array<{ place: number; record: Record }> {
    const templateKey = this.ids.templateKey(key)
    const templateIds = templateKey === undefined ? undefined : this.shared.indexes.ids(index, templateKey)
    const found: Array<{ place: number; record: Record }> = []
    for (const templateId of templateIds ?? []) {
      const record = this.visibleRecord(templateId)
      if (record) found.push({ place: this.shared.places.get(templateId)!, record })
    }
    return found
  }

  /**
   * The seeded records an ordered index files under the account's `key`, from the greatest order down, starting
   * below `below` (an order as the account reads it): each with its order as the account reads it.
   */
  *newest(index: string, key: string, below?: string): Generator<{ order: string; record: Record }> {
    const templateKey = this.ids.templateKey(key)
    const entries = templateKey === undefined ? undefined : this.shared.indexes.entries(index, templateKey)
    if (!entries) return
    // The tag takes the template tag's place in every order, so the account's orders sort as the template's do.
    let high = entries.length
    if (below !== undefined) {
      let low = 0
      while (low < high) {
        const middle = (low + high) >>> 1
        if (this.ids.toAccount(entries[middle]!.order) < below) low = middle + 1
        else high = middle
      }
    }
    for (let at = high - 1; at >= 0; at--) {
      const entry = entries[at]!
      const record = this.visibleRecord(entry.id)
      if (record) yield { order: this.ids.toAccount(entry.order), record }
    }
  }

  /** The keys a secondary index files seeded records under, as the account reads them, in the seed's order. */
  keys(index: string): string[] {
    return [...this.shared.indexes.keys(index)].map((key) => this.ids.toAccount(key))
  }

  /**
   * Every seeded record the account still has, in the seed's order: a changed one as its copy (`own`), the others as
   * views of the shared ones.
   */
  *all(own: (id: string) => Record | undefined): Generator<Record> {
    for (const record of this.shared.records) {
      const id = this.ids.toAccount(record.id)
      if (this.deleted.has(id)) continue
      const mine = this.copied.has(id) ? own(id) : this.view(record)
      if (mine) yield mine
    }
  }

  /** The shared record with the template's id as the account reads it, unless changed or deleted. */
  private visibleRecord(templateId: string): Record | undefined {
    const record = this.shared.get(templateId)!
    const id = this.ids.toAccount(templateId)
    return this.copied.has(id) || this.deleted.has(id) ? undefined : this.view(record)
  }

  private view(record: Record): Record {
    const view = this.shared.view(record, this.ids)
    if (view !== record) this.views.set(view, record)
    return view
  }
}

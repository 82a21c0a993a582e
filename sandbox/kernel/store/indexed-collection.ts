import { Collection } from '@msw/data'
import type { z } from 'zod'
import { SandboxError } from '../sandbox-error.ts'

/** A secondary index: the key a record is filed under (none when `null`/`undefined`). */
type IndexKey<Record> = (record: Record) => string | null | undefined

/**
 * An ordered index: the records filed under each key, kept sorted by `order` (ascending; string comparison), records
 * whose `order` is equal in the order they were filed. `newestWhere` walks one key's records from the greatest down.
 */
interface OrderedIndex<Record> {
  key: IndexKey<Record>
  /** The string a record sorts by; none (every record equal) keeps the order of filing. */
  order?: (record: Record) => string
}

/** One record's place in an ordered index. */
interface OrderedEntry {
  order: string
  id: string
}

/** Options of an {@link IndexedCollection}. */
interface IndexedCollectionOptions<Record, IndexName extends string, OrderName extends string = never> {
  /** Secondary indexes by name: `where(name, key)` answers from them without a scan. */
  indexes?: { [Name in IndexName]: IndexKey<Record> }
  /** Ordered indexes by name: `newestWhere(name, key)` walks them from the greatest `order` down, without a scan or a sort. */
  ordered?: { [Name in OrderName]: OrderedIndex<Record> }
  /** What the records are called in the cap's 429 message (`sessions`, `stored cards` …). */
  noun?: string
  /** How to make room, for the cap's 429 message. */
  roomHint?: string
  /** Told of every record added (+1) or removed (-1); may refuse an addition by throwing (the sandbox-wide budget). */
  counted?: (delta: 1 | -1) => void
  /** Counts the bytes of the records (their JSON text) while `counting()` says so; `take` may refuse by throwing. */
  bytes?: RecordBytes
}

/** Where a collection counts its records' bytes: the account's budget, through its store. */
export interface RecordBytes {
  /** Whether records written now count (a new account's seed does not). */
  counting(): boolean
  /** Counts `bytes` more; throws to refuse them, unless `force` (a change to a record already held is never refused). */
  take(bytes: number, force?: boolean): void
  give(bytes: number): void
}

let versions = 0
/** A collection version no collection of this process had before. */
const nextVersion = () => ++versions

/**
 * An @msw/data collection of records with an `id`, a Map index by id and named
 * secondary indexes, so the lookups on every request do not scan. Writes go
 * through the collection (which validates against the zod schema) and keep every
 * index in step. Records created after {@link IndexedCollection.cap} count
 * against a cap: past it, `create` is a 429 `rate_limited` (docs/decisions/0044).
 *
 * @example
 * const cards = new IndexedCollection(CardRecord, { indexes: { byCustomer: (card) => card.customerId } })
 * await cards.create(card)
 * cards.get(card.id)
 * cards.where('byCustomer', card.customerId)
 */
export class IndexedCollection<
  Schema extends z.ZodType<{ id: string }>,
  IndexName extends string = never,
  OrderName extends string = never,
> {
  readonly collection: Collection<Schema>
  private readonly byId = new Map<string, z.output<Schema>>()
  /** Records' JSON texts, while they stay unchanged ({@link json}). */
  private readonly texts = new WeakMap<object, string>()
  private readonly secondary = new Map<IndexName, { key: IndexKey<z.output<Schema>>; ids: Map<string, Set<string>> }>()
  private readonly ordered = new Map<
    OrderName,
    {
      key: IndexKey<z.output<Schema>>
      order: (record: z.output<Schema>) => string
      entries: Map<string, OrderedEntry[]>
    }
  >()
  private readonly noun: string
  private limit = Number.POSITIVE_INFINITY
  private readonly roomHint: string
  /**
   * A stamp of the records as they are: a new one at every create, update and delete, never one another collection
   * (or this one before) had. What was made from the records holds while it stays the same; it holds no record.
   */
  version = nextVersion()
  private readonly counted: (delta: 1 | -1) => void
  private readonly bytes: RecordBytes | undefined
  /** The bytes each counted record was counted for, by id: what a delete gives back and an update compares with. */
  private readonly sizes = new Map<string, number>()

  constructor(
    private readonly schema: Schema,
    options: IndexedCollectionOptions<z.output<Schema>, IndexName, OrderName> = {},
  ) {
    this.collection = new Collection({ schema })
    this.noun = options.noun ?? 'records'
    this.roomHint = options.roomHint ?? ''
    this.counted = options.counted ?? (() => undefined)
    this.bytes = options.bytes
    for (const [name, key] of Object.entries(options.indexes ?? {}) as Array<[IndexName, IndexKey<z.output<Schema>>]>) {
      this.secondary.set(name, { key, ids: new Map() })
    }
    for (const [name, { key, order }] of Object.entries(options.ordered ?? {}) as Array<
      [OrderName, OrderedIndex<z.output<Schema>>]
    >) {
      this.ordered.set(name, { key, order: order ?? (() => ''), entries: new Map() })
    }
  }

  /** Caps the records this collection may hold at `seeded` plus `runTime`, so seeded records never count. */
  cap(runTime: number, seeded: number): void {
    this.limit = seeded + runTime
  }

  /** Whether one more record fits under the cap. */
  get full(): boolean {
    return this.byId.size >= this.limit
  }

  /** The 429 `create` throws at the cap: what the cap is, that it is the sandbox's, and how to make room. */
  capError(): SandboxError {
    return new SandboxError(
      'rate_limited',
      `this account holds ${this.byId.size} ${this.noun}, the sandbox's cap for one account (docs/decisions/0044)${this.roomHint ? `: ${this.roomHint}` : ''}`,
    )
  }

  /** Validates and stores a record; a 429 `rate_limited` past the cap, or past the account's bytes. */
  async create(values: z.input<Schema>): Promise<z.output<Schema>> {
    if (this.full) throw this.capError()
    const size = this.bytes?.counting() ? JSON.stringify(values).length : 0
    if (size > 0) this.bytes!.take(size)
    try {
      this.counted(1)
    } catch (error) {
      if (size > 0) this.bytes!.give(size)
      throw error
    }
    let record: z.output<Schema>
    try {
      record = (await this.collection.create(values)) as z.output<Schema>
    } catch (error) {
      this.counted(-1)
      if (size > 0) this.bytes!.give(size)
      throw error
    }
    if (size > 0) this.sizes.set(record.id, size)
    this.byId.set(record.id, record)
    this.file(record)
    this.version = nextVersion()
    return record
  }

  /**
   * A record's JSON text, made on the first ask and kept until the record changes (`update` forgets it): a list of
   * records is sent again and again while they stay as they are. Records change only through `update`.
   *
   * @example
   * `{"data":${transactions.json(record)}}`
   */
  json(record: z.output<Schema>): string {
    let text = this.texts.get(record as object)
    if (text === undefined) this.texts.set(record as object, (text = JSON.stringify(record)))
    return text
  }

  /** The record with this id, if any. */
  get(id: string): z.output<Schema> | undefined {
    return this.byId.get(id)
  }

  /** The records a secondary index files under `key`, oldest first: no scan. */
  where(index: IndexName, key: string): Array<z.output<Schema>> {
    const ids = this.secondary.get(index)!.ids.get(key)
    return ids ? [...ids].map((id) => this.byId.get(id)!) : []
  }

  /**
   * The records an ordered index files under `key`, from the greatest `order` down (equal ones last filed first),
   * starting below `below` when given: no scan, no sort; a walk stops where its caller stops.
   *
   * @example
   * for (const transaction of transactions.newestWhere('byCustomerNewest', customerId)) if (page.push(transaction) === 20) break
   */
  *newestWhere(index: OrderName, key: string, below?: string): Generator<z.output<Schema>> {
    const entries = this.ordered.get(index)!.entries.get(key)
    if (!entries) return
    for (let at = (below === undefined ? entries.length : lowerBound(entries, below)) - 1; at >= 0; at--) {
      const record = this.byId.get(entries[at]!.id)
      if (record) yield record
    }
  }

  /** How many records a secondary index files under `key`: no scan. */
  countWhere(index: IndexName, key: string): number {
    return this.secondary.get(index)!.ids.get(key)?.size ?? 0
  }

  /** The keys a secondary index files records under, in the order first filed: no scan of the records. */
  keys(index: IndexName): string[] {
    return [...this.secondary.get(index)!.ids.keys()]
  }

  /** The oldest record a secondary index files under `key`, if any: no scan, no copy. */
  oldestWhere(index: IndexName, key: string): z.output<Schema> | undefined {
    for (const id of this.secondary.get(index)!.ids.get(key) ?? []) return this.byId.get(id)
    return undefined
  }

  /**
   * Applies `change` to a draft of the record, validates the draft against the schema, and writes it into the
   * record in place: the collection and the indexes hold the same object, so an update costs O(1) (the
   * collection's own update looks the record up by scanning). A draft that breaks the schema changes nothing.
   */
  async update(id: string, change: (draft: z.output<Schema>) => void): Promise<z.output<Schema> | undefined> {
    const current = this.byId.get(id) as Record<string, unknown> | undefined
    if (!current) return undefined
    const draft = structuredClone({ ...current }) as z.output<Schema>
    change(draft)
    const next = this.schema.parse(draft) as Record<string, unknown>
    this.measureUpdate(id, next)
    const before = [...this.secondary.values()].map(({ key }) => key(current as z.output<Schema>))
    const orderedBefore = [...this.ordered.values()].map(
      ({ key, order }) => [key(current as z.output<Schema>), order(current as z.output<Schema>)] as const,
    )
    for (const key of Object.keys(current)) if (!(key in next)) delete current[key]
    Object.assign(current, next)
    this.texts.delete(current)
    this.version = nextVersion()
    this.refile(current as z.output<Schema>, before)
    this.refileOrdered(current as z.output<Schema>, orderedBefore)
    return current as z.output<Schema>
  }

  /**
   * Counts an update's change of size: a record counted before counts the difference; one that was not (a seeded
   * record) counts whole from its first change. Never refused: a job settling a transaction or a webhook attempt
   * recorded must not fail for want of room, and a record's schema bounds how far it can grow.
   */
  private measureUpdate(id: string, next: Record<string, unknown>): void {
    if (!this.bytes?.counting()) return
    const was = this.sizes.get(id) ?? 0
    const size = JSON.stringify(next).length
    if (size > was) this.bytes.take(size - was, true)
    else this.bytes.give(was - size)
    this.sizes.set(id, size)
  }

  /** Removes the record; true when it existed. */
  delete(id: string): boolean {
    const current = this.byId.get(id)
    if (!current) return false
    this.collection.delete(current as never)
    this.byId.delete(id)
    const size = this.sizes.get(id)
    if (size !== undefined) {
      this.sizes.delete(id)
      this.bytes?.give(size)
    }
    this.unfile(current)
    this.counted(-1)
    this.version = nextVersion()
    return true
  }

  /** The oldest record still held (creation order), if any: what an expiry sweep looks at first. */
  oldest(): z.output<Schema> | undefined {
    for (const record of this.byId.values()) return record
    return undefined
  }

  /** Number of records held. */
  get size(): number {
    return this.byId.size
  }

  /** Records matching a predicate, in insertion order: a scan, for the control API's listings and tests only. */
  filter(predicate: (record: z.output<Schema>) => boolean): Array<z.output<Schema>> {
    return this.collection.findMany((q) => q.where(predicate as never)) as Array<z.output<Schema>>
  }

  /** Every record, in insertion order. */
  all(): Array<z.output<Schema>> {
    return this.collection.all() as Array<z.output<Schema>>
  }

  private file(record: z.output<Schema>): void {
    for (const ordered of this.ordered.values()) {
      const value = ordered.key(record)
      if (value !== null && value !== undefined)
        fileOrdered(ordered.entries, value, { order: ordered.order(record), id: record.id })
    }
    for (const { key, ids } of this.secondary.values()) {
      const value = key(record)
      if (value === null || value === undefined) continue
      let set = ids.get(value)
      if (!set) ids.set(value, (set = new Set()))
      set.add(record.id)
    }
  }

  /** Files an updated record anew under each index whose key changed: where its key stayed, it keeps its place (oldest first). */
  private refile(record: z.output<Schema>, before: Array<string | null | undefined>): void {
    let index = 0
    for (const { key, ids } of this.secondary.values()) {
      const was = before[index++]
      const now = key(record)
      if (was === now) continue
      if (was !== null && was !== undefined) {
        const set = ids.get(was)
        set?.delete(record.id)
        if (set?.size === 0) ids.delete(was)
      }
      if (now === null || now === undefined) continue
      let set = ids.get(now)
      if (!set) ids.set(now, (set = new Set()))
      set.add(record.id)
    }
  }

  /** Files an updated record anew in each ordered index whose key or order changed: where both stayed, it keeps its place. */
  private refileOrdered(
    record: z.output<Schema>,
    before: ReadonlyArray<readonly [string | null | undefined, string]>,
  ): void {
    let index = 0
    for (const { key, order, entries } of this.ordered.values()) {
      const [wasKey, wasOrder] = before[index++]!
      const nowKey = key(record)
      const nowOrder = order(record)
      if (wasKey === nowKey && wasOrder === nowOrder) continue
      if (wasKey !== null && wasKey !== undefined) unfileOrdered(entries, wasKey, { order: wasOrder, id: record.id })
      if (nowKey !== null && nowKey !== undefined) fileOrdered(entries, nowKey, { order: nowOrder, id: record.id })
    }
  }

  private unfile(record: z.output<Schema>): void {
    for (const { key, order, entries } of this.ordered.values()) {
      const value = key(record)
      if (value !== null && value !== undefined) unfileOrdered(entries, value, { order: order(record), id: record.id })
    }
    for (const { key, ids } of this.secondary.values()) {
      const value = key(record)
      if (value === null || value === undefined) continue
      const set = ids.get(value)
      set?.delete(record.id)
      if (set?.size === 0) ids.delete(value)
    }
  }
}

/** The first place in `entries` (sorted by order) whose order is not below `order`. */
function lowerBound(entries: OrderedEntry[], order: string): number {
  let low = 0
  let high = entries.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (entries[middle]!.order < order) low = middle + 1
    else high = middle
  }
  return low
}

/** The first place in `entries` (sorted by order) whose order is above `order`. */
function upperBound(entries: OrderedEntry[], order: string): number {
  let low = 0
  let high = entries.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (entries[middle]!.order <= order) low = middle + 1
    else high = middle
  }
  return low
}

/** Files `entry` under `key`, after every entry of an equal order: appending costs O(1), the common case (newest last). */
function fileOrdered(index: Map<string, OrderedEntry[]>, key: string, entry: OrderedEntry): void {
  let entries = index.get(key)
  if (!entries) index.set(key, (entries = []))
  const last = entries.at(-1)
  if (last === undefined || last.order <= entry.order) entries.push(entry)
  else entries.splice(upperBound(entries, entry.order), 0, entry)
}

/** Takes `entry` out of `key`'s entries: found among those of its order. */
function unfileOrdered(index: Map<string, OrderedEntry[]>, key: string, entry: OrderedEntry): void {
  const entries = index.get(key)
  if (!entries) return
  for (let at = lowerBound(entries, entry.order); at < entries.length && entries[at]!.order === entry.order; at++) {
    if (entries[at]!.id !== entry.id) continue
    entries.splice(at, 1)
    if (entries.length === 0) index.delete(key)
    return
  }
}

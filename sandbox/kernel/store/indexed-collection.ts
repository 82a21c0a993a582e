import { Collection } from '@msw/data'
import type { z } from 'zod'
import { SandboxError } from '../sandbox-error.ts'
import { lowerBound } from './ordered-entries.ts'
import { RecordIndexes, type IndexKey, type OrderedIndex } from './record-indexes.ts'
import { SeededRecords } from './seeded-records.ts'
import type { SeedIds } from '#fixtures/seed-ids.ts'

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
  /**
   * Told of every record added (+1) or removed (-1); may refuse an addition by throwing (the sandbox-wide budget),
   * unless `force` (a seeded record's copy, made to change it: a change is never refused).
   */
  counted?: (delta: 1 | -1, force?: boolean) => void
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
  private made: Collection<Schema> | undefined
  private readonly byId = new Map<string, z.output<Schema>>()
  /** Records' JSON texts, while they stay unchanged ({@link json}). */
  private readonly texts = new WeakMap<object, string>()
  /** The indexes of the collection's own records (the shared seed's have their own: decision 0103). */
  private readonly indexes: RecordIndexes<z.output<Schema>, IndexName, OrderName>
  private readonly noun: string
  private limit = Number.POSITIVE_INFINITY
  private readonly roomHint: string
  /**
   * A stamp of the records as they are: a new one at every create, update and delete, never one another collection
   * (or this one before) had. What was made from the records holds while it stays the same; it holds no record.
   */
  version = nextVersion()
  private readonly counted: (delta: 1 | -1, force?: boolean) => void
  private readonly bytes: RecordBytes | undefined
  /** The bytes each counted record was counted for, by id: what a delete gives back and an update compares with. */
  private readonly sizes = new Map<string, number>()
  /** The seeded records the collection reads through (decision 0103): shared by every account, changed by none. */
  private seeded: SeededRecords<z.output<Schema>> | undefined
  /** Seeded records being copied into the collection to be changed: a second change waits for the same copy. */
  private readonly copying = new Map<string, Promise<z.output<Schema> | undefined>>()

  constructor(
    private readonly schema: Schema,
    options: IndexedCollectionOptions<z.output<Schema>, IndexName, OrderName> = {},
  ) {
    this.noun = options.noun ?? 'records'
    this.roomHint = options.roomHint ?? ''
    this.counted = options.counted ?? (() => undefined)
    this.bytes = options.bytes
    this.indexes = new RecordIndexes(
      options.indexes ?? ({} as { [Name in IndexName]: IndexKey<z.output<Schema>> }),
      options.ordered ?? ({} as { [Name in OrderName]: OrderedIndex<z.output<Schema>> }),
    )
  }

  /**
   * Reads `records` (a seed's, shared by every account: decision 0103) as this collection's first records, with the
   * account's ids (`ids`): nothing is copied until the account changes one. Called once, before any write.
   *
   * @example
   * transactions.seed(sharedSeed.transactions, new SeedIds(accountTag(1, 'shop', 'test')))
   */
  seed(records: ReadonlyArray<z.output<Schema>>, ids: SeedIds): void {
    this.seeded = new SeededRecords(records, () => this.indexes.emptyLikeThese(), ids)
  }

  /**
   * The @msw/data collection that keeps the account's own records, made on its first record: a store that only reads
   * (the seed is shared: decision 0103) holds none of its hooks and loggers.
   */
  get collection(): Collection<Schema> {
    this.made ??= new Collection({ schema: this.schema })
    return this.made
  }

  /** Caps the records this collection may hold at `seeded` plus `runTime`, so seeded records never count. */
  cap(runTime: number, seeded: number): void {
    this.limit = seeded + runTime
  }

  /** Whether one more record fits under the cap. */
  get full(): boolean {
    return this.size >= this.limit
  }

  /** The 429 `create` throws at the cap: what the cap is, that it is the sandbox's, and how to make room. */
  capError(): SandboxError {
    return new SandboxError(
      'rate_limited',
      `this account holds ${this.size} ${this.noun}, the sandbox's cap for one account (docs/decisions/0044)${this.roomHint ? `: ${this.roomHint}` : ''}`,
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
    this.indexes.file(record)
    this.version = nextVersion()
    return record
  }

  /**
   * Takes a record a state file kept back (decision 0103): a seeded record as the seed has it stays read from the
   * shared seed, one the account had changed becomes its copy again, any other is created. Each seeded id taken back
   * is added to `kept`: {@link keepOnly} then drops the seeded records the state no longer held.
   */
  async restore(values: z.input<Schema>, kept: Set<string>): Promise<void> {
    const id = (values as { id: string }).id
    const seeded = this.seeded?.get(id)
    if (seeded === undefined) {
      await this.create(values)
      return
    }
    kept.add(id)
    if (this.json(seeded) === JSON.stringify(values)) return
    await this.create(values)
    this.seeded!.copied.add(id)
  }

  /** The records the collection holds of its own (made, or seeded and changed), in the order it made them. */
  own(): Array<z.output<Schema>> {
    return this.made ? (this.made.all() as Array<z.output<Schema>>) : []
  }

  /** The seeded records the account deleted, by its ids. */
  seedDeleted(): string[] {
    return [...(this.seeded?.deleted ?? [])]
  }

  /**
   * Takes back a record of its own a state file kept (decision 0103): a seeded one it had changed becomes its copy
   * again, in its place in the seed; and the seeded ids it had deleted (`deleted`: those of every collection) stay
   * deleted.
   */
  async restoreOwn(values: z.input<Schema>): Promise<void> {
    const id = (values as { id: string }).id
    const seeded = this.seeded?.has(id)
    await this.create(values)
    if (seeded) this.seeded!.copied.add(id)
  }

  /** Deletes the seeded records of this collection among `ids` (a state file's deleted seeded ids). */
  restoreDeleted(ids: readonly string[]): void {
    for (const id of ids) if (this.seeded?.has(id)) this.seeded.deleted.add(id)
  }

  /** After a restore: the seeded records not in `kept` were deleted when the state was saved. */
  keepOnly(kept: ReadonlySet<string>): void {
    for (const record of this.seeded?.all(() => undefined) ?? [])
      if (!kept.has(record.id)) this.seeded!.deleted.add(record.id)
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
    if (text === undefined)
      this.texts.set(record as object, (text = this.seeded?.json(record) ?? JSON.stringify(record)))
    return text
  }

  /** The record with this id, if any. */
  get(id: string): z.output<Schema> | undefined {
    return this.byId.get(id) ?? this.seeded?.get(id)
  }

  /** The records a secondary index files under `key`, oldest first: no scan. */
  where(index: IndexName, key: string): Array<z.output<Schema>> {
    const ids = this.indexes.ids(index, key)
    const own = ids ? [...ids].map((id) => this.byId.get(id)!) : []
    const seeded = this.seeded?.where(index, key)
    if (!seeded?.length) return own
    if (this.seeded!.copied.size === 0) return [...seeded.map(({ record }) => record), ...own]
    // A changed seeded record's copy keeps its place in the seed; the account's own records follow the seed's.
    const places = own.map((record) => ({ place: this.seeded!.place(record.id) ?? Number.POSITIVE_INFINITY, record }))
    return [...seeded, ...places].sort((a, b) => a.place - b.place).map(({ record }) => record)
  }

  /**
   * The records an ordered index files under `key`, from the greatest `order` down (equal ones last filed first),
   * starting below `below` when given: no scan, no sort; a walk stops where its caller stops.
   *
   * @example
   * for (const transaction of transactions.newestWhere('byCustomerNewest', customerId)) if (page.push(transaction) === 20) break
   */
  *newestWhere(index: OrderName, key: string, below?: string): Generator<z.output<Schema>> {
    const own = this.ownNewest(index, key, below)
    if (!this.seeded) {
      for (const { record } of own) yield record
      return
    }
    // Two walks from the greatest order down, merged: on equal orders the account's own (filed later) first.
    const seeded = this.seeded.newest(index, key, below)
    let mine = own.next()
    let theirs = seeded.next()
    while (!mine.done || !theirs.done) {
      if (theirs.done || (!mine.done && mine.value.order >= theirs.value.order)) {
        yield mine.value!.record
        mine = own.next()
      } else {
        yield theirs.value.record
        theirs = seeded.next()
      }
    }
  }

  /** The collection's own records under `key` of an ordered index, from the greatest order down, with their orders. */
  private *ownNewest(
    index: OrderName,
    key: string,
    below?: string,
  ): Generator<{ order: string; record: z.output<Schema> }> {
    const entries = this.indexes.entries(index, key)
    if (!entries) return
    for (let at = (below === undefined ? entries.length : lowerBound(entries, below)) - 1; at >= 0; at--) {
      const record = this.byId.get(entries[at]!.id)
      if (record) yield { order: entries[at]!.order, record }
    }
  }

  /** How many records a secondary index files under `key`: no scan. */
  countWhere(index: IndexName, key: string): number {
    const own = this.indexes.ids(index, key)?.size ?? 0
    return this.seeded ? own + this.seeded.where(index, key).length : own
  }

  /** The keys a secondary index files records under, in the order first filed: no scan of the records. */
  keys(index: IndexName): string[] {
    const own = [...this.indexes.keys(index)]
    if (!this.seeded) return own
    const seeded = this.seeded.keys(index).filter((key) => this.seeded!.where(index, key).length > 0)
    return [...new Set([...seeded, ...own])]
  }

  /** The oldest record a secondary index files under `key`, if any: no scan, no copy. */
  oldestWhere(index: IndexName, key: string): z.output<Schema> | undefined {
    if (this.seeded) return this.where(index, key)[0]
    for (const id of this.indexes.ids(index, key) ?? []) return this.byId.get(id)
    return undefined
  }

  /**
   * Applies `change` to a draft of the record, validates the draft against the schema, and writes it into the
   * record in place: the collection and the indexes hold the same object, so an update costs O(1) (the
   * collection's own update looks the record up by scanning). A draft that breaks the schema changes nothing.
   */
  async update(id: string, change: (draft: z.output<Schema>) => void): Promise<z.output<Schema> | undefined> {
    const current = (this.byId.get(id) ?? (await this.copied(id))) as Record<string, unknown> | undefined
    if (!current) return undefined
    const draft = structuredClone({ ...current }) as z.output<Schema>
    change(draft)
    const next = this.schema.parse(draft) as Record<string, unknown>
    this.measureUpdate(id, next)
    const before = this.indexes.keysOf(current as z.output<Schema>)
    for (const key of Object.keys(current)) if (!(key in next)) delete current[key]
    Object.assign(current, next)
    this.texts.delete(current)
    this.version = nextVersion()
    this.indexes.refile(current as z.output<Schema>, before)
    return current as z.output<Schema>
  }

  /**
   * The collection's copy of a seeded record it reads from the shared seed, made on its first change (decision
   * 0103): validated and kept by @msw/data like any record, in the record's place, counted in the record budget
   * (never refused: a change is not). Undefined when the id names no seeded record the account still has.
   */
  private copied(id: string): Promise<z.output<Schema> | undefined> {
    let copy = this.copying.get(id)
    if (copy) return copy
    const seeded = this.seeded?.get(id)
    if (!seeded) return Promise.resolve(undefined)
    copy = (async () => {
      this.counted(1, true)
      let record: z.output<Schema>
      try {
        record = (await this.collection.create(structuredClone(seeded))) as z.output<Schema>
      } catch (error) {
        this.counted(-1)
        throw error
      } finally {
        this.copying.delete(id)
      }
      if (this.seeded!.deleted.has(id)) {
        // Deleted while it was being copied: the copy goes too.
        this.collection.delete(record as never)
        this.counted(-1)
        return undefined
      }
      this.seeded!.copied.add(id)
      this.byId.set(id, record)
      this.indexes.file(record)
      return record
    })()
    this.copying.set(id, copy)
    return copy
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
    if (!current) {
      // A seeded record read from the shared seed: gone from the account's view, nothing of its own to give back.
      if (!this.seeded?.has(id)) return false
      this.seeded.deleted.add(id)
      this.version = nextVersion()
      return true
    }
    if (this.seeded?.copied.delete(id)) this.seeded.deleted.add(id)
    this.collection.delete(current as never)
    this.byId.delete(id)
    const size = this.sizes.get(id)
    if (size !== undefined) {
      this.sizes.delete(id)
      this.bytes?.give(size)
    }
    this.indexes.unfile(current)
    this.counted(-1)
    this.version = nextVersion()
    return true
  }

  /** The oldest record still held (creation order), if any: what an expiry sweep looks at first. */
  oldest(): z.output<Schema> | undefined {
    if (this.seeded?.visible) return this.all()[0]
    for (const record of this.byId.values()) return record
    return undefined
  }

  /** Number of records held: the account's own, and the seeded ones it reads from the shared seed. */
  get size(): number {
    return this.byId.size + (this.seeded?.visible ?? 0)
  }

  /** Records matching a predicate, in insertion order: a scan, for the control API's listings and tests only. */
  filter(predicate: (record: z.output<Schema>) => boolean): Array<z.output<Schema>> {
    if (this.seeded) return this.all().filter(predicate)
    return this.collection.findMany((q) => q.where(predicate as never)) as Array<z.output<Schema>>
  }

  /** Every record, in insertion order: the seed's first (a changed one as its copy, in its place), then the account's own. */
  all(): Array<z.output<Schema>> {
    const own = this.own()
    const seeded = this.seeded
    if (!seeded) return own
    return [...seeded.all((id) => this.byId.get(id)), ...own.filter((record) => !seeded.copied.has(record.id))]
  }
}

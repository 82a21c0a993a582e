import { fileOrdered, unfileOrdered, type OrderedEntry } from './ordered-entries.ts'

/** A secondary index: the key a record is filed under (none when `null`/`undefined`). */
export type IndexKey<Record> = (record: Record) => string | null | undefined

/**
 * An ordered index: the records filed under each key, kept sorted by `order` (ascending; string comparison), records
 * whose `order` is equal in the order they were filed.
 */
export interface OrderedIndex<Record> {
  key: IndexKey<Record>
  /** The string a record sorts by; none (every record equal) keeps the order of filing. */
  order?: (record: Record) => string
}

/** A record's keys under every index, taken before it changes: what {@link RecordIndexes.refile} compares with. */
interface FiledKeys {
  secondary: Array<string | null | undefined>
  ordered: Array<readonly [string | null | undefined, string]>
}

/**
 * The secondary and ordered indexes of a set of records, by id: what a collection looks up by on every request
 * without a scan. A collection's own records are filed here, and so are the records of the seed every account shares
 * (decision 0103), each in indexes of its own defined alike.
 *
 * @example
 * const indexes = new RecordIndexes({ byCustomer: (card) => card.customerId }, {})
 * indexes.file(card)
 * indexes.ids('byCustomer', card.customerId) // Set { card.id }
 */
export class RecordIndexes<Record extends { id: string }, IndexName extends string, OrderName extends string> {
  private readonly secondary = new Map<IndexName, { key: IndexKey<Record>; ids: Map<string, Set<string>> }>()
  private readonly ordered = new Map<
    OrderName,
    { key: IndexKey<Record>; order: (record: Record) => string; entries: Map<string, OrderedEntry[]> }
  >()

  constructor(
    private readonly indexes: { [Name in IndexName]: IndexKey<Record> },
    private readonly orderedIndexes: { [Name in OrderName]: OrderedIndex<Record> },
  ) {
    for (const [name, key] of Object.entries(indexes) as Array<[IndexName, IndexKey<Record>]>) {
      this.secondary.set(name, { key, ids: new Map() })
    }
    for (const [name, { key, order }] of Object.entries(orderedIndexes) as Array<[OrderName, OrderedIndex<Record>]>) {
      this.ordered.set(name, { key, order: order ?? (() => ''), entries: new Map() })
    }
  }

  /** Empty indexes defined as these: what the shared seed's records are filed in. */
  emptyLikeThese(): RecordIndexes<Record, IndexName, OrderName> {
    return new RecordIndexes(this.indexes, this.orderedIndexes)
  }

  /** The ids a secondary index files under `key`, in the order filed. */
  ids(index: IndexName, key: string): ReadonlySet<string> | undefined {
    return this.secondary.get(index)!.ids.get(key)
  }

  /** The keys a secondary index files records under, in the order first filed. */
  keys(index: IndexName): IterableIterator<string> {
    return this.secondary.get(index)!.ids.keys()
  }

  /** The entries an ordered index files under `key`, sorted by their order. */
  entries(index: OrderName, key: string): readonly OrderedEntry[] | undefined {
    return this.ordered.get(index)!.entries.get(key)
  }

  file(record: Record): void {
    for (const { key, order, entries } of this.ordered.values()) {
      const value = key(record)
      if (value !== null && value !== undefined) fileOrdered(entries, value, { order: order(record), id: record.id })
    }
    for (const { key, ids } of this.secondary.values()) fileId(ids, key(record), record.id)
  }

  unfile(record: Record): void {
    for (const { key, order, entries } of this.ordered.values()) {
      const value = key(record)
      if (value !== null && value !== undefined) unfileOrdered(entries, value, { order: order(record), id: record.id })
    }
    for (const { key, ids } of this.secondary.values()) unfileId(ids, key(record), record.id)
  }

  /** The record's keys now, to compare with once it has changed ({@link refile}). */
  keysOf(record: Record): FiledKeys {
    return {
      secondary: [...this.secondary.values()].map(({ key }) => key(record)),
      ordered: [...this.ordered.values()].map(({ key, order }) => [key(record), order(record)] as const),
    }
  }

  /**
   * Files a changed record anew under each index whose key (or order) changed since `before`: where it stayed, the
   * record keeps its place (a secondary index oldest first, an ordered one among its equals).
   */
  refile(record: Record, before: FiledKeys): void {
    let index = 0
    for (const { key, ids } of this.secondary.values()) {
      const was = before.secondary[index++]
      const now = key(record)
      if (was === now) continue
      unfileId(ids, was, record.id)
      fileId(ids, now, record.id)
    }
    index = 0
    for (const { key, order, entries } of this.ordered.values()) {
      const [wasKey, wasOrder] = before.ordered[index++]!
      const nowKey = key(record)
      const nowOrder = order(record)
      if (wasKey === nowKey && wasOrder === nowOrder) continue
      if (wasKey !== null && wasKey !== undefined) unfileOrdered(entries, wasKey, { order: wasOrder, id: record.id })
      if (nowKey !== null && nowKey !== undefined) fileOrdered(entries, nowKey, { order: nowOrder, id: record.id })
    }
  }
}

function fileId(ids: Map<string, Set<string>>, key: string | null | undefined, id: string): void {
  if (key === null || key === undefined) return
  let set = ids.get(key)
  if (!set) ids.set(key, (set = new Set()))
  set.add(id)
}

function unfileId(ids: Map<string, Set<string>>, key: string | null | undefined, id: string): void {
  if (key === null || key === undefined) return
  const set = ids.get(key)
  set?.delete(id)
  if (set?.size === 0) ids.delete(key)
}

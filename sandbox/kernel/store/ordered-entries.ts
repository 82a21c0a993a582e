/*
 * The ordered indexes' entries: per key, records' ids sorted by an order string, found by binary search. Shared by a
 * store's own records and the seed every account shares (decision 0103).
 */

/** One record's place in an ordered index. */
export interface OrderedEntry {
  order: string
  id: string
}

/** The first place in `entries` (sorted by order) whose order is not below `order`. */
export function lowerBound(entries: readonly OrderedEntry[], order: string): number {
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
function upperBound(entries: readonly OrderedEntry[], order: string): number {
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
export function fileOrdered(index: Map<string, OrderedEntry[]>, key: string, entry: OrderedEntry): void {
  let entries = index.get(key)
  if (!entries) index.set(key, (entries = []))
  const last = entries.at(-1)
  if (last === undefined || last.order <= entry.order) entries.push(entry)
  else entries.splice(upperBound(entries, entry.order), 0, entry)
}

/** Takes `entry` out of `key`'s entries: found among those of its order. */
export function unfileOrdered(index: Map<string, OrderedEntry[]>, key: string, entry: OrderedEntry): void {
  const entries = index.get(key)
  if (!entries) return
  for (let at = lowerBound(entries, entry.order); at < entries.length && entries[at]!.order === entry.order; at++) {
    if (entries[at]!.id !== entry.id) continue
    entries.splice(at, 1)
    if (entries.length === 0) index.delete(key)
    return
  }
}

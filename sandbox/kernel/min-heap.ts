/**
 * A binary min-heap: `push` and `pop` cost O(log n) comparisons, `peek` O(1). What the tenant clock keeps its timers
 * in, so an account that schedules tens of thousands of jobs never makes one more cost a scan of the others.
 *
 * @example
 * const heap = new MinHeap<number>((a, b) => a < b)
 * heap.push(3); heap.push(1); heap.push(2)
 * heap.pop() // 1
 */
export class MinHeap<T> {
  private readonly items: T[] = []

  /** @param before whether `a` comes out before `b`: a strict order, ties broken by the caller (e.g. by a sequence number). */
  constructor(private readonly before: (a: T, b: T) => boolean) {}

  /** How many items it holds. */
  get size(): number {
    return this.items.length
  }

  /** The item that comes out next, without taking it. */
  peek(): T | undefined {
    return this.items[0]
  }

  /** Adds an item, sifting it up past the items it comes before. */
  push(item: T): void {
    const items = this.items
    let index = items.push(item) - 1
    while (index > 0) {
      const parent = (index - 1) >> 1
      if (!this.before(item, items[parent]!)) break
      items[index] = items[parent]!
      index = parent
    }
    items[index] = item
  }

  /** Takes the item that comes first. */
  pop(): T | undefined {
    const items = this.items
    const first = items[0]
    const last = items.pop()
    if (items.length === 0 || last === undefined) return first
    let index = 0
    for (;;) {
      const left = 2 * index + 1
      if (left >= items.length) break
      const right = left + 1
      const child = right < items.length && this.before(items[right]!, items[left]!) ? right : left
      if (!this.before(items[child]!, last)) break
      items[index] = items[child]!
      index = child
    }
    items[index] = last
    return first
  }

  /** Drops every item. */
  clear(): void {
    this.items.length = 0
  }
}

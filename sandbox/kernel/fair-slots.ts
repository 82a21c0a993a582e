/** Gives a slot back; calling it again does nothing. */
export type ReleaseSlot = () => void

/**
 * Slots for work that holds something the process has little of (a webhook attempt holds a socket, a file
 * descriptor, for up to its timeout): at most `perKey` held under one key (an account) and `total` under all keys
 * together. A key's waiters are served in the order they asked; when a slot frees, the keys with waiters take turns
 * (the key just served goes to the back), so a key with thousands of waiters never starves one with a single waiter.
 * Waiting costs nothing but the queued callback.
 *
 * @example
 * const slots = new FairSlots(8, 64)
 * const release = await slots.acquire('shop:test')
 * try { await post() } finally { release() }
 */
export class FairSlots {
  private readonly heldByKey = new Map<string, number>()
  private heldTotal = 0
  /** Keys with waiters, in turn order, each with its waiters in the order they asked. */
  private readonly waiting = new Map<string, Array<(release: ReleaseSlot) => void>>()

  constructor(
    readonly perKey: number,
    readonly total: number,
  ) {
    if (!Number.isInteger(perKey) || perKey < 1 || !Number.isInteger(total) || total < 1) {
      throw new RangeError(`slots need whole numbers of at least 1, per key and in total (got ${perKey} and ${total})`)
    }
  }

  /** Resolves with the release of a slot under `key`: at once when one is free and no waiter of `key` is ahead, else in turn. */
  acquire(key: string): Promise<ReleaseSlot> {
    if (!this.waiting.has(key) && this.hasRoom(key)) return Promise.resolve(this.take(key))
    return new Promise((resolve) => {
      const queue = this.waiting.get(key)
      if (queue) queue.push(resolve)
      else this.waiting.set(key, [resolve])
    })
  }

  /** Slots held under `key` (or under every key), and waiters queued. */
  usage(key?: string): { held: number; waiting: number } {
    if (key !== undefined) return { held: this.heldByKey.get(key) ?? 0, waiting: this.waiting.get(key)?.length ?? 0 }
    let waiting = 0
    for (const queue of this.waiting.values()) waiting += queue.length
    return { held: this.heldTotal, waiting }
  }

  private hasRoom(key: string): boolean {
    return this.heldTotal < this.total && (this.heldByKey.get(key) ?? 0) < this.perKey
  }

  private take(key: string): ReleaseSlot {
    this.heldByKey.set(key, (this.heldByKey.get(key) ?? 0) + 1)
    this.heldTotal++
    let released = false
    return () => {
      if (released) return
      released = true
      const left = this.heldByKey.get(key)! - 1
      if (left === 0) this.heldByKey.delete(key)
      else this.heldByKey.set(key, left)
      this.heldTotal--
      this.serve()
    }
  }

  /** Hands free slots to waiters, a key at a time in turn order; each pass grants one slot, so it ends within `total` passes. */
  private serve(): void {
    while (this.heldTotal < this.total) {
      const key = this.nextKeyWithRoom()
      if (key === undefined) return
      const queue = this.waiting.get(key)!
      const grant = queue.shift()!
      this.waiting.delete(key)
      if (queue.length > 0) this.waiting.set(key, queue)
      grant(this.take(key))
    }
  }

  /** The first key in turn order that has a waiter and room under its own cap. */
  private nextKeyWithRoom(): string | undefined {
    for (const key of this.waiting.keys()) if ((this.heldByKey.get(key) ?? 0) < this.perKey) return key
    return undefined
  }
}

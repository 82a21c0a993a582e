import type { TenantStore } from '../../store/tenant-store.ts'

/**
 * Store writes started by clock timers (KYC decisions). A timer runs
 * synchronously but a store write is async, so a read right after
 * `clock.advance` could see the old record: Customer API reads wait here first.
 */
const inFlight = new WeakMap<TenantStore, Set<Promise<void>>>()

/**
 * Tracks a write a timer started, until it settles.
 *
 * @example
 * tenant.clock.schedule(at, () => trackWrite(store, decide()))
 */
export function trackWrite(store: TenantStore, write: Promise<void>): void {
  let writes = inFlight.get(store)
  if (!writes) inFlight.set(store, (writes = new Set()))
  const tracked: Promise<void> = write.finally(() => writes.delete(tracked))
  writes.add(tracked)
}

/**
 * Resolves once every tracked write of the store has settled.
 *
 * @example
 * await settleWrites(store) // then read the customer
 */
export async function settleWrites(store: TenantStore): Promise<void> {
  const writes = inFlight.get(store)
  while (writes && writes.size > 0) await Promise.allSettled([...writes])
}

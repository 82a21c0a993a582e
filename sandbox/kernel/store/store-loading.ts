import { SandboxError } from '../sandbox-error.ts'

/*
 * How a tenant's store is loaded: its seed built in slices, and a load the record budget refused told apart from
 * other failures. Kept apart from the store itself, which is imported lazily (decision 0030).
 */

/**
 * Whether a store was refused for want of room in the record budget: it was never held, and may be tried again.
 *
 * @example
 * refusedForRoom(new SandboxError('rate_limited', 'full')) // true
 */
export function refusedForRoom(error: unknown): boolean {
  return error instanceof SandboxError && error.code === 'rate_limited'
}

/**
 * A store refused for want of room was never held: as if never loaded. Other errors stand.
 *
 * @example
 * const store = await loading.catch(neverHeld) // undefined when the budget refused it
 */
export function neverHeld(error: unknown): undefined {
  if (refusedForRoom(error)) return undefined
  throw error
}

/**
 * Runs a generator to its end, awaiting `pause` (if any) at each step; resolves with what it returns: how a new
 * account's seed is built in slices, letting other work run between them.
 *
 * @example
 * const seed = await finishSteps(tenantSeedSteps(1, 'acct', 'test', catalog), pause)
 */
export async function finishSteps<T>(
  steps: Generator<void, T, void>,
  pause: (() => Promise<void>) | undefined,
): Promise<T> {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    if (pause) await pause()
  }
}

/** A value now, or later. The core answers synchronously unless a route or a fault needs to wait. */
export type MaybePromise<T> = T | Promise<T>

/**
 * `next(value)`, now when `value` is a value, once it settles when it is a promise: one pipeline for both, so a
 * request that needs no waiting costs no microtask.
 *
 * @example
 * andThen(2, (n) => n + 1) // 3
 * await andThen(Promise.resolve(2), (n) => n + 1) // 3
 */
export function andThen<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value)
}

/**
 * `run()`, with a throw or a rejection turned into `recover(error)`.
 *
 * @example
 * attempt(() => JSON.parse('{'), () => 'not JSON') // 'not JSON'
 */
export function attempt<T>(run: () => MaybePromise<T>, recover: (error: unknown) => T): MaybePromise<T> {
  try {
    const value = run()
    return value instanceof Promise ? value.catch(recover) : value
  } catch (error) {
    return recover(error)
  }
}

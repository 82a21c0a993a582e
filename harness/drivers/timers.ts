/** Resolves after `ms`: how the drivers wait between polls. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * What `promise` resolves to, or undefined once `ms` have passed. The timer is cleared as soon as the race is decided:
 * a timer left pending kept the process alive for up to `ms` after a run had printed its summary.
 *
 * @example
 * const outcome = await within(page.evaluate(() => window.connection), 10_000) // undefined after 10 s
 */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let cancel = () => {}
  const timeout = new Promise<undefined>((resolve) => {
    const timer = setTimeout(resolve, ms)
    cancel = () => clearTimeout(timer)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    cancel()
  }
}

/**
 * Runs async tasks one at a time, in the order they were given: each starts when the one before it has settled,
 * whether it resolved or threw. New accounts' stores are built through one, so a burst of new accounts is served
 * first come, first served, while the pauses inside each build let every other request through.
 *
 * @example
 * const builds = new OneAtATime()
 * const [a, b] = await Promise.all([builds.run(buildA), builds.run(buildB)]) // buildB starts once buildA settles
 */
export class OneAtATime {
  private tail: Promise<unknown> = Promise.resolve()

  /** Runs `task` after every task given before it has settled; resolves or rejects as `task` does. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task)
    this.tail = result.then(
      () => undefined,
      () => undefined,
    )
    return result
  }
}

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
  private unsettled = 0

  /** Runs `task` after every task given before it has settled; resolves or rejects as `task` does. */
  run<T>(task: () => Promise<T>): Promise<T> {
    return this.queue(this.tail.then(task))
  }

  /**
   * As `run`, but with nothing unsettled `task` starts at once: its synchronous part runs before this returns (the
   * tenant's scheduled jobs, whose first steps land within the clock advance that made them due).
   */
  runNowIfIdle<T>(task: () => Promise<T>): Promise<T> {
    return this.queue(this.unsettled === 0 ? task() : this.tail.then(task))
  }

  private queue<T>(result: Promise<T>): Promise<T> {
    this.unsettled++
    this.tail = result
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => this.unsettled--)
    return result
  }
}

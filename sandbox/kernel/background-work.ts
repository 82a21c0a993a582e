/**
 * Work that runs on its own, outside any request (a webhook attempt): kept until it settles, so a test can wait for
 * it, and never awaited by the request or the clock that started it, so work that hangs holds up nothing.
 *
 * @example
 * const work = new BackgroundWork()
 * work.start(sendWebhook())
 * await work.settled()
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<unknown>>()

  /** Keeps `work` until it settles; its failure is its own (it never rejects anything else). */
  start(work: Promise<unknown>): void {
    const tracked = work.catch(() => undefined).finally(() => this.running.delete(tracked))
    this.running.add(tracked)
  }

  /** Resolves once the work started so far, and any it started in turn, has settled. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running)
  }
}

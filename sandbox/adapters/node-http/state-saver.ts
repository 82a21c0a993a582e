import type { StateParts } from '#kernel/sandbox-snapshot.ts'
import { writeStateLines } from './state-file.ts'

/** How soon after a change a state file is written: after a quiet spell, but never later than `maxDelayMs`. */
export interface SaveTiming {
  quietMs: number
  maxDelayMs: number
}

/** The default timing: a burst of requests is one write; a steady stream still writes every 2 s. */
export const SAVE_TIMING: SaveTiming = { quietMs: 250, maxDelayMs: 2_000 }

/** How saving goes: `ok`, or `failing` since a save first failed, with what is not being saved and why. */
type SaveStatus =
  | { state: 'ok'; lastSavedAt: string | null }
  | {
      state: 'failing'
      lastSavedAt: string | null
      failingSince: string
      failedSaves: number
      unsavedAccounts: number
      message: string
    }

/** Resolves once the event loop has served what was waiting on it (I/O callbacks included). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Keeps a state file up to date: `changed()` after anything that may have changed state; the file is written
 * `quietMs` after the last change and at most `maxDelayMs` after the first unsaved one, one write at a time;
 * `close()` writes what is unsaved and stops. The file is written account by account (decision 0085), yielding to
 * the event loop between them: a save holds the loop for one account's serialisation at a time, and no account's
 * size can stop another's being saved. An account that cannot be serialised keeps its last saved line. Every failed
 * save is reported on stderr (and in `status()`, which `GET /__sandbox/health` answers) and retried at the next
 * change or at close: never a crash, never silence (docs/decisions/0045).
 *
 * @example
 * const saver = new StateSaver('.sandbox-state.json', () => core.stateParts())
 * response.on('finish', () => saver.changed())
 * await saver.close()
 */
export class StateSaver {
  private dirtySince: number | undefined
  private timer: NodeJS.Timeout | undefined
  private writing: Promise<void> = Promise.resolve()
  private closed = false
  /** Each line's digest as last written, by account id (`''` the header): a save that would change none writes nothing. */
  private digests: Map<string, string> | undefined
  private current: SaveStatus = { state: 'ok', lastSavedAt: null }

  constructor(
    readonly path: string,
    private readonly parts: () => StateParts,
    private readonly timing: SaveTiming = SAVE_TIMING,
    private readonly warn: (message: string) => void = (message) => process.stderr.write(`${message}\n`),
    private readonly pause: () => Promise<void> = yieldToEventLoop,
  ) {}

  /** How saving goes now. */
  status(): SaveStatus {
    return { ...this.current }
  }

  /** Something may have changed: schedule a write. */
  changed(): void {
    if (this.closed) return
    const now = performance.now()
    this.dirtySince ??= now
    clearTimeout(this.timer)
    const due = Math.min(this.timing.quietMs, Math.max(0, this.dirtySince + this.timing.maxDelayMs - now))
    this.timer = setTimeout(() => void this.flush(), due)
    this.timer.unref()
  }

  /** Writes now if anything is unsaved (after any write under way). */
  flush(): Promise<void> {
    clearTimeout(this.timer)
    this.writing = this.writing.then(async () => {
      if (this.dirtySince === undefined) return
      this.dirtySince = undefined
      let unsaved = 0
      try {
        // A request that changed nothing (most reads) makes the same lines: no write, no fsync.
        const { failures, digests } = await writeStateLines(this.path, this.parts(), {
          previous: this.digests,
          pause: this.pause,
        })
        this.digests = digests
        unsaved = failures.length
        if (failures.length > 0)
          throw new Error(
            `${failures.length} account${failures.length === 1 ? '' : 's'} could not be serialised (${failures[0]!.message}); the file keeps their last saved state, if any`,
          )
        this.current = { state: 'ok', lastSavedAt: new Date().toISOString() }
      } catch (error) {
        this.dirtySince ??= performance.now()
        const message = (error as Error).message
        const failing = this.current.state === 'failing' ? this.current : undefined
        this.current = {
          state: 'failing',
          lastSavedAt: this.current.lastSavedAt,
          failingSince: failing?.failingSince ?? new Date().toISOString(),
          failedSaves: (failing?.failedSaves ?? 0) + 1,
          unsavedAccounts: unsaved,
          message,
        }
        this.warn(
          `ramp-sandbox: could not save the state file ${this.path}: ${message} (failed ${this.current.failedSaves} time${this.current.failedSaves === 1 ? '' : 's'} in a row; will retry; GET /__sandbox/health)`,
        )
      }
    })
    return this.writing
  }

  /** Saves now, whether a change was signalled or not (after any write under way). */
  save(): Promise<void> {
    this.dirtySince ??= performance.now()
    return this.flush()
  }

  /** Saves a last time, then stops listening for changes. */
  async close(): Promise<void> {
    this.closed = true
    await this.save()
  }
}

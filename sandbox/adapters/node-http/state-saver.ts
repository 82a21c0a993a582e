import type { SandboxSnapshot } from '../../contract/index.ts'
import { writeStateText } from './state-file.ts'

/** How soon after a change a state file is written: after a quiet spell, but never later than `maxDelayMs`. */
export interface SaveTiming {
  quietMs: number
  maxDelayMs: number
}

/** The default timing: a burst of requests is one write; a steady stream still writes every 2 s. */
export const SAVE_TIMING: SaveTiming = { quietMs: 250, maxDelayMs: 2_000 }

/**
 * Keeps a state file up to date: `changed()` after anything that may have changed state; the file is written
 * `quietMs` after the last change and at most `maxDelayMs` after the first unsaved one, one write at a time;
 * `close()` writes what is unsaved and stops. A failed write is reported once (until one succeeds) and retried
 * at the next change or at close: never a crash (docs/decisions/0045).
 *
 * @example
 * const saver = new StateSaver('.sandbox-state.json', () => core.snapshot())
 * response.on('finish', () => saver.changed())
 * await saver.close()
 */
export class StateSaver {
  private dirtySince: number | undefined
  private timer: NodeJS.Timeout | undefined
  private writing: Promise<void> = Promise.resolve()
  private failing = false
  private closed = false
  /** The text last written: a save that would write it again writes nothing. */
  private written: string | undefined

  constructor(
    readonly path: string,
    private readonly take: () => Promise<SandboxSnapshot>,
    private readonly timing: SaveTiming = SAVE_TIMING,
    private readonly warn: (message: string) => void = (message) => process.stderr.write(`${message}\n`),
  ) {}

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
      try {
        // A request that changed nothing (most reads) makes the same text: no write, no fsync.
        const text = JSON.stringify(await this.take())
        if (text !== this.written) await writeStateText(this.path, text)
        this.written = text
        this.failing = false
      } catch (error) {
        this.dirtySince ??= performance.now()
        if (!this.failing) this.warn(`ramp-sandbox: could not save the state file ${this.path}: ${(error as Error).message} (will retry)`)
        this.failing = true
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

import type { SandboxSnapshot } from '../../contract/index.ts'
import { writeStateText } from './state-file.ts'

/** How soon after a change a state file is written: after a quiet spell, but never later than `maxDelayMs`. */
export interface SaveTiming {
  quietMs: number
  maxDelayMs: number
}

/** The default timing: a burst of requests is one write; a steady stream still writes every 2 s. */
export const SAVE_TIMING: SaveTiming = { quietMs: 250, maxDelayMs: 2_000 }

/** How saving goes: `ok`, or `failing` since a save first failed, with what is not being saved and why. */
export type SaveStatus =
  | { state: 'ok'; lastSavedAt: string | null }
  | { state: 'failing'; lastSavedAt: string | null; failingSince: string; failedSaves: number; unsavedAccounts: number; message: string }

/**
 * Keeps a state file up to date: `changed()` after anything that may have changed state; the file is written
 * `quietMs` after the last change and at most `maxDelayMs` after the first unsaved one, one write at a time;
 * `close()` writes what is unsaved and stops. Each account is serialised on its own: one that cannot be keeps
 * its last saved state in the file and never stops the others being saved. Every failed save is reported on
 * stderr (and in `status()`, which `GET /__sandbox/health` answers) and retried at the next change or at close:
 * never a crash, never silence (docs/decisions/0045).
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
  private closed = false
  /** The text last written: a save that would write it again writes nothing. */
  private written: string | undefined
  /** Each account's text as last serialised, by tenant id: what the file keeps of an account that fails to serialise now. */
  private tenantTexts = new Map<string, string>()
  private current: SaveStatus = { state: 'ok', lastSavedAt: null }

  constructor(
    readonly path: string,
    private readonly take: () => Promise<SandboxSnapshot>,
    private readonly timing: SaveTiming = SAVE_TIMING,
    private readonly warn: (message: string) => void = (message) => process.stderr.write(`${message}\n`),
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
      let unsaved: string[] = []
      try {
        const { text, failures } = this.serialise(await this.take())
        unsaved = failures
        // A request that changed nothing (most reads) makes the same text: no write, no fsync.
        if (text !== this.written) await writeStateText(this.path, text)
        this.written = text
        if (failures.length > 0) throw new Error(`${failures.length} account${failures.length === 1 ? '' : 's'} could not be serialised (${failures[0]}); the file keeps their last saved state, if any`)
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
          unsavedAccounts: unsaved.length,
          message,
        }
        this.warn(`ramp-sandbox: could not save the state file ${this.path}: ${message} (failed ${this.current.failedSaves} time${this.current.failedSaves === 1 ? '' : 's'} in a row; will retry; GET /__sandbox/health)`)
      }
    })
    return this.writing
  }

  /** The file's text: each account serialised on its own, an account that cannot be keeping its last text. */
  private serialise(snapshot: SandboxSnapshot): { text: string; failures: string[] } {
    const { tenants, ...rest } = snapshot
    const failures: string[] = []
    const kept = new Map<string, string>()
    for (const tenant of tenants) {
      const id = `${tenant.account}:${tenant.mode}`
      try {
        kept.set(id, JSON.stringify(tenant))
      } catch (error) {
        failures.push((error as Error).message)
        const last = this.tenantTexts.get(id)
        if (last !== undefined) kept.set(id, last)
      }
    }
    // Accounts no longer in the snapshot are forgotten with it.
    this.tenantTexts = kept
    const texts = [...kept.values()]
    return { text: `${JSON.stringify(rest).slice(0, -1)},"tenants":[${texts.join(',')}]}`, failures }
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

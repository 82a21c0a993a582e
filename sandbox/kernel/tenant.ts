import {
  DEFAULT_WEBHOOK_LEGACY_SIGNATURE_HEADER,
  DEFAULT_WEBHOOK_SIGNATURE_HEADER,
  type AccountFixture,
  type Mode,
  type ScheduledJob,
  type StateEventName,
  type TenantSettings,
  type TenantSnapshot,
} from '#contract/index.ts'
import type { CatalogIndex } from './store/catalog-index.ts'
import { JournalCount, type RecordBudget } from './store/record-budget.ts'
import type { TenantLimits } from './store/tenant-limits.ts'
import type { StoreSeed, TenantStore, TenantStoreOptions } from './store/tenant-store.ts'
import { OneAtATime } from './one-at-a-time.ts'
import { AccountBytes } from './account-bytes.ts'
import { Signer } from './signer.ts'
import { finishSteps, neverHeld, refusedForRoom } from './store/store-loading.ts'
import type { HmacSha256 } from './hmac.ts'
import { FaultRegistry, seededFaultDraw, type DroppedFault } from './fault-registry.ts'
import { BackgroundWork } from './background-work.ts'
import type { FairSlots, ReleaseSlot } from './fair-slots.ts'
import { Journal } from './journal.ts'
import { fetchTransport, type WebhookTransport } from './webhook-transport.ts'
import { VirtualClock } from './virtual-clock.ts'

/** Origins every tenant allows to embed frames until its settings say otherwise. */
export const DEFAULT_ALLOWED_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*']

/** How tenants are made: shared by every tenant of one sandbox. */
export interface TenantOptions {
  seed: number
  catalog: CatalogIndex
  hmac: HmacSha256
  /** The process's signing secret (lowercase hex): every tenant's signing key derives from it and the tenant id. */
  secret: string
  /** The process incarnation tokens name, so a token from before a restart is told apart (docs/decisions/0046). */
  bootId: string
  /** Epoch ms every tenant clock starts at, or `'wall'`: the wall time when the tenant is made or reset. */
  clockStart: number | 'wall'
  wall?: () => number
  /**
   * Keep what an evicted account held (a state file is kept): its state is saved with the others and given back by
   * `restoreEvicted` on its next use, instead of being rebuilt from the seed (decision 0049).
   */
  restoreEvicted?: (tenant: Tenant, saved: TenantSnapshot) => void
  /** A monotonic ms source: how recently each account was used (`limits.activeWindowMs`). Without it no account counts as active. */
  activity?: () => number
  journalSize: number
  /** What one tenant may hold beyond its seed, and how many tenants are kept (docs/decisions/0044). */
  limits: TenantLimits
  /** The records every tenant's store holds together, against `limits.records` (the registry's). */
  budget?: RecordBudget
  /** Where new stores are built, one at a time, first come first served (the registry's). */
  storeBuilds?: OneAtATime
  /**
   * Awaited between the slices of building a store (each about a millisecond's work here), so a new account never
   * holds the event loop for long: the node adapter yields to it. Without it a store is built in one go.
   */
  pause?: () => Promise<void>
  strictDeprecations: boolean
  /**
   * Runs a scheduled job when its time comes. The tenant queues jobs (`scheduleJob`); what a job does is the domain's
   * (`runScheduledJob`), handed in when the core is made, so the queue knows no domain rule.
   */
  runJob: (tenant: Tenant, store: TenantStore, job: ScheduledJob) => Promise<unknown>
  /**
   * Domain work a restored store picks up once its saved jobs are scheduled again (webhook attempts that were in
   * flight when the state was saved: `resumeRestoredWork`), handed in like `runJob`.
   */
  resumeWork?: (tenant: Tenant, store: TenantStore) => void
  /** How webhooks leave the sandbox (default: `fetch`, stamped on the tenant clock). */
  webhookTransport?: WebhookTransport
  /**
   * The webhook attempts in flight, per account and in all (the registry's, from `limits`): without it attempts are
   * never held back.
   */
  webhookSlots?: FairSlots
  /** Hosts besides loopback webhooks may go to (`--webhook-allow-host`; decision 0058): checked at every attempt too. */
  webhookAllowHosts?: readonly string[]
  /** Where the sandbox's warnings go (a restored endpoint whose host is not allowed): the node adapter's stderr. */
  warn?: (message: string) => void
  /** Told when a tenant's allowed origins change (the registry's index of every tenant's origins, for CORS preflights). */
  allowedOriginsChanged?: (tenant: Tenant, before: readonly string[], after: readonly string[]) => void
}

/*
 * The store's module (with the seed's), imported on the first store any tenant makes (decision 0030: @msw/data and
 * faker's English data stay out of start-up), then the same promise for every tenant: a new account's first call
 * does not resolve a dynamic import again.
 */
let storeModulePromise: Promise<typeof import('./store/tenant-store.ts')> | undefined

/**
 * The store's module, imported once for the process.
 *
 * @example
 * const { TenantStore } = await storeModule()
 */
export const storeModule = () => (storeModulePromise ??= import('./store/tenant-store.ts'))

/**
 * One isolated account in one mode: its own clock, journal, faults and settings.
 * `pk_test_x` and `sk_test_x` share a tenant; `sk_live_x` is another.
 */
export class Tenant {
  readonly id: string
  clock!: VirtualClock
  journal!: Journal
  /** The journal's characters in the sandbox-wide count, until the journal is replaced or the tenant released. */
  private journalCount: JournalCount | undefined
  faults!: FaultRegistry
  /** What this life of the account holds beyond its seed, in bytes, against its budget (decision 0084). */
  bytes!: AccountBytes
  /** Jobs pending on the clock, as data (a state file keeps them; docs/decisions/0045). */
  jobs = new Set<ScheduledJob>()
  /** Due jobs, run one at a time (`scheduleJob`). */
  private readonly dueJobs = new OneAtATime()
  /**
   * The tenant clock when this tenant was restored from a state file (undefined if it was not, or was reset since):
   * a session a token issued from then on names, that the store lacks, was lost with the process that made it.
   */
  restoredAtMs: number | undefined
  /** How many times the tenant was reset: part of its incarnation. */
  private resets = -1
  private current: TenantSettings | undefined
  private storePromise: Promise<TenantStore> | undefined
  /** The store once loaded: released synchronously, so an eviction frees its budget at once. */
  private loadedStore: TenantStore | undefined
  /** Signs under HMAC(secret, `tenant:<id>`): a key never derivable from public inputs (seed, account, mode) alone. */
  private readonly signer: Signer

  /**
   * @param generation the registry's evictions when the tenant was made: a tenant rebuilt after an eviction is
   *   another incarnation, so tokens of the evicted one are told apart.
   */
  constructor(
    readonly account: AccountFixture,
    private readonly options: TenantOptions,
    readonly generation = 0,
  ) {
    this.id = `${account.account}:${account.mode}`
    this.signer = new Signer(options.hmac, options.hmac(options.secret, `tenant:${this.id}`))
    this.reset()
  }

  /** A tenant is never data: serialised by mistake (in a response, a log line), it gives its id, never its signing key. */
  toJSON(): { internal: 'tenant'; id: string } {
    return { internal: 'tenant', id: this.id }
  }

  /**
   * Queues a job on the tenant clock, described as data: it stays in `jobs` until it has run to its end, so a
   * snapshot taken meanwhile keeps it and a restart schedules it again (docs/decisions/0045); each job is safe to run
   * twice. `options.runJob` runs it. Jobs run one at a time, in the clock's order: a job that comes due starts once the
   * one before it has ended, so jobs one clock advance makes due never interleave (a stage passed at 5 s is seen,
   * and sent, before the one at 10 s starts).
   *
   * @example
   * tenant.scheduleJob(store, { kind: 'challenge:expire', at: exp, challengeId: record.id })
   */
  scheduleJob(store: TenantStore, job: ScheduledJob): void {
    const jobs = this.jobs
    jobs.add(job)
    this.clock.schedule(job.at, () =>
      this.dueJobs.runNowIfIdle(() => this.options.runJob(this, store, job)).finally(() => jobs.delete(job)),
    )
  }

  /**
   * Schedules a restored store's saved jobs again, then lets the domain pick up what no job holds (`options.resumeWork`).
   *
   * @example
   * tenant.resumeJobs(restoredStore, saved.jobs)
   */
  resumeJobs(store: TenantStore, jobs: readonly ScheduledJob[]): void {
    for (const job of jobs) this.scheduleJob(store, job)
    this.options.resumeWork?.(this, store)
  }

  /** The tenant's settings; assigning them keeps the registry's index of allowed origins current. */
  get settings(): TenantSettings {
    return this.current!
  }

  set settings(next: TenantSettings) {
    const before = this.current?.allowedOrigins ?? []
    this.current = next
    if (before !== next.allowedOrigins) this.options.allowedOriginsChanged?.(this, before, next.allowedOrigins)
  }

  get mode(): Mode {
    return this.account.mode
  }

  get seed(): number {
    return this.options.seed
  }

  /** How this tenant's store is made: its limits, the sandbox-wide budget, the tenant as its owner, the pause. */
  storeOptions(): TenantStoreOptions {
    return {
      limits: this.options.limits,
      budget: this.options.budget,
      bytes: this.bytes,
      owner: this,
      pause: this.options.pause,
    }
  }

  /** Drops everything the tenant holds against the sandbox's budgets: it was evicted, or replaced by a restored one. */
  release(): void {
    this.releaseStore()
    this.bytes.retire()
    this.journalCount?.stop()
  }

  /** Drops the store (its records stop counting against the budget): on reset and on eviction. */
  releaseStore(): void {
    if (this.loadedStore) this.loadedStore.release()
    else
      void this.storePromise?.then(
        (store) => store.release(),
        () => undefined,
      )
    this.storePromise = undefined
    this.loadedStore = undefined
  }

  get catalog(): CatalogIndex {
    return this.options.catalog
  }

  /**
   * HMAC-SHA256 under this tenant's signing key, base64url: what tokens, frame
   * tickets, cursors and quote signatures carry. The key derives from the process
   * secret, so another sandbox process (another secret) signs differently. The last few are kept ({@link Signer}).
   */
  sign(message: string): string {
    return this.signer.sign(message)
  }

  /**
   * Whether `signature` is this tenant's signature of `message`, compared in
   * constant time: the one check every signed thing goes through.
   *
   * @example
   * tenant.verify(`cursor:${position}`, signature) // false for a tampered or foreign signature
   */
  verify(message: string, signature: string | null | undefined): boolean {
    return this.signer.verify(message, signature)
  }

  /**
   * A deterministic opaque digest for ids, under the account's seeded id key:
   * same seed, same ids, whatever the secret. It authorizes nothing, so it may be
   * derivable from the seed.
   */
  opaqueId(message: string): string {
    return this.options.hmac(this.account.idKey, message)
  }

  /** How this tenant's webhooks leave the sandbox. */
  get webhookTransport(): WebhookTransport {
    return this.options.webhookTransport ?? fetchTransport
  }

  /**
   * A slot for one webhook attempt, resolved with its release: at once while the account has fewer than
   * `limits.webhookAttemptsPerAccount` in flight and the process fewer than `limits.webhookAttemptsInFlight`, else
   * when its turn comes (decision 0082).
   *
   * @example
   * const release = await tenant.webhookAttemptSlot()
   * try { await transport.post(request) } finally { release() }
   */
  webhookAttemptSlot(): Promise<ReleaseSlot> {
    return this.options.webhookSlots?.acquire(this.id) ?? Promise.resolve(() => undefined)
  }

  /** Hosts besides loopback the operator lets webhooks go to (`--webhook-allow-host`). */
  get webhookAllowHosts(): readonly string[] {
    return this.options.webhookAllowHosts ?? []
  }

  /** Tells the operator something is off (the node adapter writes it on stderr; in process it goes nowhere unless asked). */
  warn(message: string): void {
    this.options.warn?.(message)
  }

  /** Work outside any request (webhook attempts): never awaited by what started it; `settled()` waits for it in tests. */
  readonly background = new BackgroundWork()

  /** Whether `--strict-deprecations` retired the deprecated items. */
  get strictDeprecations(): boolean {
    return this.options.strictDeprecations
  }

  /**
   * The tenant's mutable data, made on first use: it reads the seed its seed and mode share (its ids derived from
   * `(seed, account, mode)` on read) and holds only what the account writes (decision 0103); tenants that only ask for
   * sell quotes never make one. The store's module is loaded then too:
   * @msw/data brings ~550 modules of es-toolkit, a third of the server's start-up time (decision 0030); the seed's
   * module brings faker's English data.
   */
  store(): Promise<TenantStore> {
    if (!this.storePromise) {
      const build = async () => {
        const seed = await this.storeSeed()
        const { TenantStore } = await storeModule()
        return TenantStore.seeded(seed.shared, seed.ids, this.storeOptions())
      }
      this.storePromise = this.adopt(this.options.storeBuilds?.run(build) ?? build())
    }
    return this.storePromise
  }

  /**
   * The seed every account on this seed and mode shares (built in slices by the first account to ask, then shared),
   * and this account's ids on it (decision 0103).
   */
  async storeSeed(): Promise<StoreSeed> {
    const { TenantStore } = await storeModule()
    const steps = TenantStore.seedSteps(this.options.seed, this.account.account, this.mode, this.catalog.catalog)
    return finishSteps(steps, this.options.pause)
  }

  /**
   * The store itself once it is loaded, so a request that needs no waiting costs no microtask; until then (and while
   * a reset's or a restore's store is being made) the promise {@link store} answers.
   *
   * @example
   * andThen(tenant.storeNow(), (store) => store.sessions.get(id))
   */
  storeNow(): TenantStore | Promise<TenantStore> {
    return this.loadedStore ?? this.store()
  }

  /**
   * Which life of the tenant this is: the process's boot id, the registry's evictions when it was made, and its
   * resets. Tokens name it; one from another incarnation names a session this one never had (docs/decisions/0046).
   */
  get incarnation(): string {
    return `${this.options.bootId}.${this.generation}.${this.resets}`
  }

  /** The process's boot id (the first part of the incarnation). */
  get bootId(): string {
    return this.options.bootId
  }

  /** The tenant's state as data, for a state file (docs/decisions/0045); the store only if it was ever loaded. */
  async snapshot(): Promise<TenantSnapshot> {
    const store = this.storePromise && (await this.storePromise.catch(neverHeld))?.snapshot()
    return this.snapshotWith(store)
  }

  /**
   * The tenant's state as data now, without waiting: what an evicted tenant leaves in a state file. A store still
   * being seeded is left out (nothing was written to it yet; it is seeded again on the next use).
   */
  snapshotNow(): TenantSnapshot {
    return this.snapshotWith(this.loadedStore?.snapshot())
  }

  private snapshotWith(store: TenantSnapshot['store']): TenantSnapshot {
    return {
      account: this.account.account,
      mode: this.mode,
      resets: this.resets,
      generation: this.generation,
      clock: this.clock.snapshot(),
      settings: this.settings,
      faults: this.faults.snapshot(),
      journal: this.journal.snapshot() as TenantSnapshot['journal'],
      jobs: [...this.jobs],
      ...(store ? { store } : {}),
    }
  }

  /**
   * Takes on a snapshot's state (its store being rebuilt, if it had one). Pending jobs are the caller's to schedule
   * again: running them is domain work. Returns the saved faults left out because their matcher can no longer be
   * compiled (decision 0080), each also journaled as `fault:dropped`.
   */
  restore(snapshot: TenantSnapshot, store: Promise<TenantStore> | undefined): DroppedFault[] {
    this.resets = snapshot.resets
    this.clock.stop()
    this.clock = this.newClock(snapshot.clock)
    this.restoredAtMs = this.clock.now()
    this.bytes.retire()
    this.bytes = this.newBytes()
    this.journal.restore(snapshot.journal)
    this.faults = this.newFaults()
    const dropped = this.faults.restore(snapshot.faults)
    for (const { id, reason } of dropped) this.record('fault:dropped', { id, reason })
    this.settings = snapshot.settings
    this.jobs = new Set()
    this.releaseStore()
    this.storePromise = store && this.adopt(store)
    return dropped
  }

  /**
   * `pending` as the tenant's store: kept once it is loaded if it is still the tenant's then (a reset or an eviction
   * meanwhile dropped it: it is released), and forgotten if it was refused for want of room in the record budget,
   * so the next use tries again.
   */
  private adopt(pending: Promise<TenantStore>): Promise<TenantStore> {
    const loading: Promise<TenantStore> = pending.then(
      (store) => {
        if (this.storePromise === loading) this.loadedStore = store
        else store.release()
        return store
      },
      (error: unknown) => {
        if (this.storePromise === loading && refusedForRoom(error)) this.storePromise = undefined
        throw error
      },
    )
    return loading
  }

  /** Back to the seeded state: clock at its start, empty journal, no faults, default settings, fresh store. */
  reset(): void {
    this.resets++
    this.restoredAtMs = undefined
    this.jobs = new Set()
    this.releaseStore()
    // The constructor's first reset has no clock yet; a later one drops what the old clock still had to run.
    ;(this.clock as VirtualClock | undefined)?.stop()
    this.clock = this.newClock()
    const { journalBytes, journalEntryBytes } = this.options.limits
    this.journalCount?.stop()
    this.journalCount = this.options.budget && new JournalCount(this.options.budget, this)
    this.journal = new Journal({
      entries: this.options.journalSize,
      chars: journalBytes,
      entryChars: journalEntryBytes,
      shared: this.journalCount,
    })
    this.bytes?.retire()
    this.bytes = this.newBytes()
    this.faults = this.newFaults()
    this.settings = {
      defaultExtraFeePercentage: this.account.defaultExtraFeePercentage,
      allowedOrigins: [...DEFAULT_ALLOWED_ORIGINS],
      capabilities: { identity: true, guestCheckout: true },
      googlePayAvailable: true,
      webhookSignatureHeader: DEFAULT_WEBHOOK_SIGNATURE_HEADER,
      webhookLegacySignatureHeader: DEFAULT_WEBHOOK_LEGACY_SIGNATURE_HEADER,
      webhookUpdatedEvents: 'everyChange',
      webhookUpdatedOnFailure: false,
    }
  }

  /** A byte count for a new life of the account: its journal read as it is now, its parts against the sandbox's budget. */
  private newBytes(): AccountBytes {
    const journal = {
      held: () => this.journal.held.chars,
      most: Math.min(this.journal.charBudget, this.options.limits.accountBytes),
    }
    return new AccountBytes(this.options.limits.accountBytes, journal, this.options.budget, this)
  }

  /** An empty fault registry drawing from the tenant's seed, counting its faults in the account's bytes. */
  private newFaults(): FaultRegistry {
    return new FaultRegistry(seededFaultDraw(this.options.hmac, this.options.seed, this.account.mode), {
      bytes: this.bytes,
      limit: this.options.limits.faults,
    })
  }

  /**
   * A clock at the tenant's start (the wall time now, for `'wall'`), or going on from a snapshot's state; its advances
   * in slices pause as store builds do.
   */
  private newClock(restore?: TenantSnapshot['clock']): VirtualClock {
    const { clockStart, wall, pause } = this.options
    return new VirtualClock({ start: clockStart === 'wall' ? wall!() : clockStart, wall, restore, pause })
  }

  /** Journals a state change, by one of the contract's names (a name it does not list is a type error). */
  record(event: StateEventName, detail: Record<string, unknown>): void {
    this.journal.append(this.clock.now(), { kind: 'state', event, detail })
  }
}

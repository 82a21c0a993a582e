import { ApiKey, type Mode, type TenantSnapshot } from '#contract/index.ts'
import { buildAccount } from '#fixtures/account.ts'
import { originMatches } from '#portable/origin-matches.ts'
import { RecordBudget } from './store/record-budget.ts'
import { OneAtATime } from './one-at-a-time.ts'
import { SandboxError } from './sandbox-error.ts'
import { DEFAULT_ALLOWED_ORIGINS, Tenant, type TenantOptions } from './tenant.ts'
import { FairSlots } from './fair-slots.ts'

/** Which half of a key pair authenticated a request. */
export type KeyKind = 'publishable' | 'secret'

/** A parsed API key. */
export interface ParsedKey {
  kind: KeyKind
  mode: Mode
  account: string
}

/** Splits a key into kind, mode and account, or undefined when malformed. */
export function parseApiKey(key: string): ParsedKey | undefined {
  if (!ApiKey.safeParse(key).success) return undefined
  const [prefix, mode] = key.split('_', 2) as [string, Mode]
  return { kind: prefix === 'pk' ? 'publishable' : 'secret', mode, account: key.slice(prefix.length + mode.length + 2) }
}

/** How full a sandbox is ({@link TenantRegistry.usage}). */
export interface RegistryUsage {
  accounts: { held: number; limit: number }
  records: { held: number; limit: number }
  /**
   * Bytes of run-time state every account holds beyond its seed (faults, webhook deliveries, records made or
   * changed; journals aside), against the sandbox-wide limit; and each account's own budget (decision 0084).
   */
  bytes: { held: number; limit: number; accountLimit: number }
  /** Characters every account's journal holds together, against the sandbox-wide limit (decision 0103). */
  journals: { held: number; limit: number }
  /** States of evicted accounts kept for a state file: how many, their characters, and how many were forgotten. */
  parked: { accounts: number; characters: number; limit: number; forgotten: number }
}

/** Evicted accounts whose state is kept per account slot, while a state file is kept. */
const PARKED_PER_SLOT = 4

/**
 * Every tenant of one sandbox, provisioned on first use of a well-formed key.
 * At most `limits.tenants` are kept: making one more evicts the least recently
 * used, which is rebuilt from the seed on its next use (docs/decisions/0044),
 * unless it was used within `limits.activeWindowMs`: then the new account is
 * refused with 429 (docs/decisions/0049).
 *
 * @example
 * const { tenant } = registry.authenticate('pk_test_sandbox', 'publishable', 'apiKey')
 */
export class TenantRegistry {
  /** Tenants by id, least recently used first (a use moves one to the end). */
  private readonly tenants = new Map<string, Tenant>()
  /** Well-formed keys seen before: the lookup sits on every request's path. */
  private readonly byKey = new Map<string, { tenant: Tenant; key: ParsedKey }>()
  /** Every tenant's allowed-origin patterns, counted: a CORS preflight asks it without scanning tenants. */
  private readonly originPatterns = new Map<string, number>()
  /** Tenants evicted: a request still holding one may change its settings, which no longer count. */
  private readonly evicted = new WeakSet<Tenant>()
  private readonly options: TenantOptions
  /** Tenants evicted so far: a tenant made after an eviction is another generation (its incarnation says so). */
  private evictions = 0
  /**
   * What evicted accounts held, by tenant id, least recently evicted first, as JSON text (compact, and a copy no
   * request can change), while a state file is kept (`options.restoreEvicted`). At most {@link PARKED_PER_SLOT} per
   * slot are kept: past it the one evicted longest ago is forgotten, as every evicted account was before.
   */
  private readonly parked = new Map<string, string>()
  /** Characters the parked texts hold together, against `limits.parkedCharacters`. */
  private parkedCharacters = 0
  /** Parked states forgotten to stay within the limits: what a state file no longer keeps. */
  private forgottenParked = 0
  /** When each tenant was last used, on `options.activity`; a restored tenant is not used until a request uses it. */
  private readonly lastUsed = new WeakMap<Tenant, number>()

  /** The records every tenant's store holds together; past `limits.records`, the least recently used others go. */
  readonly budget: RecordBudget

  constructor(options: TenantOptions) {
    this.budget = new RecordBudget(
      options.limits.records,
      (keep) => this.evictFor(keep),
      options.limits.bytes,
      () => this.tenants.size,
      options.limits.journals,
    )
    const { webhookAttemptsPerAccount, webhookAttemptsInFlight } = options.limits
    this.options = {
      ...options,
      budget: this.budget,
      storeBuilds: new OneAtATime(),
      // One set of slots for every tenant: the cap across accounts is the process's (decision 0082).
      webhookSlots: new FairSlots(webhookAttemptsPerAccount, webhookAttemptsInFlight),
      allowedOriginsChanged: (tenant, before, after) => this.evicted.has(tenant) || this.countPatterns(before, after),
    }
  }

  /**
   * Evicts the least recently used idle tenants other than `keep` until the budget has a tenth of its records and of
   * its bytes free again. An active tenant is never evicted for room: the writer is refused (429) instead.
   */
  private evictFor(keep: unknown): void {
    const records = this.budget.limit * 0.9
    const bytes = this.budget.byteLimit * 0.9
    const journals = this.budget.journalLimit * 0.9
    for (const tenant of [...this.tenants.values()]) {
      const roomy = this.budget.held < records && this.budget.bytes < bytes && this.budget.journals < journals
      if (roomy || this.isActive(tenant)) return
      if (tenant !== keep) this.evict(tenant)
    }
  }

  /** Whether a tenant was used within `limits.activeWindowMs`: then it is in someone's flow and never evicted. */
  private isActive(tenant: Tenant): boolean {
    const now = this.options.activity?.()
    const used = this.lastUsed.get(tenant)
    return now !== undefined && used !== undefined && now - used < this.options.limits.activeWindowMs
  }

  /** Marks a tenant as just used: it goes last in line for eviction (a Map keeps insertion order). */
  private touch(tenant: Tenant): Tenant {
    if (this.tenants.get(tenant.id) === tenant) {
      this.tenants.delete(tenant.id)
      this.tenants.set(tenant.id, tenant)
      this.markUsed(tenant)
    }
    return tenant
  }

  private markUsed(tenant: Tenant): void {
    const now = this.options.activity?.()
    if (now !== undefined) this.lastUsed.set(tenant, now)
  }

  /**
   * Forgets a tenant and its store: it is rebuilt from the seed on its next use, as another generation; or, while a
   * state file is kept, its state is kept to be given back whole on that use.
   */
  private evict(tenant: Tenant): void {
    if (this.options.restoreEvicted) this.park(tenant)
    this.forget(tenant)
    tenant.release()
    this.evictions++
  }

  /**
   * Drops a tenant with its keys (the two a tenant can have: `pk_` and `sk_` of its mode and account) and its
   * origins in the CORS index; a request still holding it changes nothing here.
   */
  private forget(tenant: Tenant): void {
    this.tenants.delete(tenant.id)
    for (const prefix of ['pk', 'sk']) this.byKey.delete(`${prefix}_${tenant.mode}_${tenant.account.account}`)
    this.countPatterns(tenant.settings.allowedOrigins, [])
    this.evicted.add(tenant)
  }

  /**
   * A new tenant of `generation`, made room for: past `limits.tenants`, the least recently used go first, unless it
   * is active (then every other is too): 429, never an account evicted in the middle of its flow.
   */
  private make(account: string, mode: Mode, generation: number, used = true): Tenant {
    while (this.tenants.size >= this.options.limits.tenants) {
      const oldest = this.tenants.values().next().value as Tenant
      if (used && this.isActive(oldest)) throw this.full(account)
      this.evict(oldest)
    }
    const made = new Tenant(buildAccount(this.options.seed, account, mode), this.options, generation)
    this.tenants.set(made.id, made)
    if (used) this.markUsed(made)
    return made
  }

  /** The refusal of a new account when every slot holds an active one: how many, and what raises the limit. */
  private full(account: string): SandboxError {
    const { tenants, activeWindowMs } = this.options.limits
    const window = activeWindowMs % 60_000 === 0 ? `${activeWindowMs / 60_000} minutes` : `${activeWindowMs / 1000} s`
    return new SandboxError(
      'rate_limited',
      `all ${tenants} accounts this sandbox keeps at once were used in the last ${window}, so none is evicted to make room for account ${account}: start the sandbox with --max-accounts <n> to keep more, or try again once an account has been idle for ${window}`,
    )
  }

  private countPatterns(before: readonly string[], after: readonly string[]): void {
    for (const pattern of new Set(before)) {
      const count = (this.originPatterns.get(pattern) ?? 0) - 1
      if (count > 0) this.originPatterns.set(pattern, count)
      else this.originPatterns.delete(pattern)
    }
    for (const pattern of new Set(after)) this.originPatterns.set(pattern, (this.originPatterns.get(pattern) ?? 0) + 1)
  }

  /**
   * Whether the default allowed origins, or any provisioned tenant's, match an origin: what a CORS
   * preflight of a Bearer route can know, since a preflight carries no token (decision 0040).
   */
  anyTenantAllows(origin: string): boolean {
    if (DEFAULT_ALLOWED_ORIGINS.some((pattern) => originMatches(origin, pattern))) return true
    for (const pattern of this.originPatterns.keys()) if (originMatches(origin, pattern)) return true
    return false
  }

  private park(tenant: Tenant): void {
    this.unpark(tenant.id)
    this.keepParked(tenant.id, JSON.stringify(tenant.snapshotNow()))
  }

  /** Keeps a parked state, newest last, forgetting the oldest past the limits. */
  private keepParked(id: string, text: string): void {
    this.parked.set(id, text)
    this.parkedCharacters += text.length
    const { tenants, parkedCharacters } = this.options.limits
    while (this.parked.size > tenants * PARKED_PER_SLOT || this.parkedCharacters > parkedCharacters) {
      this.unpark(this.parked.keys().next().value!)
      this.forgottenParked++
    }
  }

  /** Drops a parked state (given back, replaced or forgotten), if there is one. */
  private unpark(id: string): void {
    const text = this.parked.get(id)
    if (text === undefined) return
    this.parked.delete(id)
    this.parkedCharacters -= text.length
  }

  /**
   * How full the sandbox is: accounts kept, records they hold (the shared seed aside), bytes of run-time state, the
   * characters of their journals, and the states of evicted accounts kept for a state file, each against its limit.
   * What `GET /__sandbox/health` reports.
   *
   * @example
   * core.tenants.usage() // { accounts: { held: 3, limit: 2000 }, records: { held: 4, limit: 60000 }, journals: { … }, … }
   */
  usage(): RegistryUsage {
    const { tenants, records, parkedCharacters, bytes, accountBytes, journals } = this.options.limits
    return {
      accounts: { held: this.tenants.size, limit: tenants },
      records: { held: this.budget.held, limit: records },
      bytes: { held: this.budget.bytes, limit: bytes, accountLimit: accountBytes },
      journals: { held: this.budget.journals, limit: journals },
      parked: {
        accounts: this.parked.size,
        characters: this.parkedCharacters,
        limit: parkedCharacters,
        forgotten: this.forgottenParked,
      },
    }
  }

  /** The state of every account evicted while a state file is kept, as the JSON text it was kept as, by tenant id. */
  parkedTexts(): Array<[string, string]> {
    return [...this.parked]
  }

  /** The state of every account evicted while a state file is kept, for the snapshot a state file saves. */
  parkedSnapshots(): TenantSnapshot[] {
    return [...this.parked.values()].map((text) => JSON.parse(text) as TenantSnapshot)
  }

  /** The tenant of an account and mode, created (seeded) on first use, or given back what it held when it was evicted. */
  get(account: string, mode: Mode): Tenant {
    const id = `${account}:${mode}`
    const tenant = this.tenants.get(id)
    if (tenant) return this.touch(tenant)
    const parked = this.parked.get(id)
    if (parked === undefined) return this.make(account, mode, this.evictions)
    const saved = JSON.parse(parked) as TenantSnapshot
    // Taken out before room is made, so making room never forgets it; kept again if no room can be made.
    this.unpark(id)
    let made: Tenant
    try {
      made = this.make(account, mode, saved.generation)
    } catch (error) {
      this.keepParked(id, parked)
      throw error
    }
    this.options.restoreEvicted!(made, saved)
    return made
  }

  /**
   * The tenant a key names, checked to be of the `required` kind. `source` names
   * where the key came from, for the error message. Throws 401 otherwise.
   */
  authenticate(key: string | undefined, required: KeyKind, source: string): { tenant: Tenant; key: ParsedKey } {
    if (key === undefined || key.length === 0) throw new SandboxError('unauthorized', `${source} is required`)
    const known = this.byKey.get(key)
    const parsed = known?.key ?? parseApiKey(key)
    if (!parsed)
      throw new SandboxError(
        'unauthorized',
        `${source} is not a valid API key: keys look like pk_test_<account> or sk_test_<account>`,
      )
    if (parsed.kind !== required) {
      const hint =
        required === 'publishable'
          ? 'a publishable key (pk_...); never put a secret key in a URL'
          : 'a secret key (sk_...)'
      throw new SandboxError('unauthorized', `${source} must be ${hint}`)
    }
    if (known) {
      this.touch(known.tenant)
      return known
    }
    const found = { tenant: this.get(parsed.account, parsed.mode), key: parsed }
    this.byKey.set(key, found)
    return found
  }

  /** The tenant a well-formed key names, if it was provisioned; never provisions one. */
  byKeyIfProvisioned(key: string): Tenant | undefined {
    const parsed = this.byKey.get(key)?.key ?? parseApiKey(key)
    return parsed ? this.byId(`${parsed.account}:${parsed.mode}`) : undefined
  }

  /** The tenant with this id (`account:mode`), if it was provisioned (and not evicted since, unless its state was kept). */
  byId(id: string): Tenant | undefined {
    const tenant = this.tenants.get(id)
    if (tenant) return this.touch(tenant)
    if (!this.parked.has(id)) return undefined
    // Evicted while a state file is kept: a token of it names it, and it comes back whole.
    const split = id.lastIndexOf(':')
    return this.get(id.slice(0, split), id.slice(split + 1) as Mode)
  }

  /** The tenants kept now, least recently used first. */
  all(): Tenant[] {
    return [...this.tenants.values()]
  }

  /** The process incarnation tokens name (docs/decisions/0046). */
  get bootId(): string {
    return this.options.bootId
  }

  /** Evictions so far, for a state file. */
  get evictionCount(): number {
    return this.evictions
  }

  /**
   * Makes a tenant as a state file had it, of the generation it had, and the eviction count it had; what was
   * provisioned before is replaced. Returns the tenant for the caller to restore its state into.
   */
  provisionRestored(account: string, mode: Mode, generation: number, evictions: number): Tenant {
    this.evictions = Math.max(this.evictions, evictions)
    const previous = this.tenants.get(`${account}:${mode}`)
    if (previous) {
      this.forget(previous)
      previous.release()
    }
    // Restored, not used: a state file's accounts count as active only once a request uses them.
    return this.make(account, mode, generation, false)
  }

  /** The registry is never data: serialised by mistake, it gives how many accounts it holds, never the secret its tenants sign with. */
  toJSON(): { internal: 'tenant registry'; accounts: number } {
    return { internal: 'tenant registry', accounts: this.size }
  }

  /** Number of tenants provisioned so far. */
  get size(): number {
    return this.tenants.size
  }
}

import type { Catalog, CustomerRecord, Mode, StoreSnapshot, TenantSeed } from '#contract/index.ts'
import { ExternalCustomers } from './external-customers.ts'
import type { RecordBytes } from './indexed-collection.ts'
import {
  STORE_COLLECTIONS,
  type CollectionHooks,
  type CollectionName,
  type StoreCollection,
} from './store-collections.ts'
import type { AccountBytes, BytePart } from '../account-bytes.ts'
import { SandboxError } from '../sandbox-error.ts'
import type { RecordBudget } from './record-budget.ts'
import { accountTag, SeedIds, sharedSeedSteps } from '#fixtures/tenant-seed.ts'
import { DEFAULT_TENANT_LIMITS, type TenantLimits } from './tenant-limits.ts'

const RESET = 'POST /__sandbox/reset starts the account afresh'
/** Records a store is filled with between two pauses: about a millisecond's work here. */
const RECORDS_PER_SLICE = 32

/** How a store is made: what it may hold, what it counts against, and how it lets other work run while it fills. */
export interface TenantStoreOptions {
  /** What the store may hold beyond its seed (default {@link DEFAULT_TENANT_LIMITS}). */
  limits?: TenantLimits
  /** The sandbox-wide record budget the store counts against (none: unbounded). */
  budget?: RecordBudget
  /** The account's bytes (decision 0084): records made or changed count as their JSON text; deliveries on their own. */
  bytes?: AccountBytes
  /** Who owns the store (its tenant): never evicted to make room for its own writes. */
  owner?: unknown
  /**
   * Awaited after every few records while a returning account's store fills, so taking a state back never holds the
   * event loop for long (the node adapter's yields to it; none: the store fills in one go).
   */
  pause?: () => Promise<void>
  /**
   * The seed every account on the seed and mode shares, and this account's ids (decision 0103): what a restored
   * store reads its unchanged seeded records from (none: a restored store holds every record itself).
   */
  seed?: StoreSeed
}

/** The shared seed of a seed and mode (frozen, its ids with the template tag) and one account's ids on it. */
export interface StoreSeed {
  shared: TenantSeed
  ids: SeedIds
}

/** The collections the shared seed has records of. */
type SeededName = 'customers' | 'cards' | 'transactions'
const isSeeded = (name: CollectionName): name is SeededName =>
  name === 'customers' || name === 'cards' || name === 'transactions'

/** Emails and phone numbers of a shared seed's customers, to their template ids: built once per shared seed. */
const contactsOfSeed = new WeakMap<TenantSeed, { byEmail: Map<string, string>; byPhone: Map<string, string> }>()

function seedContacts(shared: TenantSeed): { byEmail: Map<string, string>; byPhone: Map<string, string> } {
  let contacts = contactsOfSeed.get(shared)
  if (!contacts) {
    contacts = { byEmail: new Map(), byPhone: new Map() }
    for (const customer of shared.customers) {
      if (customer.email) contacts.byEmail.set(customer.email.toLowerCase(), customer.id)
      if (customer.phoneNumber) contacts.byPhone.set(customer.phoneNumber, customer.id)
    }
    contactsOfSeed.set(shared, contacts)
  }
  return contacts
}

/** Wraps each record's write: awaits it, and then `pause` once every {@link RECORDS_PER_SLICE} writes. */
function pacer(pause: (() => Promise<void>) | undefined): (write: Promise<unknown>) => Promise<void> {
  let count = 0
  return async (write) => {
    await write
    if (pause && ++count % RECORDS_PER_SLICE === 0) await pause()
  }
}

/**
 * A tenant's mutable data: customers, sessions, cards and transactions, each an
 * @msw/data collection with its zod record schema, an id index and the secondary
 * indexes its routes look up by (no request scans a collection). Customers are
 * also indexed by email and phone (connection lookups). What clients add is
 * capped by {@link TenantLimits} (docs/decisions/0044).
 *
 * @example
 * const store = await TenantStore.seeded(buildTenantSeed(1, 'sandbox', 'test', catalog))
 * store.customerByEmail('active.us-ny@sandbox.test')
 */
export class TenantStore {
  /** The collections made so far, by name: each is made on its first use ({@link collection}). */
  private readonly made = new Map<CollectionName, { cap(runTime: number, seeded: number): void }>()
  /** Whether the caps apply yet: not while a returning account's state fills the store. */
  private capped = false
  /** What every collection counts its records against. */
  private readonly hooks: CollectionHooks = {
    counted: (delta, force) => this.count(delta, force),
    bytes: (part) => this.partBytes(part),
  }

  /**
   * The collection of that name, made on its first use (decision 0103): reading the shared seed, capped at what the
   * limits allow beyond the seed.
   */
  private collection<Name extends CollectionName>(name: Name): StoreCollection<Name> {
    let collection = this.made.get(name) as StoreCollection<Name> | undefined
    if (collection) return collection
    collection = STORE_COLLECTIONS[name](this.hooks) as StoreCollection<Name>
    this.made.set(name, collection)
    if (this.seed && isSeeded(name)) {
      const seedable = collection as unknown as { seed(records: readonly unknown[], ids: SeedIds): void }
      seedable.seed(this.seed.shared[name], this.seed.ids)
    }
    if (this.capped) this.cap(name)
    return collection
  }

  /** Every record of a collection that holds no seeded ones, without making it when it was never used. */
  private recordsOf<Name extends Exclude<CollectionName, SeededName>>(
    name: Name,
  ): ReturnType<StoreCollection<Name>['all']> {
    const collection = this.made.get(name) as StoreCollection<Name> | undefined
    return (collection?.all() ?? []) as ReturnType<StoreCollection<Name>['all']>
  }

  /** Caps a collection at its seeded records plus what the limits allow at run time. */
  private cap(name: CollectionName): void {
    this.made.get(name)?.cap(this.limits[name], isSeeded(name) ? this.seeded[name] : 0)
  }

  get customers(): StoreCollection<'customers'> {
    return this.collection('customers')
  }
  get sessions(): StoreCollection<'sessions'> {
    return this.collection('sessions')
  }
  get cards(): StoreCollection<'cards'> {
    return this.collection('cards')
  }
  get transactions(): StoreCollection<'transactions'> {
    return this.collection('transactions')
  }
  get sellTransactions(): StoreCollection<'sellTransactions'> {
    return this.collection('sellTransactions')
  }
  get uploads(): StoreCollection<'uploads'> {
    return this.collection('uploads')
  }
  get challenges(): StoreCollection<'challenges'> {
    return this.collection('challenges')
  }
  get webhookEndpoints(): StoreCollection<'webhookEndpoints'> {
    return this.collection('webhookEndpoints')
  }
  get webhookDeliveries(): StoreCollection<'webhookDeliveries'> {
    return this.collection('webhookDeliveries')
  }
  get swaps(): StoreCollection<'swaps'> {
    return this.collection('swaps')
  }
  /** Export consents already used, each with its token's expiry: each consent exports once, and is forgotten once its token has expired. */
  readonly usedConsents = new Map<string, number>()
  /** The external customer id each customer was last connected under (outlives the sessions; decision 0066). */
  readonly externalCustomers = new ExternalCustomers()
  readonly limits: TenantLimits
  /** How many records the seed brought: they never count against the caps. */
  private seeded = { customers: 0, cards: 0, transactions: 0 }
  private readonly counters = new Map<string, number>()
  private readonly byEmail = new Map<string, string>()
  private readonly byPhone = new Map<string, string>()
  /** The shared seed the store reads its seeded records from, if any, and the account's ids on it. */
  private seed: (StoreSeed & { contacts: ReturnType<typeof seedContacts> }) | undefined
  /** Records held, counted against the sandbox-wide budget until the store is released. */
  private held = 0
  /** Whether a returning account's state is being taken back (its records are never refused), until it is ready. */
  private restoring = false
  private released = false

  private readonly budget: RecordBudget | undefined
  private readonly owner: unknown
  private accountBytes: AccountBytes | undefined
  /** Bytes this store counted in the account's budget, by part: given back when it is released. */
  private readonly counted = new Map<BytePart, number>()

  constructor(options: TenantStoreOptions = {}) {
    this.limits = options.limits ?? DEFAULT_TENANT_LIMITS
    this.budget = options.budget
    this.owner = options.owner
    this.accountBytes = options.bytes
  }

  /**
   * How a collection counts its records' bytes in the account's budget, as `part`: always for a returning account's
   * state (it is what the account held: never refused), refusably for run-time writes. The shared seed's records cost
   * the account nothing: they are not the store's (decision 0103).
   */
  private partBytes(part: BytePart): RecordBytes {
    return {
      counting: () => this.accountBytes !== undefined && !this.released,
      take: (bytes, force = false) => {
        this.accountBytes!.take(part, bytes, force || this.restoring)
        this.counted.set(part, (this.counted.get(part) ?? 0) + bytes)
      },
      give: (bytes) => {
        this.accountBytes?.give(part, bytes)
        this.counted.set(part, (this.counted.get(part) ?? 0) - bytes)
      },
    }
  }

  /** Bytes the store's records count for in the account's budget, by part (decision 0084). */
  countedBytes(part: BytePart): number {
    return this.counted.get(part) ?? 0
  }

  /**
   * Counts a record the store holds in or out (the shared seed's are not the store's: decision 0103). Past the
   * sandbox-wide budget, room is made (idle accounts evicted); when none can be made, a write is refused with a 429.
   * A returning account's state (`restored`) and a seeded record's copy (`force`: made to change it) are never
   * refused: they are what the account held.
   */
  private count(delta: 1 | -1, force = false): void {
    if (this.released) return
    if (delta === 1 && this.budget && !this.budget.makeRoom(this.owner) && !this.restoring && !force) {
      throw new SandboxError(
        'rate_limited',
        `the sandbox holds ${this.budget.held} records across its accounts, its cap, and no idle account is left to evict (docs/decisions/0044, 0049): ${RESET}, or restart the sandbox`,
      )
    }
    this.held += delta
    if (this.budget) this.budget.held += delta
  }

  /** Whether the store was dropped (its tenant reset, restored or evicted): work it queued belongs to no one now. */
  get dropped(): boolean {
    return this.released
  }

  /** Stops counting against the budget: the store was dropped (its tenant reset or evicted). */
  release(): void {
    if (this.released) return
    this.released = true
    if (this.budget) this.budget.held -= this.held
    for (const [part, bytes] of this.counted) this.accountBytes?.give(part, bytes)
    this.counted.clear()
  }

  /**
   * The seed every account on `(seed, mode)` shares (drawn in slices by the first account to ask, then shared) and
   * `account`'s ids on it (decision 0103), a step at a time.
   *
   * @example
   * const seed = await finishSteps(TenantStore.seedSteps(1, 'shop', 'test', catalog), pause)
   */
  static *seedSteps(seed: number, account: string, mode: Mode, catalog: Catalog): Generator<void, StoreSeed, void> {
    const shared = yield* sharedSeedSteps(seed, mode, catalog)
    return { shared, ids: new SeedIds(accountTag(seed, account, mode)) }
  }

  /**
   * A new account's store: it reads the seed every account on the seed and mode shares (`shared`, frozen) with its
   * own ids (`ids`), and holds nothing of its own until it writes (decision 0103); capped by `options.limits` beyond
   * the seed, counted against `options.budget` for what it holds.
   *
   * @example
   * const store = TenantStore.seeded(sharedTenantSeed(1, 'test', catalog), new SeedIds(accountTag(1, 'shop', 'test')))
   */
  static seeded(shared: TenantSeed, ids: SeedIds, options: TenantStoreOptions = {}): TenantStore {
    const store = new TenantStore(options)
    store.readSeed({ shared, ids })
    store.seeded = {
      customers: shared.customers.length,
      cards: shared.cards.length,
      transactions: shared.transactions.length,
    }
    store.applyCaps()
    return store
  }

  /** Reads the seeded customers, cards and transactions from the shared seed, with the account's ids. */
  private readSeed(seed: StoreSeed): void {
    this.seed = { ...seed, contacts: seedContacts(seed.shared) }
  }

  /**
   * A store holding what a snapshot held (a state file's, already parsed): records, sequences and used consents.
   *
   * @example
   * const copy = await TenantStore.restored(store.snapshot(), { limits: store.limits })
   */
  static async restored(snapshot: StoreSnapshot, options: TenantStoreOptions = {}): Promise<TenantStore> {
    return TenantStore.filled(snapshot, options)
  }

  /** A store filled with every record of `content`, pausing as `options.pause` says, then capped. */
  private static async filled(content: StoreSnapshot, options: TenantStoreOptions): Promise<TenantStore> {
    const store = new TenantStore(options)
    store.restoring = true
    const paced = pacer(options.pause)
    // With the shared seed, the seeded records the account did not change are read from it (decision 0103): a state
    // saved since holds only the account's own (`seedDeleted` present); an older one holds every record, and those
    // equal to the seed's are read from it again (`kept`).
    if (options.seed) store.readSeed(options.seed)
    const compact = content.seedDeleted !== undefined
    if (compact && !options.seed)
      throw new Error('TenantStore.restored: this state reads the shared seed: give options.seed')
    const kept = compact ? undefined : new Set<string>()
    const take = <Record>(
      collection: {
        restoreOwn(record: Record): Promise<void>
        restore(record: Record, kept: Set<string>): Promise<void>
      },
      record: Record,
    ) => (kept ? collection.restore(record, kept) : collection.restoreOwn(record))
    try {
      for (const customer of content.customers) await paced(store.restoreCustomer(customer, kept))
      for (const session of content.sessions) await paced(store.sessions.create(session))
      for (const card of content.cards) await paced(take(store.cards, card))
      for (const transaction of content.transactions) await paced(take(store.transactions, transaction))
      for (const upload of content.uploads) await paced(store.uploads.create(upload))
      for (const challenge of content.challenges) await paced(store.challenges.create(challenge))
      for (const endpoint of content.webhookEndpoints) await paced(store.webhookEndpoints.create(endpoint))
      for (const delivery of content.webhookDeliveries) await paced(store.webhookDeliveries.create(delivery))
      for (const sell of content.sellTransactions) await paced(store.sellTransactions.create(sell))
      for (const swap of content.swaps) await paced(store.swaps.create(swap))
    } catch (error) {
      store.release()
      throw error
    }
    for (const collection of [store.customers, store.cards, store.transactions]) {
      if (kept) collection.keepOnly(kept)
      else collection.restoreDeleted(content.seedDeleted!)
    }
    for (const [id, exp] of content.usedConsents) store.usedConsents.set(id, exp)
    for (const [customerId, external] of content.externalCustomers) store.externalCustomers.link(customerId, external)
    for (const [sequence, value] of content.counters) store.counters.set(sequence, value)
    store.seeded = { ...content.seeded }
    store.applyCaps()
    store.restoring = false
    return store
  }

  /**
   * Everything the store holds, as data a state file keeps: with the shared seed, only what the account made or
   * changed and the seeded ids it deleted (decision 0103: an account that never wrote keeps a few hundred characters,
   * not the seed's 150 000).
   */
  snapshot(): StoreSnapshot {
    const shared = this.seed !== undefined
    const { customers, cards, transactions } = this
    return {
      customers: shared ? customers.own() : customers.all(),
      sessions: this.recordsOf('sessions'),
      cards: shared ? cards.own() : cards.all(),
      transactions: shared ? transactions.own() : transactions.all(),
      uploads: this.recordsOf('uploads'),
      challenges: this.recordsOf('challenges'),
      webhookEndpoints: this.recordsOf('webhookEndpoints'),
      webhookDeliveries: this.recordsOf('webhookDeliveries'),
      sellTransactions: this.recordsOf('sellTransactions'),
      swaps: this.recordsOf('swaps'),
      usedConsents: [...this.usedConsents],
      externalCustomers: this.externalCustomers.entries(),
      counters: [...this.counters],
      ...(shared
        ? { seedDeleted: [...customers.seedDeleted(), ...cards.seedDeleted(), ...transactions.seedDeleted()] }
        : {}),
      seeded: { ...this.seeded },
    }
  }

  /** Caps every collection made so far, and every one made later, at its seeded records plus what `limits` allow. */
  private applyCaps(): void {
    this.capped = true
    for (const name of this.made.keys()) this.cap(name)
  }

  /** Stores a customer and indexes its email and phone. */
  async addCustomer(customer: CustomerRecord): Promise<CustomerRecord> {
    const record = await this.customers.create(customer)
    this.fileContacts(record)
    return record
  }

  /** Takes a customer a state file kept back: a seeded one stays read from the shared seed unless it had changed. */
  private async restoreCustomer(customer: CustomerRecord, kept: Set<string> | undefined): Promise<void> {
    await (kept ? this.customers.restore(customer, kept) : this.customers.restoreOwn(customer))
    this.fileContacts(customer)
  }

  private fileContacts(customer: CustomerRecord): void {
    if (customer.email) this.byEmail.set(customer.email.toLowerCase(), customer.id)
    if (customer.phoneNumber) this.byPhone.set(customer.phoneNumber, customer.id)
  }

  /** The next number in a sequence (`ses`, `txn` …): ids derive from it, so runs repeat. */
  next(sequence: string): number {
    const value = (this.counters.get(sequence) ?? 0) + 1
    this.counters.set(sequence, value)
    return value
  }

  customerByEmail(email: string): CustomerRecord | undefined {
    return this.customerByContact(this.byEmail, email.toLowerCase(), 'byEmail')
  }

  customerByPhone(phoneNumber: string): CustomerRecord | undefined {
    return this.customerByContact(this.byPhone, phoneNumber, 'byPhone')
  }

  /** The customer filed under a contact: the account's own first, then the shared seed's (as the account reads it). */
  private customerByContact(
    own: Map<string, string>,
    contact: string,
    seeded: 'byEmail' | 'byPhone',
  ): CustomerRecord | undefined {
    const id = own.get(contact)
    if (id !== undefined) return this.customers.get(id)
    const templateId = this.seed?.contacts[seeded].get(contact)
    return templateId === undefined ? undefined : this.customers.get(this.seed!.ids.toAccount(templateId))
  }
}

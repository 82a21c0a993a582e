import { CardRecord, ChallengeRecord, CustomerRecord, SessionRecord, TransactionRecord, UploadRecord, type TenantSeed } from '../contract/index.ts'
import { IndexedCollection } from './indexed-collection.ts'

/**
 * A tenant's mutable data: customers, sessions, cards and transactions, each an
 * @msw/data collection with its zod record schema and an id index. Customers
 * are also indexed by email and phone (connection lookups).
 *
 * @example
 * const store = await TenantStore.seeded(buildTenantSeed(1, 'sandbox', 'test', catalog))
 * store.customerByEmail('active.us-ny@sandbox.test')
 */
export class TenantStore {
  readonly customers = new IndexedCollection(CustomerRecord)
  readonly sessions = new IndexedCollection(SessionRecord)
  readonly cards = new IndexedCollection(CardRecord)
  readonly transactions = new IndexedCollection(TransactionRecord)
  /** Customer API files (metadata only). */
  readonly uploads = new IndexedCollection(UploadRecord)
  /** Verification challenges of the buy frames (test-mode triggers). */
  readonly challenges = new IndexedCollection(ChallengeRecord)
  /** Ids of export consent tokens already used: each token exports once. */
  readonly usedConsents = new Set<string>()
  private readonly counters = new Map<string, number>()
  private readonly byEmail = new Map<string, string>()
  private readonly byPhone = new Map<string, string>()

  /** A store holding `seed`. */
  static async seeded(seed: TenantSeed): Promise<TenantStore> {
    const store = new TenantStore()
    for (const customer of seed.customers) await store.addCustomer(customer)
    for (const card of seed.cards) await store.cards.create(card)
    for (const transaction of seed.transactions) await store.transactions.create(transaction)
    return store
  }

  /** Stores a customer and indexes its email and phone. */
  async addCustomer(customer: CustomerRecord): Promise<CustomerRecord> {
    const record = await this.customers.create(customer)
    if (record.email) this.byEmail.set(record.email.toLowerCase(), record.id)
    if (record.phoneNumber) this.byPhone.set(record.phoneNumber, record.id)
    return record
  }

  /** The next number in a sequence (`ses`, `txn` …): ids derive from it, so runs repeat. */
  next(sequence: string): number {
    const value = (this.counters.get(sequence) ?? 0) + 1
    this.counters.set(sequence, value)
    return value
  }

  customerByEmail(email: string): CustomerRecord | undefined {
    const id = this.byEmail.get(email.toLowerCase())
    return id === undefined ? undefined : this.customers.get(id)
  }

  customerByPhone(phoneNumber: string): CustomerRecord | undefined {
    const id = this.byPhone.get(phoneNumber)
    return id === undefined ? undefined : this.customers.get(id)
  }
}

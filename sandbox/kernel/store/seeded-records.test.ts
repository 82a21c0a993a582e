import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { StoreSnapshot, TenantSeed } from '#contract/index.ts'
import { buildCatalog } from '#fixtures/index.ts'
import { accountTag, buildTenantSeed, SeedIds, sharedTenantSeed } from '#fixtures/tenant-seed.ts'
import { AccountBytes } from '../account-bytes.ts'
import { newestOrder } from './newest-order.ts'
import { RecordBudget } from './record-budget.ts'
import { TenantStore } from './tenant-store.ts'

const catalog = buildCatalog(1)
const shared = sharedTenantSeed(1, 'test', catalog)
const idsOf = (account: string) => new SeedIds(accountTag(1, account, 'test'))

/** A store holding every record of `seed` itself: what the merged view must read as. */
function holdingEverything(seed: TenantSeed): Promise<TenantStore> {
  const snapshot: StoreSnapshot = {
    ...seed,
    sessions: [],
    uploads: [],
    challenges: [],
    webhookEndpoints: [],
    webhookDeliveries: [],
    sellTransactions: [],
    swaps: [],
    usedConsents: [],
    externalCustomers: [],
    counters: [],
    seeded: { customers: seed.customers.length, cards: seed.cards.length, transactions: seed.transactions.length },
  }
  return TenantStore.restored(structuredClone(snapshot))
}

/** Everything a request can read of a store's seeded collections, in the order it reads it. */
function readings(store: TenantStore) {
  const customers = store.customers.all().map((customer) => customer.id)
  return {
    sizes: [store.customers.size, store.cards.size, store.transactions.size],
    all: JSON.stringify([store.customers.all(), store.cards.all(), store.transactions.all()]),
    json: store.transactions.all().map((transaction) => store.transactions.json(transaction)),
    byId: store.transactions.all().map((transaction) => store.transactions.get(transaction.id)?.status),
    cards: customers.map((id) => store.cards.where('byCustomer', id).map((card) => card.id)),
    history: customers.map((id) => store.transactions.where('byCustomer', id).map((transaction) => transaction.id)),
    newest: customers.map((id) => [...store.transactions.newestWhere('newestByCustomer', id)].map((t) => t.id)),
    // The second page of 20, as `GET /platform/v1/transactions` reads it: below the 20th's order.
    page: customers.map((id) => {
      const first = [...store.transactions.newestWhere('newestByCustomer', id)].slice(0, 20)
      const below = first.length === 20 ? newestOrder(first[19]!) : undefined
      return below === undefined
        ? []
        : [...store.transactions.newestWhere('newestByCustomer', id, below)].slice(0, 20).map((t) => t.id)
    }),
    external: store.transactions
      .all()
      .filter((transaction) => transaction.externalTransactionId !== null)
      .map((t) =>
        store.transactions.where('byExternalTransactionId', t.externalTransactionId!).map((found) => found.id),
      ),
    contacts: store.customers.all().map((customer) => customer.email && store.customerByEmail(customer.email)?.id),
  }
}

/** A change an account makes to its seeded data, by position among what it holds at the time. */
const Change = fc.oneof(
  fc.record({ kind: fc.constant('fail' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('deleteCard' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('deleteTransaction' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('create' as const),
    customer: fc.nat(),
    // Inside the seeded history's half year, so the account's own interleave with the seed's in newest order.
    createdAt: fc.integer({ min: Date.parse('2025-07-01T00:00:00.000Z'), max: Date.parse('2025-12-31T00:00:00.000Z') }),
  }),
)

async function apply(store: TenantStore, change: typeof Change extends fc.Arbitrary<infer T> ? T : never, n: number) {
  const transactions = store.transactions.all()
  switch (change.kind) {
    case 'fail': {
      const transaction = transactions[change.at % transactions.length]!
      await store.transactions.update(transaction.id, (draft) => {
        draft.status = 'failed'
        draft.failureCode = 'authorizationDeclined'
      })
      return
    }
    case 'deleteCard': {
      const cards = store.cards.all()
      if (cards.length > 0) store.cards.delete(cards[change.at % cards.length]!.id)
      return
    }
    case 'deleteTransaction':
      store.transactions.delete(transactions[change.at % transactions.length]!.id)
      return
    case 'create': {
      const customers = store.customers.all()
      const template = transactions[0]!
      await store.transactions.create({
        ...structuredClone(template),
        id: `txn_own${String(n).padStart(12, '0')}`,
        externalTransactionId: `ext_own${n}`,
        customerId: customers[change.customer % customers.length]!.id,
        // Odd milliseconds: the seed's dates are whole, so no two orders tie.
        createdAt: new Date(change.createdAt - (change.createdAt % 2) + 1).toISOString(),
      })
      return
    }
  }
}

describe('an account reading the shared seed (decision 0103)', () => {
  it('reads as a store holding every record itself, through any changes, creates and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(Change, { maxLength: 12 }), async (changes) => {
        const merged = TenantStore.seeded(shared, idsOf('merged'))
        const plain = await holdingEverything(buildTenantSeed(1, 'merged', 'test', catalog))
        for (const [n, change] of changes.entries()) {
          await apply(merged, change, n)
          await apply(plain, change, n)
        }
        expect(readings(merged)).toEqual(readings(plain))
      }),
      { numRuns: 40 },
    )
  })

  it('gives each account its own ids, derived from seed, mode and account alone, and the same data', async () => {
    const first = TenantStore.seeded(shared, idsOf('first'))
    const again = TenantStore.seeded(sharedTenantSeed(1, 'test', buildCatalog(1)), idsOf('first'))
    const second = TenantStore.seeded(shared, idsOf('second'))
    const ids = (store: TenantStore) => store.transactions.all().map((transaction) => transaction.id)
    expect(ids(again)).toEqual(ids(first))
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false)
    const withoutIds = (store: TenantStore) =>
      store.transactions.all().map(({ id: _, customerId: __, paymentMethod: ___, externalTransactionId, ...rest }) => ({
        ...rest,
        external: externalTransactionId !== null,
      }))
    expect(withoutIds(second)).toEqual(withoutIds(first))
    expect(first.transactions.get(ids(second)[0]!)).toBeUndefined()
  })

  it("changes one account's copy only: another account, and the shared seed, read as before", async () => {
    const changer = TenantStore.seeded(shared, idsOf('changer'))
    const reader = TenantStore.seeded(shared, idsOf('reader'))
    const before = JSON.stringify(reader.transactions.all())
    const sharedBefore = JSON.stringify(shared)
    const target = changer.transactions.all()[3]!
    await changer.transactions.update(target.id, (draft) => {
      draft.source.amount = 1
    })
    changer.cards.delete(changer.cards.all()[0]!.id)
    expect(changer.transactions.get(target.id)?.source.amount).toBe(1)
    expect(changer.transactions.all()[3]!.id).toBe(target.id)
    expect(JSON.stringify(reader.transactions.all())).toBe(before)
    expect(reader.cards.size).toBe(shared.cards.length)
    expect(JSON.stringify(shared)).toBe(sharedBefore)
    // What a reader gets back cannot reach into the shared seed.
    const read = reader.transactions.all()[3]!
    expect(() => {
      read.source.amount = 2
    }).toThrow(TypeError)
  })

  it('copies a seeded record once for changes made at the same time, and keeps them all', async () => {
    const store = TenantStore.seeded(shared, idsOf('concurrent'))
    const target = store.customers.all()[0]!
    await Promise.all([
      store.customers.update(target.id, (draft) => {
        draft.firstName = 'Ada'
      }),
      store.customers.update(target.id, (draft) => {
        draft.lastName = 'Lovelace'
      }),
    ])
    expect(store.customers.get(target.id)).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' })
    expect(store.customers.size).toBe(shared.customers.length)
    expect(store.customers.all().filter((customer) => customer.id === target.id)).toHaveLength(1)
  })

  it('counts in the record budget and the account bytes only what the account holds: a copy, not the seed', async () => {
    const budget = new RecordBudget(1_000, () => undefined)
    const bytes = new AccountBytes(1024 * 1024, { held: () => 0, most: 0 }, budget)
    const store = TenantStore.seeded(shared, idsOf('budget'), { budget, bytes })
    expect(budget.held).toBe(0)
    expect(bytes.report().records).toBe(0)
    const target = store.transactions.all()[0]!
    await store.transactions.update(target.id, (draft) => {
      draft.status = 'failed'
    })
    expect(budget.held).toBe(1)
    expect(bytes.report().records).toBe(JSON.stringify(store.transactions.get(target.id)).length)
    store.release()
    expect(budget.held).toBe(0)
  })

  it('never reaches a shared record through a key holding the template tag itself', () => {
    const store = TenantStore.seeded(shared, idsOf('hostile'))
    const templateId = shared.transactions[0]!.id
    expect(store.transactions.get(templateId)).toBeUndefined()
    expect(store.transactions.where('byCustomer', shared.transactions[0]!.customerId)).toEqual([])
    expect([...store.transactions.newestWhere('newestByCustomer', shared.transactions[0]!.customerId)]).toEqual([])
  })

  it('saves only what an account holds: a few hundred characters for one that never wrote', () => {
    const store = TenantStore.seeded(shared, idsOf('reads_only'))
    expect(store.transactions.size).toBeGreaterThan(100)
    expect(JSON.stringify(store.snapshot()).length).toBeLessThan(600)
  })

  it('takes back a state saved before the seed was shared (every record in it): unchanged seeded records are read from the shared seed', async () => {
    const budget = new RecordBudget(1_000, () => undefined)
    const full = buildTenantSeed(1, 'legacy', 'test', catalog)
    full.transactions[2]!.status = 'failed'
    full.cards.splice(1, 1)
    const legacy = (await holdingEverything(full)).snapshot()
    expect(legacy.seedDeleted).toBeUndefined()
    const restored = await TenantStore.restored(structuredClone(legacy), {
      budget,
      seed: { shared, ids: idsOf('legacy') },
    })
    expect(budget.held).toBe(1)
    expect(readings(restored)).toEqual(readings(await holdingEverything(full)))
  })

  it('takes a saved state back reading its unchanged seeded records from the shared seed', async () => {
    const budget = new RecordBudget(1_000, () => undefined)
    const store = TenantStore.seeded(shared, idsOf('saved'))
    const changed = store.transactions.all()[5]!
    await store.transactions.update(changed.id, (draft) => {
      draft.status = 'failed'
    })
    store.cards.delete(store.cards.all()[1]!.id)
    await store.transactions.create({ ...structuredClone(changed), id: 'txn_ownrecord000001' })
    const saved = JSON.parse(JSON.stringify(store.snapshot())) as StoreSnapshot
    const restored = await TenantStore.restored(saved, { budget, seed: { shared, ids: idsOf('saved') } })
    expect(JSON.stringify(restored.snapshot())).toBe(JSON.stringify(saved))
    // The changed transaction and the one created: the rest is read from the shared seed.
    expect(budget.held).toBe(2)
    expect(readings(restored)).toEqual(readings(store))
  })
})

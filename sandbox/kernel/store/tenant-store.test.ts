import { describe, expect, it } from 'vitest'
import { buildCatalog } from '#fixtures/index.ts'
import { accountTag, SeedIds, sharedTenantSeed } from '#fixtures/tenant-seed.ts'
import { StoreSnapshot } from '#contract/index.ts'
import { DEFAULT_TENANT_LIMITS } from './tenant-limits.ts'
import { TenantStore } from './tenant-store.ts'

const shared = sharedTenantSeed(1, 'test', buildCatalog(1))
const ids = new SeedIds(accountTag(1, 'store', 'test'))

describe('TenantStore', () => {
  it('finds seeded customers by id, email and phone', async () => {
    const store = await TenantStore.seeded(shared, ids)
    const customer = store.customerByEmail('ACTIVE.US-NY@sandbox.test')!
    expect(customer.magic).toBe('active.us-ny')
    expect(store.customerByPhone('+12125550101')).toEqual(customer)
    expect(store.customers.get(customer.id)).toEqual(customer)
  })

  it('keeps the index in step with updates', async () => {
    const store = await TenantStore.seeded(shared, ids)
    const card = store.cards.all()[0]!
    const updated = await store.cards.update(card.id, (draft) => {
      draft.last4 = '0000'
    })
    expect(updated?.last4).toBe('0000')
    expect(store.cards.get(card.id)?.last4).toBe('0000')
    expect(store.cards.filter((c) => c.id === card.id)[0]?.last4).toBe('0000')
  })

  it('forgets deleted records in the index and the collection', async () => {
    const store = await TenantStore.seeded(shared, ids)
    const card = store.cards.all()[0]!
    expect(store.cards.delete(card.id)).toBe(true)
    expect(store.cards.get(card.id)).toBeUndefined()
    expect(store.cards.all().some((c) => c.id === card.id)).toBe(false)
    expect(store.cards.delete(card.id)).toBe(false)
  })

  it('refuses a record that breaks its schema', async () => {
    const store = await TenantStore.seeded(shared, ids)
    await expect(store.cards.create({ ...store.cards.all()[0]!, last4: 'abcd' })).rejects.toThrow()
  })

  it('caps what is added at run time, not the seed: past the cap a create is 429 rate_limited', async () => {
    const store = await TenantStore.seeded(shared, ids, {
      limits: { ...DEFAULT_TENANT_LIMITS, transactions: 1, customers: 0 },
    })
    const seeded = store.transactions.all()[0]!
    expect(store.transactions.size).toBeGreaterThan(1)
    await store.transactions.create({ ...seeded, id: 'txn_runtime1' })
    await expect(store.transactions.create({ ...seeded, id: 'txn_runtime2' })).rejects.toMatchObject({
      code: 'rate_limited',
    })
    await expect(
      store.addCustomer({ ...store.customers.all()[0]!, id: 'cus_runtime1', email: null, phoneNumber: null }),
    ).rejects.toMatchObject({ code: 'rate_limited' })
  })

  it('keeps the external customer links through a snapshot, and a snapshot without them loads with none', async () => {
    const store = await TenantStore.seeded(shared, ids)
    const customer = store.customers.all()[0]!
    store.externalCustomers.link(customer.id, 'partner-user-1')
    const seed = { shared, ids }
    const copy = await TenantStore.restored(StoreSnapshot.parse(JSON.parse(JSON.stringify(store.snapshot()))), { seed })
    expect(copy.externalCustomers.of(customer.id)).toBe('partner-user-1')
    const { externalCustomers: _, ...older } = store.snapshot()
    expect((await TenantStore.restored(StoreSnapshot.parse(older), { seed })).externalCustomers.entries()).toEqual([])
  })
})

import type { FixtureCustomer } from '#contract/index.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { magicCustomers } from '#fixtures/magic-customers.ts'

/**
 * The tenant's customers as `GET /__sandbox/fixtures` lists them: ids (which
 * differ per tenant), the magic emails and phones, outcomes, cards and how many
 * transactions each has.
 */
export function fixtureCustomers(store: TenantStore): FixtureCustomer[] {
  const outcomes = new Map(magicCustomers.map((m) => [m.magic, m.outcome]))
  return store.customers.all().map((c) => ({
    id: c.id,
    email: c.email,
    phoneNumber: c.phoneNumber,
    magic: c.magic,
    outcome: c.magic === null ? null : (outcomes.get(c.magic) ?? null),
    country: c.country,
    administrativeArea: c.administrativeArea,
    area: c.area,
    kycStatus: c.kycStatus,
    cards: store.cards.where('byCustomer', c.id).map((card) => ({
      id: card.id,
      brand: card.brand,
      last4: card.last4,
      available: card.availability.available,
      ...(card.availability.reason ? { reason: card.availability.reason } : {}),
    })),
    transactions: store.transactions.where('byCustomer', c.id).length,
  }))
}

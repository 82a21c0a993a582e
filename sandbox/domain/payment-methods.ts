import type { Availability, CardRecord, PaymentMethodList, StoredCard } from '../contract/index.ts'
import { SandboxError } from '../core/sandbox-error.ts'
import type { Tenant } from '../core/tenant.ts'
import type { TenantStore } from '../store/tenant-store.ts'

/** Whether a card can be used at a sandbox instant: expired after the last day of its expiry month. */
export function cardAvailability(card: Pick<CardRecord, 'expiryMonth' | 'expiryYear'>, now: number): Availability {
  const firstDayAfterExpiry = Date.UTC(card.expiryYear, card.expiryMonth, 1)
  return now < firstDayAfterExpiry ? { available: true } : { available: false, reason: 'card_expired' }
}

function toStoredCard({ customerId: _owner, ...card }: CardRecord, now: number): StoredCard {
  return { ...card, availability: cardAvailability(card, now) }
}

/**
 * A customer's payment methods: the configurable types with their availability,
 * and the stored cards (an expired one says `card_expired`).
 *
 * @example
 * listPaymentMethods(tenant, store, 'cus_…').paymentMethods[1].availability // { available: false, reason: 'card_expired' }
 */
export function listPaymentMethods(tenant: Tenant, store: TenantStore, customerId: string): PaymentMethodList {
  const now = tenant.clock.now()
  return {
    paymentMethodConfigs: [
      { type: 'card', availability: { available: true } },
      { type: 'apple_pay', availability: { available: true } },
      { type: 'google_pay', availability: { available: true } },
    ],
    paymentMethods: store.cards.filter((card) => card.customerId === customerId).map((card) => toStoredCard(card, now)),
  }
}

/** Deletes one of the customer's stored cards; another customer's (or an unknown) card is 404. */
export function deletePaymentMethod(tenant: Tenant, store: TenantStore, customerId: string, id: string): void {
  const card = store.cards.get(id)
  if (!card || card.customerId !== customerId) throw new SandboxError('not_found', `payment method ${id} is not a stored card of this customer`)
  store.cards.delete(id)
  tenant.record('card:deleted', { customerId, cardId: id })
}

import type {
  Availability,
  CardRecord,
  PaymentMethodConfig,
  PaymentMethodList,
  PaymentMethodType,
  StoredCard,
} from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'

/** Whether a card can be used at a sandbox instant: expired after the last day of its expiry month. */
export function cardAvailability(card: Pick<CardRecord, 'expiryMonth' | 'expiryYear'>, now: number): Availability {
  const firstDayAfterExpiry = Date.UTC(card.expiryYear, card.expiryMonth, 1)
  return now < firstDayAfterExpiry ? { available: true } : { available: false, reason: 'card_expired' }
}

function toStoredCard({ customerId: _owner, ...card }: CardRecord, now: number): StoredCard {
  return { ...card, availability: cardAvailability(card, now) }
}

/**
 * The payment-method types a tenant's customers can use, with their availability:
 * card and apple_pay always; google_pay unless the tenant's `googlePayAvailable`
 * setting is off (`wallet_unavailable`). The google-pay frame reads the same configs.
 *
 * @example
 * paymentMethodConfigs(tenant).find((c) => c.type === 'google_pay')!.availability // { available: true }
 */
export function paymentMethodConfigs(tenant: Tenant): PaymentMethodConfig[] {
  const wallet = (available: boolean): Availability =>
    available ? { available: true } : { available: false, reason: 'wallet_unavailable' }
  return [
    { type: 'card', availability: { available: true } },
    { type: 'apple_pay', availability: { available: true } },
    { type: 'google_pay', availability: wallet(tenant.settings.googlePayAvailable) },
  ]
}

/**
 * Whether a payment-method type is available, as the configs of {@link listPaymentMethods} say.
 *
 * @example
 * paymentMethodAvailability(tenant, 'google_pay') // { available: false, reason: 'wallet_unavailable' } after PUT /__sandbox/settings {"googlePayAvailable": false}
 */
export function paymentMethodAvailability(tenant: Tenant, type: PaymentMethodType): Availability {
  return paymentMethodConfigs(tenant).find((config) => config.type === type)?.availability ?? { available: false }
}

/**
 * A customer's payment methods: the configurable types with their availability
 * ({@link paymentMethodConfigs}), and the stored cards (an expired one says `card_expired`).
 *
 * @example
 * listPaymentMethods(tenant, store, 'cus_…').paymentMethods[1].availability // { available: false, reason: 'card_expired' }
 */
export function listPaymentMethods(tenant: Tenant, store: TenantStore, customerId: string): PaymentMethodList {
  const now = tenant.clock.now()
  return {
    paymentMethodConfigs: paymentMethodConfigs(tenant),
    paymentMethods: store.cards.where('byCustomer', customerId).map((card) => toStoredCard(card, now)),
  }
}

/** Deletes one of the customer's stored cards; another customer's (or an unknown) card is 404. */
export function deletePaymentMethod(tenant: Tenant, store: TenantStore, customerId: string, id: string): void {
  const card = store.cards.get(id)
  if (!card || card.customerId !== customerId)
    throw new SandboxError('not_found', `payment method ${id} is not a stored card of this customer`)
  store.cards.delete(id)
  tenant.record('card:deleted', { customerId, cardId: id })
}

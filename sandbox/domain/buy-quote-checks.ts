import type { CardRecord, CryptoCurrency, CustomerRecord, FiatCurrency, Mode, PaymentMethodRef, Wallet } from '../contract/index.ts'
import { SandboxError } from '../core/sandbox-error.ts'
import type { CatalogIndex } from '../store/catalog-index.ts'
import type { TenantStore } from '../store/tenant-store.ts'
import { alpha2 } from './geography.ts'
import { cardAvailability } from './payment-methods.ts'

/** The fiat a buy pays with (`source.asset.code`). */
export function sourceFiat(catalog: CatalogIndex, code: string): FiatCurrency {
  const currency = catalog.currency(code)
  if (!currency) throw SandboxError.invalidField('source.asset.code', `source.asset.code ${code} is not a known currency`)
  if (currency.type !== 'fiat') throw SandboxError.invalidField('source.asset.code', `source.asset.code ${code} is a crypto currency; a buy pays with fiat`)
  return currency
}

/**
 * The crypto a buy receives (`destination.asset.code`): known, not suspended,
 * available in the session's mode (spec buy-quote rule 5), and allowed where the
 * customer lives.
 */
export function destinationCrypto(catalog: CatalogIndex, code: string, mode: Mode, customer: CustomerRecord | undefined): CryptoCurrency {
  const field = 'destination.asset.code'
  const currency = catalog.currency(code)
  if (!currency) throw SandboxError.invalidField(field, `${field} ${code} is not a known currency`)
  if (currency.type !== 'crypto') throw SandboxError.invalidField(field, `${field} ${code} is a fiat currency; a buy receives crypto`)
  if (currency.isSuspended) throw SandboxError.invalidField(field, `${field} ${code} is suspended`)
  if (mode === 'test' && !currency.supportsTestMode) {
    throw SandboxError.invalidField(field, `${field} ${code} is not available in test mode: it has no supported testnet`)
  }
  if (customer?.country === 'USA') {
    if (!currency.isSupportedInUs) throw SandboxError.invalidField(field, `${field} ${code} is not available in the US`)
    if (customer.administrativeArea !== null && (currency.notAllowedUSStates as string[]).includes(customer.administrativeArea)) {
      throw SandboxError.invalidField(field, `${field} ${code} is not available in ${customer.administrativeArea}`)
    }
  }
  const country = customer ? alpha2(customer.country) : undefined
  if (country !== undefined && currency.notAllowedCountries.includes(country)) {
    throw SandboxError.invalidField(field, `${field} ${code} is not available in ${customer!.country}`)
  }
  return currency
}

/** Checks a wallet against the currency's address regex for the mode, and its tag. */
export function checkWallet(crypto: CryptoCurrency, wallet: Wallet, mode: Mode): void {
  const pattern = mode === 'test' ? crypto.testnetAddressRegex : crypto.addressRegex
  if (!new RegExp(pattern).test(wallet.address)) {
    throw SandboxError.invalidField('wallet.address', `wallet.address is not a valid ${crypto.code} ${mode === 'test' ? 'testnet' : 'mainnet'} address (${pattern})`)
  }
  if (wallet.tag === undefined) return
  if (!crypto.supportsAddressTag || crypto.addressTagRegex === null) throw SandboxError.invalidField('wallet.tag', `wallet.tag is not supported by ${crypto.code}`)
  if (!new RegExp(crypto.addressTagRegex).test(wallet.tag)) throw SandboxError.invalidField('wallet.tag', `wallet.tag must match ${crypto.addressTagRegex} for ${crypto.code}`)
}

/** The stored card a card payment names: the customer's, and usable now. A card named by no id is none to check. */
export function checkPaymentMethod(store: TenantStore, method: PaymentMethodRef, customer: CustomerRecord | undefined, now: number): CardRecord | undefined {
  if (method.type !== 'card' || method.id === undefined) return undefined
  const card = store.cards.get(method.id)
  if (!customer) throw SandboxError.invalidField('paymentMethod.id', 'paymentMethod.id names a stored card, which needs the credentials of a connected customer')
  if (!card || card.customerId !== customer.id) throw SandboxError.invalidField('paymentMethod.id', `paymentMethod.id ${method.id} is not a stored card of this customer`)
  const availability = cardAvailability(card, now)
  if (!availability.available) throw SandboxError.invalidField('paymentMethod.id', `paymentMethod.id ${card.id} cannot be used: ${availability.reason}`)
  return card
}

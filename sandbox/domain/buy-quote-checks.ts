import type {
  BuyQuote,
  CardRecord,
  CryptoCurrency,
  CustomerRecord,
  FiatCurrency,
  Mode,
  PaymentMethodRef,
} from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { CatalogIndex } from '#kernel/store/catalog-index.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { alpha2 } from './geography.ts'
import { cardAvailability } from './payment-methods.ts'

/** The fiat a buy pays with (`source.asset.code`; the widget's `baseCurrencyCode`, named by `field`). */
export function sourceFiat(catalog: CatalogIndex, code: string, field = 'source.asset.code'): FiatCurrency {
  const currency = catalog.currency(code)
  if (!currency) throw SandboxError.invalidField(field, `${field} ${code} is not a known currency`)
  if (currency.type !== 'fiat')
    throw SandboxError.invalidField(field, `${field} ${code} is a crypto currency; a buy pays with fiat`)
  return currency
}

/**
 * The crypto a buy receives (`destination.asset.code`): known, not suspended,
 * available in the session's mode (spec buy-quote rule 5), and allowed where the
 * customer lives. Refusals name `field` (the widget's is `currencyCode`).
 */
export function destinationCrypto(
  catalog: CatalogIndex,
  code: string,
  mode: Mode,
  customer: CustomerRecord | undefined,
  field = 'destination.asset.code',
): CryptoCurrency {
  const currency = catalog.currency(code)
  if (!currency) throw SandboxError.invalidField(field, `${field} ${code} is not a known currency`)
  if (currency.type !== 'crypto')
    throw SandboxError.invalidField(field, `${field} ${code} is a fiat currency; a buy receives crypto`)
  if (currency.isSuspended) throw SandboxError.invalidField(field, `${field} ${code} is suspended`)
  if (mode === 'test' && !currency.supportsTestMode) {
    throw SandboxError.invalidField(
      field,
      `${field} ${code} is not available in test mode: it has no supported testnet`,
    )
  }
  if (customer?.country === 'USA') {
    if (!currency.isSupportedInUs) throw SandboxError.invalidField(field, `${field} ${code} is not available in the US`)
    if (
      customer.administrativeArea !== null &&
      (currency.notAllowedUSStates as string[]).includes(customer.administrativeArea)
    ) {
      throw SandboxError.invalidField(field, `${field} ${code} is not available in ${customer.administrativeArea}`)
    }
  }
  const country = customer ? alpha2(customer.country) : undefined
  if (country !== undefined && currency.notAllowedCountries.includes(country)) {
    throw SandboxError.invalidField(field, `${field} ${code} is not available in ${customer!.country}`)
  }
  return currency
}

/** Where a checked wallet came from: the fields its errors name. */
interface WalletFields {
  address: string
  tag: string
}

/**
 * Checks a wallet against the currency's address regex for the mode (testnet in test mode), and its tag (absent:
 * undefined or null) against the currency's tag regex. Errors name `fields` (default the buy quote's `wallet.…`).
 *
 * @example
 * checkWallet(eth, { address: '0x5290…' }, 'test')
 * checkWallet(xrp, { address: 'r…', tag: '12' }, 'test', { address: 'walletAddresses.refundWalletAddress', tag: 'walletAddresses.refundWalletAddressTag' })
 */
export function checkWallet(
  crypto: CryptoCurrency,
  wallet: { address: string; tag?: string | null | undefined },
  mode: Mode,
  fields: WalletFields = { address: 'wallet.address', tag: 'wallet.tag' },
): void {
  const pattern = mode === 'test' ? crypto.testnetAddressRegex : crypto.addressRegex
  if (!new RegExp(pattern).test(wallet.address)) {
    throw SandboxError.invalidField(
      fields.address,
      `${fields.address} is not a valid ${crypto.code} ${mode === 'test' ? 'testnet' : 'mainnet'} address (${pattern})`,
    )
  }
  if (wallet.tag === undefined || wallet.tag === null) return
  if (!crypto.supportsAddressTag || crypto.addressTagRegex === null)
    throw SandboxError.invalidField(fields.tag, `${fields.tag} is not supported by ${crypto.code}`)
  if (!new RegExp(crypto.addressTagRegex).test(wallet.tag))
    throw SandboxError.invalidField(fields.tag, `${fields.tag} must match ${crypto.addressTagRegex} for ${crypto.code}`)
}

/** The stored card a card payment names: the customer's, and usable now. A card named by no id is none to check. */
export function checkPaymentMethod(
  store: TenantStore,
  method: PaymentMethodRef,
  customer: CustomerRecord | undefined,
  now: number,
): CardRecord | undefined {
  if (method.type !== 'card' || method.id === undefined) return undefined
  const card = store.cards.get(method.id)
  if (!customer)
    throw SandboxError.invalidField(
      'paymentMethod.id',
      'paymentMethod.id names a stored card, which needs the credentials of a connected customer',
    )
  if (!card || card.customerId !== customer.id)
    throw SandboxError.invalidField(
      'paymentMethod.id',
      `paymentMethod.id ${method.id} is not a stored card of this customer`,
    )
  const availability = cardAvailability(card, now)
  if (!availability.available)
    throw SandboxError.invalidField(
      'paymentMethod.id',
      `paymentMethod.id ${card.id} cannot be used: ${availability.reason}`,
    )
  return card
}

/** A buy's money as its bounds see it: the fiat total the customer pays and the crypto they receive. */
interface BuyExtent {
  total: number
  destination: number
}

/** A bound a buy breaks: the fiat's (on the total paid) or the crypto's (on the amount bought), and why in words. */
interface BuyBoundProblem {
  bound: 'fiat' | 'crypto'
  message: string
}

function beyond(amount: number, currency: FiatCurrency | CryptoCurrency, what: string): string | undefined {
  const { code, minBuyAmount: min, maxBuyAmount: max } = currency
  if (min !== null && amount < min) return `${what} ${amount} ${code} is below the minimum buy of ${min} ${code}`
  if (max !== null && amount > max) return `${what} ${amount} ${code} is above the maximum buy of ${max} ${code}`
  return undefined
}

/**
 * The bound a buy breaks, or undefined (spec Limits: `minBuyAmount` / `maxBuyAmount` of the crypto and of the fiat):
 * the fiat's bound the total paid, the crypto's the amount bought, whether it was quoted by source or by destination
 * amount. Bounds are inclusive; `null` is none.
 *
 * @example
 * buyBoundsProblem(usd, eth, { total: 30, destination: 0.0076 })
 * // { bound: 'crypto', message: 'the amount bought 0.0076 eth is below the minimum buy of 0.0085 eth' }
 */
export function buyBoundsProblem(
  fiat: FiatCurrency,
  crypto: CryptoCurrency,
  extent: BuyExtent,
): BuyBoundProblem | undefined {
  const fiatProblem = beyond(extent.total, fiat, 'the total')
  if (fiatProblem) return { bound: 'fiat', message: fiatProblem }
  const cryptoProblem = beyond(extent.destination, crypto, 'the amount bought')
  return cryptoProblem ? { bound: 'crypto', message: cryptoProblem } : undefined
}

/**
 * The bound a quote's purchase breaks (`buyBoundsProblem` with the tenant's currencies), or undefined: what paying a
 * signed quote checks again.
 */
export function quoteBoundsProblem(catalog: CatalogIndex, quote: BuyQuote): BuyBoundProblem | undefined {
  const fiat = catalog.currency(quote.source.asset.code)
  const crypto = catalog.crypto(quote.destination.asset.code)
  if (fiat?.type !== 'fiat')
    return {
      bound: 'fiat',
      message: `the quote pays with ${quote.source.asset.code}, which is not a fiat currency of this account`,
    }
  if (!crypto)
    return {
      bound: 'crypto',
      message: `the quote buys ${quote.destination.asset.code}, which is not a crypto currency of this account`,
    }
  return buyBoundsProblem(fiat, crypto, { total: quote.totalAmount, destination: quote.destination.amount })
}

import type { AskPrice, CryptoCurrency } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { pairPrice } from './pricing.ts'

/**
 * The price of `crypto` in `fiat` at a sandbox instant (ms), from the seeded price walk: what buy quotes use at that
 * instant. A pair the catalog lacks is a 400 naming `currencyCode`.
 *
 * @example
 * priceIn(tenant, eth, 'eur', tenant.clock.now()) // 2870.12
 */
export function priceIn(tenant: Tenant, crypto: CryptoCurrency, fiat: string, at: number): number {
  const pair = tenant.catalog.pair(crypto.code, fiat)
  if (!pair)
    throw SandboxError.invalidField(
      'currencyCode',
      `currencyCode ${crypto.code} has no ${fiat} price in this account's catalog`,
    )
  return pairPrice(tenant, pair, at)
}

/**
 * The crypto's price in US dollars, euros and pounds now, as `GET /v3/currencies/{code}/ask_price` answers it.
 *
 * @example
 * askPrice(tenant, eth) // { USD: 3120.5, EUR: 2870.12, GBP: 2466.1 }
 */
export function askPrice(tenant: Tenant, crypto: CryptoCurrency): AskPrice {
  const now = tenant.clock.now()
  return {
    USD: priceIn(tenant, crypto, 'usd', now),
    EUR: priceIn(tenant, crypto, 'eur', now),
    GBP: priceIn(tenant, crypto, 'gbp', now),
  }
}

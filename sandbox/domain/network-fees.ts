import {
  fromMinor,
  toMinor,
  type CryptoCurrency,
  type FiatCurrency,
  type NetworkFees,
  type NetworkFeesQuery,
} from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { buyFeeSchedule } from './buy-fees.ts'

/**
 * The network fee a buy of `crypto` paid in `fiat` charges: the fee schedule's, rounded to the fiat's precision as
 * the buy quote rounds it (its `fees.network`, the widget quote's `networkFeeAmount`).
 *
 * @example
 * buyNetworkFee(tenant, usd, eth) // 2.5
 */
function buyNetworkFee(tenant: Tenant, fiat: FiatCurrency, crypto: CryptoCurrency): number {
  const network = buyFeeSchedule(tenant.catalog, fiat, crypto, undefined, 0).network
  return fromMinor(toMinor(network, fiat.precision), fiat.precision)
}

function listed<T>(codes: readonly string[], field: string, find: (code: string) => T | undefined, kind: string): T[] {
  return [...new Set(codes)].map((code) => {
    const found = find(code)
    if (found === undefined)
      throw SandboxError.invalidField(
        field,
        `${field} names ${code}, which is not a ${kind} currency of this account; GET /v3/currencies lists them`,
      )
    return found
  })
}

/**
 * The network fee of a buy for every crypto and fiat asked, as `GET /v3/currencies/network_fees` answers it:
 * `{ "ETH": { "USD": 2.5 } }`, codes upper-cased as the reference shows them (decision 0066). A code that is not a
 * crypto (or fiat) of the catalog is a 400 naming the list.
 *
 * @example
 * networkFees(tenant, { cryptoCurrencies: ['eth'], fiatCurrencies: ['usd', 'eur'] }) // { ETH: { USD: 2.5, EUR: 2.3 } }
 */
export function networkFees(tenant: Tenant, query: NetworkFeesQuery): NetworkFees {
  const cryptos = listed(query.cryptoCurrencies, 'cryptoCurrencies', (code) => tenant.catalog.crypto(code), 'crypto')
  const fiats = listed(
    query.fiatCurrencies,
    'fiatCurrencies',
    (code) => {
      const currency = tenant.catalog.currency(code)
      return currency?.type === 'fiat' ? currency : undefined
    },
    'fiat',
  )
  return Object.fromEntries(
    cryptos.map((crypto) => [
      crypto.code.toUpperCase(),
      Object.fromEntries(fiats.map((fiat) => [fiat.code.toUpperCase(), buyNetworkFee(tenant, fiat, crypto)])),
    ]),
  )
}

import type { Catalog, CryptoCurrency, Currency, PricePair, PriceWave } from '../../contract/index.ts'
import { deepFreeze } from '../deep-freeze.ts'


/**
 * Read-only lookups over a seed's catalog: currencies by code, price pairs by
 * `base/quote`, walks by crypto. Built once per sandbox; shared by its tenants.
 *
 * @example
 * const index = new CatalogIndex(buildCatalog(1))
 * index.pair('eth', 'usd')?.price
 */
export class CatalogIndex {
  private readonly byCode = new Map<string, Currency>()
  private readonly pairs = new Map<string, PricePair>()
  /** Epoch (ms) the price walks count their time from. */
  readonly priceEpoch: number

  constructor(readonly catalog: Catalog) {
    this.priceEpoch = Date.parse(catalog.prices.epoch)
    // Frozen: quotes embed these objects, and their JSON is cached (sell-quote-json.ts).
    for (const currency of catalog.currencies) this.byCode.set(currency.code, deepFreeze(currency))
    // The list too: its JSON is made once (`GET /v3/currencies`).
    Object.freeze(catalog.currencies)
    for (const pair of catalog.prices.pairs) this.pairs.set(`${pair.base}/${pair.quote}`, pair)
  }

  /** Every currency, fiat first, in catalog order. */
  get currencies(): Currency[] {
    return this.catalog.currencies
  }

  currency(code: string): Currency | undefined {
    return this.byCode.get(code)
  }

  crypto(code: string): CryptoCurrency | undefined {
    const currency = this.byCode.get(code)
    return currency?.type === 'crypto' ? currency : undefined
  }

  pair(base: string, quote: string): PricePair | undefined {
    return this.pairs.get(`${base}/${quote}`)
  }

  walk(code: string): PriceWave[] {
    return this.catalog.prices.walks[code] ?? []
  }
}

import type { Catalog, CryptoCurrency, Currency, PricePair, PriceWave } from '#contract/index.ts'
import { deepFreeze } from '#portable/deep-freeze.ts'

/**
 * Read-only lookups over a seed's catalog: currencies by code, price pairs by
 * `base/quote`, walks by crypto. Built once per sandbox; shared by its tenants.
 * Given a function that builds the catalog, the index builds it on first use (the
 * same catalog, whenever that is): a server reaches its ready line without it
 * (`npm run bench`, start-up row).
 *
 * @example
 * const index = new CatalogIndex(buildCatalog(1))
 * index.pair('eth', 'usd')?.price
 * const lazy = new CatalogIndex(() => buildCatalog(1), Date.parse(PRICE_EPOCH)) // built by its first lookup
 */
export class CatalogIndex {
  private built: { catalog: Catalog; byCode: Map<string, Currency>; pairs: Map<string, PricePair> } | undefined
  private readonly build: () => Catalog
  /** Epoch (ms) the price walks count their time from. */
  readonly priceEpoch: number

  /** `priceEpoch` must be `Date.parse(catalog.prices.epoch)` of what `source` builds: a lazy index does not build it to know. */
  constructor(source: Catalog | (() => Catalog), priceEpoch?: number) {
    this.build = typeof source === 'function' ? source : () => source
    if (typeof source !== 'function') this.index()
    this.priceEpoch = priceEpoch ?? Date.parse(this.index().catalog.prices.epoch)
  }

  /** The catalog and its lookups, built on first use. */
  private index(): { catalog: Catalog; byCode: Map<string, Currency>; pairs: Map<string, PricePair> } {
    if (!this.built) {
      const catalog = this.build()
      const byCode = new Map<string, Currency>()
      const pairs = new Map<string, PricePair>()
      // Frozen: quotes embed these objects, and their JSON is cached (sell-quote-json.ts).
      for (const currency of catalog.currencies) byCode.set(currency.code, deepFreeze(currency))
      // The list too: its JSON is made once (`GET /v3/currencies`).
      Object.freeze(catalog.currencies)
      for (const pair of catalog.prices.pairs) pairs.set(`${pair.base}/${pair.quote}`, pair)
      this.built = { catalog, byCode, pairs }
    }
    return this.built
  }

  /** The catalog (built now if it was not yet). */
  get catalog(): Catalog {
    return this.index().catalog
  }

  /** Every currency, fiat first, in catalog order. */
  get currencies(): Currency[] {
    return this.catalog.currencies
  }

  currency(code: string): Currency | undefined {
    return this.index().byCode.get(code)
  }

  crypto(code: string): CryptoCurrency | undefined {
    const currency = this.index().byCode.get(code)
    return currency?.type === 'crypto' ? currency : undefined
  }

  pair(base: string, quote: string): PricePair | undefined {
    return this.index().pairs.get(`${base}/${quote}`)
  }

  walk(code: string): PriceWave[] {
    return this.catalog.prices.walks[code] ?? []
  }
}

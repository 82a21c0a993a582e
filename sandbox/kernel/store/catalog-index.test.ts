import { describe, expect, it, vi } from 'vitest'
import { buildCatalog } from '#fixtures/catalog.ts'
import { PRICE_EPOCH } from '#fixtures/prices.ts'
import { CatalogIndex } from './catalog-index.ts'

describe('CatalogIndex', () => {
  it('builds a lazy catalog on its first use, and only once', () => {
    const build = vi.fn(() => buildCatalog(1))
    const index = new CatalogIndex(build, Date.parse(PRICE_EPOCH))
    expect(build).not.toHaveBeenCalled()
    index.currency('usd')
    index.pair('eth', 'usd')
    expect(build).toHaveBeenCalledTimes(1)
  })

  it('answers from a lazy catalog what it answers from the built one', () => {
    const eager = new CatalogIndex(buildCatalog(3))
    const lazy = new CatalogIndex(() => buildCatalog(3), Date.parse(PRICE_EPOCH))
    expect({
      epoch: lazy.priceEpoch,
      currencies: lazy.currencies,
      eth: lazy.crypto('eth'),
      pair: lazy.pair('eth', 'usd'),
      walk: lazy.walk('eth'),
    }).toEqual({
      epoch: eager.priceEpoch,
      currencies: eager.currencies,
      eth: eager.crypto('eth'),
      pair: eager.pair('eth', 'usd'),
      walk: eager.walk('eth'),
    })
  })
})

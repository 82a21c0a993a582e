import { describe, expect, it } from 'vitest'
import { buildCatalog } from '#fixtures/index.ts'
import { CatalogIndex } from '#kernel/store/catalog-index.ts'
import { buyFeeSchedule, buyServiceFee } from './buy-fees.ts'

const catalog = new CatalogIndex(buildCatalog(1))
const usd = catalog.currency('usd')
const eth = catalog.crypto('eth')!

describe('buy fees', () => {
  it('charge card buys 4.5 % and wallet-pay buys 3.5 %, each at least 3.99 US dollars', () => {
    expect([buyServiceFee('card'), buyServiceFee('apple_pay'), buyServiceFee('google_pay')]).toEqual([
      { percent: 4.5, minimumUsd: 3.99 },
      { percent: 3.5, minimumUsd: 3.99 },
      { percent: 3.5, minimumUsd: 3.99 },
    ])
  })

  it("charge the network's fee, and 0.1 US dollars on a network the table does not list, whatever its name", () => {
    if (usd?.type !== 'fiat') throw new Error('usd is a fiat')
    expect(buyFeeSchedule(catalog, usd, eth, 'card', 0).network).toBeCloseTo(2.5, 6)
    for (const networkCode of ['somechain', 'constructor', '__proto__']) {
      const crypto = { ...eth, metadata: { ...eth.metadata, networkCode } }
      expect(buyFeeSchedule(catalog, usd, crypto, 'card', 0).network).toBeCloseTo(0.1, 6)
    }
  })

  it('gives each caller its own fee object', () => {
    const fee = buyServiceFee('card')
    fee.percent = 99
    expect(buyServiceFee('card').percent).toBe(4.5)
  })
})

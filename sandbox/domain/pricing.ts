import type { PricePair, PriceWave } from '#contract/index.ts'
import { roundSignificant } from '#contract/rounding.ts'
import type { Tenant } from '#kernel/tenant.ts'

/**
 * The price of a pair at a sandbox instant: the table's reference price moved by the
 * crypto's seeded walk (a sum of slow sine waves over sandbox seconds). Pure and
 * deterministic: the same seed and clock always give the same price.
 *
 * @example
 * priceAt(index.pair('eth', 'usd')!, index.walk('eth'), clock.now() - index.priceEpoch)
 */
export function priceAt(pair: PricePair, walk: PriceWave[], msSinceEpoch: number): number {
  const seconds = msSinceEpoch / 1000
  let factor = 1
  for (const wave of walk)
    factor += wave.amplitude * Math.sin((2 * Math.PI * seconds) / wave.periodSeconds + wave.phase)
  return roundSignificant(pair.price * factor, 8)
}

/**
 * A catalog pair's price on the tenant's clock (at `at`, epoch ms; default now): what every quote, view and list
 * prices with.
 *
 * @example
 * pairPrice(tenant, tenant.catalog.pair('eth', 'usd')!) // 2947.0109 at the price epoch, seed 1
 */
export function pairPrice(tenant: Tenant, pair: PricePair, at: number = tenant.clock.now()): number {
  return priceAt(pair, tenant.catalog.walk(pair.base), at - tenant.catalog.priceEpoch)
}

import type { PricePair, PriceWave } from '../contract/index.ts'
import { roundSignificant } from '../contract/rounding.ts'

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
  for (const wave of walk) factor += wave.amplitude * Math.sin((2 * Math.PI * seconds) / wave.periodSeconds + wave.phase)
  return roundSignificant(pair.price * factor, 8)
}

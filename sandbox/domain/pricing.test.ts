import { describe, expect, it } from 'vitest'
import { SellQuote, type PricePair, type PriceWave } from '#contract/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { conforms, send } from '#http/test-request.ts'
import { priceAt } from './pricing.ts'

/** A hand-made pair: the walk moves `price`, the pair's other fields play no part. */
const pairAt = (price: number): PricePair => ({ base: 'eth', quote: 'usd', price, payoutMethods: [] })

/** One wave of 1 % over an hour, starting at its zero crossing: +1 % at 15 min, −1 % at 45 min. */
const hourly: PriceWave = { amplitude: 0.01, periodSeconds: 3600, phase: 0 }

const MINUTE = 60_000

describe('priceAt', () => {
  it('gives the epoch price at the epoch when the wave starts at its zero crossing', () => {
    expect(priceAt(pairAt(2000), [hourly], 0)).toBe(2000)
  })

  it('raises the price by the amplitude a quarter period after the epoch', () => {
    // sin(2π · 900 / 3600) = sin(π/2) = 1 → 2000 × (1 + 0.01) = 2020
    expect(priceAt(pairAt(2000), [hourly], 15 * MINUTE)).toBe(2020)
  })

  it('is back at the epoch price half a period after the epoch', () => {
    // sin(π) = 0 → 2000
    expect(priceAt(pairAt(2000), [hourly], 30 * MINUTE)).toBe(2000)
  })

  it('lowers the price by the amplitude three quarters of a period after the epoch', () => {
    // sin(3π/2) = −1 → 2000 × (1 − 0.01) = 1980
    expect(priceAt(pairAt(2000), [hourly], 45 * MINUTE)).toBe(1980)
  })

  it('repeats after a whole period', () => {
    // sin(2π · 4500 / 3600) = sin(2π + π/2) = 1 → 2020, as at 15 min
    expect(priceAt(pairAt(2000), [hourly], 75 * MINUTE)).toBe(2020)
  })

  it('starts the wave at its phase', () => {
    // phase π/2: sin(0 + π/2) = 1 → 2020 at the epoch already
    expect(priceAt(pairAt(2000), [{ ...hourly, phase: Math.PI / 2 }], 0)).toBe(2020)
  })

  it('leaves the price unmoved by a walk without waves', () => {
    expect(priceAt(pairAt(2000), [], 45 * MINUTE)).toBe(2000)
  })

  it('sums two waves', () => {
    const fast: PriceWave = { amplitude: 0.02, periodSeconds: 1200, phase: 0 }
    // at 300 s: hourly sin(π/6) = 0.5 → +0.005; fast sin(π/2) = 1 → +0.02; 2000 × 1.025 = 2050
    expect(priceAt(pairAt(2000), [hourly, fast], 5 * MINUTE)).toBe(2050)
    // at 900 s: hourly sin(π/2) = 1 → +0.01; fast sin(3π/2) = −1 → −0.02; 2000 × 0.99 = 1980
    expect(priceAt(pairAt(2000), [hourly, fast], 15 * MINUTE)).toBe(1980)
  })

  it('rounds the walked price to 8 significant digits', () => {
    // at 450 s: sin(π/4) = 0.70710678… → factor 1.0070710678…
    const eighth = 7.5 * MINUTE
    expect(priceAt(pairAt(1), [hourly], eighth)).toBe(1.0070711) // 1.00707106781…
    expect(priceAt(pairAt(89844.672), [hourly], eighth)).toBe(90479.97) // 90479.969768…
    expect(priceAt(pairAt(0.30536666), [hourly], eighth)).toBe(0.30752593) // 0.307525928…
    expect(priceAt(pairAt(451894.2), [hourly], eighth)).toBe(455089.57) // 455089.574531…
  })
})

describe('the walk on a tenant clock', () => {
  const core = createSandboxCore({ seed: 1 })

  /**
   * The price of `crypto` in `fiat` on the tenant's clock, by hand from the price table:
   * seconds since the price epoch t, factor 1 + Σ amplitude × sin(2π t / period + phase)
   * over the crypto's waves, times the pair's epoch price, to 8 significant digits.
   */
  function walkedPrice(tenant: Tenant, crypto: string, fiat: string): number {
    const seconds = (tenant.clock.now() - tenant.catalog.priceEpoch) / 1000
    let factor = 1
    for (const wave of tenant.catalog.walk(crypto))
      factor += wave.amplitude * Math.sin((2 * Math.PI * seconds) / wave.periodSeconds + wave.phase)
    return Number((tenant.catalog.pair(crypto, fiat)!.price * factor).toPrecision(8))
  }

  async function sellQuotePrice(account: string): Promise<number> {
    const response = await send(
      core,
      `GET /v3/currencies/eth/sell_quote?apiKey=pk_test_${account}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5`,
    )
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    return conforms(SellQuote, response.body).baseCurrencyPrice
  }

  async function advanceOneHour(account: string) {
    const response = await send(core, 'POST /__sandbox/clock/advance', {
      headers: { 'x-api-key': `sk_test_${account}` },
      body: { by: '1h' },
    })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
  }

  it('prices a sell quote at the walked price at the epoch and after each of three hours', async () => {
    const account = 'pricingwalk1'
    const tenant = core.tenants.get(account, 'test')
    const seen: number[] = []
    for (let hour = 0; hour <= 3; hour++) {
      if (hour > 0) await advanceOneHour(account)
      expect(tenant.clock.now() - tenant.catalog.priceEpoch).toBe(hour * 3_600_000)
      const price = await sellQuotePrice(account)
      expect(price, `after ${hour} h`).toBe(walkedPrice(tenant, 'eth', 'usd'))
      seen.push(price)
    }
    expect(new Set(seen).size).toBe(4)
  })

  it('walks eth/usd of seed 1 from 3011.5758 to 2947.0109, 2944.0479, 2943.0935 and 2944.1733 hour by hour', async () => {
    // eth's waves (amplitude, period s, phase): (0.0123, 97986, 4.311862), (0.0123, 471202, 4.065814), (0.0031, 444773, 6.187837)
    // t = 0:     1 + 0.0123 sin(4.311862) + 0.0123 sin(4.065814) + 0.0031 sin(6.187837)
    //              = 1 − 0.0113265 − 0.0098173 − 0.0002951 = 0.9785611 → 3011.5758 × 0.9785611 = 2947.0109
    // t = 3600:  factor 0.9775772 → 2944.0479; t = 7200: 0.9772603 → 2943.0935; t = 10800: 0.9776188 → 2944.1733
    const account = 'pricingwalk2'
    const tenant = core.tenants.get(account, 'test')
    expect(tenant.catalog.pair('eth', 'usd')!.price).toBe(3011.5758)
    expect(tenant.catalog.walk('eth')).toEqual([
      { amplitude: 0.0123, periodSeconds: 97986, phase: 4.311862 },
      { amplitude: 0.0123, periodSeconds: 471202, phase: 4.065814 },
      { amplitude: 0.0031, periodSeconds: 444773, phase: 6.187837 },
    ])
    const prices = [await sellQuotePrice(account)]
    for (let hour = 1; hour <= 3; hour++) {
      await advanceOneHour(account)
      prices.push(await sellQuotePrice(account))
    }
    expect(prices).toEqual([2947.0109, 2944.0479, 2943.0935, 2944.1733])
  })
})

import {
  fromMinor,
  type BuyLimits,
  type BuyLimitsQuery,
  type CryptoCurrency,
  type FiatCurrency,
  type WidgetBuyPaymentMethod,
} from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { MAX_DESTINATION_STEPS, type BuyAmounts } from './buy-amounts.ts'
import { buyServiceFee } from './buy-fees.ts'
import { sourceFiat } from './buy-quote-checks.ts'
import { buyAmountsAt, buyPriceNow, type BuyPricingInput } from './price-buy.ts'
import { uncounted, type StepCount } from './step-count.ts'
import { WIDGET_BUY_FIELDS, platformMethodOf, widgetBuyCrypto } from './widget-buy-quote.ts'

/** Largest amount in minor units the search looks at: the query's largest amount (1e12), at most 2^50 (exact in a double). */
const ceilingMinor = (precision: number) => Math.min(2 ** 50, 1e12 * 10 ** precision)

/** Probes of one binary search over `[1, 2^50]`: one at an end, then one per halving (`smallest`, `largest`). */
const PROBES_PER_SEARCH = 51

/**
 * Most steps `buyLimits` counts: four binary searches (least and most, by source and by destination) of at most
 * {@link PROBES_PER_SEARCH} probes each, and the destination searches' probes each a quote by destination of at most
 * `MAX_DESTINATION_STEPS` steps: 4 × 51 + 2 × 51 × 4 = 612.
 */
export const MAX_LIMITS_STEPS = 4 * PROBES_PER_SEARCH + 2 * PROBES_PER_SEARCH * MAX_DESTINATION_STEPS

/** The widget methods, cheapest first (a tie keeps this order). */
const METHODS: readonly WidgetBuyPaymentMethod[] = ['credit_debit_card', 'apple_pay', 'google_pay']

/** The buy payment method with the lowest service fee: what `limits` assumes when none is named. */
function cheapestBuyMethod(): WidgetBuyPaymentMethod {
  return [...METHODS].sort(
    (a, b) => buyServiceFee(platformMethodOf(a)).percent - buyServiceFee(platformMethodOf(b)).percent,
  )[0]!
}

/**
 * The smallest n in [lo, hi] where `holds` (false, then true from some n on), if any. Probes `holds` at most
 * `⌈log2(hi − lo + 1)⌉ + 1` times (51 for `hi ≤ 2^50`): each turn of the loop leaves at most half the interval
 * (rounded up), in integers a double holds exactly (`lo + hi < 2^53`).
 */
function smallest(lo: number, hi: number, holds: (n: number) => boolean): number | undefined {
  if (!holds(hi)) return undefined
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2)
    if (holds(mid)) hi = mid
    else lo = mid + 1
  }
  return lo
}

/** The largest n in [lo, hi] where `holds` (true, then false from some n on), if any; the probes as {@link smallest}. */
function largest(lo: number, hi: number, holds: (n: number) => boolean): number | undefined {
  if (!holds(lo)) return undefined
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (holds(mid)) lo = mid
    else hi = mid - 1
  }
  return lo
}

/** Whether an amount stays under the bounds' maxima, and whether it reaches their minima (decision 0053's bounds). */
function reachesMinima(fiat: FiatCurrency, crypto: CryptoCurrency, a: BuyAmounts): boolean {
  return (
    (fiat.minBuyAmount === null || a.total >= fiat.minBuyAmount) &&
    (crypto.minBuyAmount === null || a.destination >= crypto.minBuyAmount)
  )
}
function underMaxima(fiat: FiatCurrency, crypto: CryptoCurrency, a: BuyAmounts): boolean {
  return (
    (fiat.maxBuyAmount === null || a.total <= fiat.maxBuyAmount) &&
    (crypto.maxBuyAmount === null || a.destination <= crypto.maxBuyAmount)
  )
}

/**
 * The range of one request amount (in its currency's minor units) a buy quote accepts, searched with the quote's own
 * amounts; each probe counted into `count`.
 */
function range(
  amountsOf: (minor: number) => BuyAmounts | undefined,
  precision: number,
  fiat: FiatCurrency,
  crypto: CryptoCurrency,
  unbounded: boolean,
  count: StepCount,
) {
  const ceiling = ceilingMinor(precision)
  const min = smallest(1, ceiling, (n) => {
    count.steps++
    const a = amountsOf(n)
    return a !== undefined && reachesMinima(fiat, crypto, a)
  })
  if (min === undefined) return undefined
  const max = unbounded
    ? null
    : largest(min, ceiling, (n) => {
        count.steps++
        const a = amountsOf(n)
        return a === undefined || underMaxima(fiat, crypto, a)
      })
  return max === undefined ? undefined : { min, max }
}

/**
 * The smallest and largest amounts `GET /v3/currencies/{code}/buy_quote` accepts now for this fiat, method and fee
 * behaviour: `baseCurrency` for `baseCurrencyAmount`, `quoteCurrency` for `quoteCurrencyAmount`. Found by a binary
 * search over the buy quote's own amounts against the bounds it enforces (the fiat's on the total, the crypto's on the
 * amount bought, decision 0053), so an amount inside is quoted and one a minor unit outside is refused. Moves with
 * the price; `maxBuyAmount` is null when neither currency bounds it. At most {@link MAX_LIMITS_STEPS} steps, counted into
 * `count`: the quotes' amounts are exact in integers at any size, so the searches stay monotone up to their 2^50 ceiling.
 *
 * @example
 * buyLimits(tenant, 'eth', { baseCurrencyCode: 'usd' }) // { baseCurrency: { code: 'usd', minBuyAmount: 37.1, … }, … }
 */
export function buyLimits(
  tenant: Tenant,
  currencyCode: string,
  query: BuyLimitsQuery,
  count: StepCount = uncounted(),
): BuyLimits {
  const crypto = widgetBuyCrypto(tenant, currencyCode)
  const fiat = sourceFiat(tenant.catalog, query.baseCurrencyCode, 'baseCurrencyCode')
  const paymentMethod = query.paymentMethod ?? cheapestBuyMethod()
  const price = buyPriceNow(tenant, fiat, crypto)
  const base: BuyPricingInput = {
    feeBehavior: query.areFeesIncluded === true ? 'inclusive' : 'exclusive',
    method: platformMethodOf(paymentMethod),
    extraFeePercentage: tenant.settings.defaultExtraFeePercentage,
  }
  const attempt = (input: BuyPricingInput) => {
    try {
      return buyAmountsAt(tenant, fiat, crypto, price, input, WIDGET_BUY_FIELDS, count)
    } catch (error) {
      if (error instanceof SandboxError) return undefined
      throw error
    }
  }
  const unbounded = fiat.maxBuyAmount === null && crypto.maxBuyAmount === null
  const bySource = range(
    (n) => attempt({ ...base, sourceAmount: fromMinor(n, fiat.precision) }),
    fiat.precision,
    fiat,
    crypto,
    unbounded,
    count,
  )
  const byDestination = range(
    (n) => attempt({ ...base, destinationAmount: fromMinor(n, crypto.precision) }),
    crypto.precision,
    fiat,
    crypto,
    unbounded,
    count,
  )
  if (!bySource || !byDestination || (bySource.max !== null && bySource.max < bySource.min)) {
    throw SandboxError.invalidField(
      'baseCurrencyCode',
      `no amount of ${fiat.code} buys ${crypto.code} within both currencies' buy bounds`,
    )
  }
  const side = (code: string, r: { min: number; max: number | null }, precision: number) => ({
    code,
    minBuyAmount: fromMinor(r.min, precision),
    maxBuyAmount: r.max === null ? null : fromMinor(r.max, precision),
  })
  return {
    baseCurrency: side(fiat.code, bySource, fiat.precision),
    quoteCurrency: side(crypto.code, byDestination, crypto.precision),
    paymentMethod,
  }
}

import { SWAP_LIMITS_USD, swapPairCodes } from '#fixtures/swap-pairs.ts'
import type { CryptoCurrency, SwapPair } from '#contract/index.ts'
import { fromMinor, roundSignificant } from '#contract/rounding.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { pairPrice } from './pricing.ts'

/** A listed pair with its two currencies. */
export interface SwapPairOf {
  pair: SwapPair
  base: CryptoCurrency
  quote: CryptoCurrency
}

/** A pair's name: `<base>-<quote>` (currency codes hold `_`, so `-` parts them unambiguously). */
const swapPairName = (base: string, quote: string) => `${base}-${quote}`

/** The US-dollar price of a crypto: at the tenant's clock, or (`at: 'reference'`) the catalog's reference price. */
export function usdPrice(tenant: Tenant, code: string, at: 'now' | 'reference' = 'now'): number {
  const pair = tenant.catalog.pair(code, 'usd')
  if (!pair) throw new SandboxError('internal_error', `the catalog has no ${code}/usd price`)
  return at === 'reference' ? pair.price : pairPrice(tenant, pair)
}

/** `usd` US dollars' worth of a crypto at the reference price, rounded up (`ceil`) or down to its precision. */
function worth(tenant: Tenant, crypto: CryptoCurrency, usd: number, direction: 'up' | 'down'): number {
  const scaled = roundSignificant((usd / usdPrice(tenant, crypto.code, 'reference')) * 10 ** crypto.precision, 12)
  return fromMinor(Math.max(1, direction === 'up' ? Math.ceil(scaled) : Math.floor(scaled)), crypto.precision)
}

function pairOf(tenant: Tenant, base: CryptoCurrency, quote: CryptoCurrency): SwapPair {
  return {
    baseCurrencyCode: base.code,
    baseCurrencyNetworkCode: base.metadata.networkCode,
    quoteCurrencyCode: quote.code,
    quoteCurrencyNetworkCode: quote.metadata.networkCode,
    minSwapAmount: worth(tenant, base, SWAP_LIMITS_USD.min, 'up'),
    maxSwapAmount: worth(tenant, base, SWAP_LIMITS_USD.max, 'down'),
    minSwapAmountQuote: worth(tenant, quote, SWAP_LIMITS_USD.min, 'up'),
    maxSwapAmountQuote: worth(tenant, quote, SWAP_LIMITS_USD.max, 'down'),
    pairName: swapPairName(base.code, quote.code),
    isSuspended: base.isSuspended || quote.isSuspended,
  }
}

/**
 * The swap pairs a tenant lists: the curated pairs (`fixtures/swap-pairs.ts`) whose two currencies support the tenant's
 * mode (test mode leaves out currencies without `supportsTestMode`), with limits worth 20 to 50 000 US dollars at the
 * catalog's reference prices; suspended when either currency is.
 *
 * @example
 * swapPairs(tenant)[0]?.pairName // 'btc-eth'
 */
export function swapPairs(tenant: Tenant): SwapPairOf[] {
  const listed: SwapPairOf[] = []
  for (const [baseCode, quoteCode] of swapPairCodes) {
    const base = tenant.catalog.crypto(baseCode)
    const quote = tenant.catalog.crypto(quoteCode)
    if (!base || !quote) continue
    if (tenant.mode === 'test' && !(base.supportsTestMode && quote.supportsTestMode)) continue
    listed.push({ pair: pairOf(tenant, base, quote), base, quote })
  }
  return listed
}

/**
 * The listed pair a `{pair}` path part names (any case), not suspended; 404 naming `pair` when none is listed, 400 when
 * it is suspended.
 *
 * @example
 * swapPairNamed(tenant, 'ETH-USDC').pair.pairName // 'eth-usdc'
 */
export function swapPairNamed(tenant: Tenant, name: string): SwapPairOf {
  const wanted = name.toLowerCase()
  const found = swapPairs(tenant).find(({ pair }) => pair.pairName === wanted)
  if (!found)
    throw new SandboxError(
      'not_found',
      `pair ${name} is not a swap pair of this account in ${tenant.mode} mode; GET /v4/swap/pairs lists them (pairName, e.g. eth-usdc)`,
    )
  if (found.pair.isSuspended)
    throw SandboxError.invalidField('pair', `pair ${found.pair.pairName} is suspended: no quote or swap can be made`)
  return found
}

/**
 * The curated pair of a name (lower case), suspended or not, whatever the mode: what a swap already made goes on with.
 *
 * @example
 * curatedSwapPair(tenant, swap.quote.pair)?.pair.minSwapAmount
 */
export function curatedSwapPair(tenant: Tenant, name: string): SwapPairOf | undefined {
  for (const [baseCode, quoteCode] of swapPairCodes) {
    if (swapPairName(baseCode, quoteCode) !== name) continue
    const base = tenant.catalog.crypto(baseCode)
    const quote = tenant.catalog.crypto(quoteCode)
    return base && quote ? { pair: pairOf(tenant, base, quote), base, quote } : undefined
  }
  return undefined
}

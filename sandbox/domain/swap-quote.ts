import { SWAP_FEE_PERCENT, SWAP_NETWORK_FEE_USD } from '#fixtures/swap-pairs.ts'
import { SwapQuoteClaims, type SwapQuote } from '#contract/index.ts'
import { fromMinor, percentOfMinor, roundSignificant, roundTo, toMinor } from '#contract/rounding.ts'
import { base64UrlToText, textToBase64Url } from '#portable/base64url.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { isoTime } from './iso-time.ts'
import { newId } from './new-id.ts'
import { swapPairNamed, usdPrice, type SwapPairOf } from './swap-pairs.ts'

/** Seconds a swap quote (and a requote) stays valid on the tenant clock. */
const SWAP_QUOTE_TTL_SECONDS = 30

/** What a quote is for: the customer whose token asked (null: any), and the swap a requote re-prices (null: a new swap). */
interface SwapQuoteFor {
  customer: string | null
  swap: string | null
}

const text = (value: number) => String(value)
const inUsd = (amount: number, price: number) => text(roundTo(amount * price, 2))

/**
 * Prices a swap of `amount` of the pair's base currency at the tenant's clock (decision 0068): the base amount rounded
 * to its precision and checked against the pair's limits; the exchange rate the two US-dollar prices' ratio; the 1 %
 * service fee, the tenant's default extra fee and a network fee worth 1 US dollar all taken in the quote currency,
 * in its minor units. Signed, so `execute_quote` needs only the signature.
 *
 * @example
 * quoteSwap(tenant, store, 'eth-usdc', 0.5, { customer: null, swap: null }).quoteCurrencyAmount // '1416.88' (seed 1, test mode)
 */
export function quoteSwap(
  tenant: Tenant,
  store: TenantStore,
  pairName: string,
  amount: number,
  purpose: SwapQuoteFor,
): SwapQuote {
  return priceSwap(tenant, store, swapPairNamed(tenant, pairName), amount, purpose)
}

/** {@link quoteSwap} for a pair already found (a requote names its swap's pair, which may since be suspended). */
export function priceSwap(
  tenant: Tenant,
  store: TenantStore,
  { pair, base, quote }: SwapPairOf,
  amount: number,
  purpose: SwapQuoteFor,
): SwapQuote {
  const field = 'baseCurrencyAmount'
  const baseAmount = roundTo(amount, base.precision)
  if (baseAmount < pair.minSwapAmount)
    throw SandboxError.invalidField(
      field,
      `${field} must be at least ${pair.minSwapAmount} (minSwapAmount of ${pair.pairName})`,
    )
  if (baseAmount > pair.maxSwapAmount)
    throw SandboxError.invalidField(
      field,
      `${field} must be at most ${pair.maxSwapAmount} (maxSwapAmount of ${pair.pairName})`,
    )
  const baseUsd = usdPrice(tenant, base.code)
  const quoteUsd = usdPrice(tenant, quote.code)
  const rate = roundSignificant(baseUsd / quoteUsd, 8)
  const precision = quote.precision
  const grossMinor = toMinor(baseAmount * rate, precision)
  const feeMinor = percentOfMinor(grossMinor, SWAP_FEE_PERCENT)
  const extraMinor = percentOfMinor(grossMinor, tenant.settings.defaultExtraFeePercentage)
  const networkMinor = Math.max(1, toMinor(SWAP_NETWORK_FEE_USD / quoteUsd, precision))
  const quoteMinor = grossMinor - feeMinor - extraMinor - networkMinor
  if (quoteMinor <= 0)
    throw SandboxError.invalidField(field, `${field} ${baseAmount} is too small: its value does not cover the fees`)
  const [quoteAmount, fee, extraFee, networkFee] = [quoteMinor, feeMinor, extraMinor, networkMinor].map((minor) =>
    fromMinor(minor, precision),
  ) as [number, number, number, number]

  const exp = tenant.clock.now() + SWAP_QUOTE_TTL_SECONDS * 1000
  const claims: SwapQuoteClaims = {
    id: newId(tenant, store, 'swq'),
    tenant: tenant.id,
    pair: pair.pairName,
    base: base.code,
    quote: quote.code,
    amounts: {
      base: text(baseAmount),
      quote: text(quoteAmount),
      fee: text(fee),
      extraFee: text(extraFee),
      networkFee: text(networkFee),
    },
    rate,
    exp,
    customer: purpose.customer,
    swap: purpose.swap,
  }
  return {
    id: claims.id,
    expiresAt: isoTime(exp),
    pairName: pair.pairName,
    signature: signSwapQuote(tenant, claims),
    exchangeRate: rate,
    baseCurrencyAmount: claims.amounts.base,
    quoteCurrencyAmount: claims.amounts.quote,
    feeAmount: claims.amounts.fee,
    extraFeeAmount: claims.amounts.extraFee,
    networkFeeAmount: claims.amounts.networkFee,
    baseCurrencyAmountInUSD: inUsd(baseAmount, baseUsd),
    quoteCurrencyAmountInUSD: inUsd(quoteAmount, quoteUsd),
    feeAmountInUSD: inUsd(fee, quoteUsd),
    extraFeeAmountInUSD: inUsd(extraFee, quoteUsd),
    networkFeeAmountInUSD: inUsd(networkFee, quoteUsd),
    baseCurrency: base,
    quoteCurrency: quote,
    feeCurrency: quote,
    liveMode: tenant.mode === 'live',
  }
}

/**
 * A swap quote's signature: `swq_<base64url claims>.<HMAC of the rest under the tenant's key>`. The claims are the
 * quote, so changing any amount (or the expiry, or whose it is) breaks the HMAC. A test signs with it claims the
 * sandbox would not make.
 *
 * @example
 * signSwapQuote(tenant, claims) // 'swq_eyJ….Xb3…'
 */
export function signSwapQuote(tenant: Tenant, claims: SwapQuoteClaims): string {
  const body = `swq_${textToBase64Url(JSON.stringify(claims))}`
  return `${body}.${tenant.sign(`swap-quote|${body}`)}`
}

const invalid = (why: string) => SandboxError.invalidField('signature', `signature ${why} (invalidQuote)`)

/**
 * The quote a signature carries, once its HMAC holds, it names this tenant and it has not expired; else a 400 naming
 * `signature` and saying why (invalidQuote).
 *
 * @example
 * readSwapQuote(tenant, quote.signature).amounts.base // '0.5'
 */
export function readSwapQuote(tenant: Tenant, signature: string): SwapQuoteClaims {
  const match = /^(swq_[A-Za-z0-9_-]{1,3000})\.([A-Za-z0-9_-]{43})$/.exec(signature)
  if (!match) throw invalid('is not a swap quote signature (GET /v4/swap/{pair}/quote answers one)')
  if (!tenant.verify(`swap-quote|${match[1]}`, match[2]))
    throw invalid('was not signed by this sandbox for this account: the quote was altered, or made elsewhere')
  let claims: SwapQuoteClaims
  try {
    claims = SwapQuoteClaims.parse(JSON.parse(base64UrlToText(match[1]!.slice(4)) ?? ''))
  } catch {
    throw invalid('does not carry a swap quote')
  }
  if (claims.tenant !== tenant.id) throw invalid('names another account')
  if (claims.exp <= tenant.clock.now())
    throw invalid(`names a quote that expired at ${isoTime(claims.exp)}: get a new quote`)
  return claims
}

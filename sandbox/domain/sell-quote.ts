import type { CryptoCurrency, FiatCurrency, PayoutFee, SellQuote, SellQuoteQuery } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { fromMinor, percentOfMinor, roundTo, toMinor } from '#contract/rounding.ts'
import { pairPrice } from './pricing.ts'
import { isoTime } from './iso-time.ts'

/** Seconds a sell quote stays valid on the tenant clock (DESIGN §4). */
const SELL_QUOTE_TTL_SECONDS = 30

/** Payout methods the request enum has and sell quotes never offer. */
const NOT_FOR_SELL = new Set(['gbp_open_banking_payment', 'pix_instant_payment'])

function sellableCrypto(tenant: Tenant, code: string): CryptoCurrency {
  const currency = tenant.catalog.currency(code)
  if (!currency)
    throw new SandboxError('not_found', `currencyCode ${code} is not a known currency; GET /v3/currencies lists them`)
  if (currency.type !== 'crypto')
    throw SandboxError.invalidField(
      'currencyCode',
      `currencyCode ${code} is a fiat currency; sell quotes need a crypto currency`,
    )
  if (currency.isSuspended)
    throw SandboxError.invalidField(
      'currencyCode',
      `currencyCode ${code} is suspended: no quote or transaction can be made`,
    )
  if (!currency.isSellSupported)
    throw SandboxError.invalidField('currencyCode', `currencyCode ${code} does not support sales`)
  if (tenant.mode === 'test' && !currency.supportsTestMode) {
    throw SandboxError.invalidField(
      'currencyCode',
      `currencyCode ${code} does not support test mode: use a currency with supportsTestMode or a live key`,
    )
  }
  return currency
}

function payoutFiat(tenant: Tenant, code: string): FiatCurrency {
  const currency = tenant.catalog.currency(code)
  if (!currency)
    throw SandboxError.invalidField('quoteCurrencyCode', `quoteCurrencyCode ${code} is not a known currency`)
  if (currency.type !== 'fiat')
    throw SandboxError.invalidField(
      'quoteCurrencyCode',
      `quoteCurrencyCode ${code} is a crypto currency; it must be a fiat currency`,
    )
  if (!currency.isSellSupported)
    throw SandboxError.invalidField('quoteCurrencyCode', `quoteCurrencyCode ${code} does not support sales`)
  return currency
}

function payoutFee(fees: PayoutFee[], requested: string | undefined, pairName: string): PayoutFee {
  if (fees.length === 0)
    throw SandboxError.invalidField(
      'quoteCurrencyCode',
      `sales of ${pairName} are not supported: the pair has no payout method`,
    )
  if (requested === undefined) return fees[0]!
  if (NOT_FOR_SELL.has(requested)) {
    throw SandboxError.invalidField(
      'payoutMethod',
      `payoutMethod ${requested} is not available for sell quotes; use one of ${fees.map((f) => f.method).join(', ')}`,
    )
  }
  const fee = fees.find((f) => f.method === requested)
  if (!fee)
    throw SandboxError.invalidField(
      'payoutMethod',
      `payoutMethod ${requested} is not supported for ${pairName}; use one of ${fees.map((f) => f.method).join(', ')}`,
    )
  return fee
}

/**
 * The amount sold: the request's amount (up to 5 decimals, the spec's limit for
 * every currency) rounded half up to the crypto's precision, then checked
 * against its sell limits.
 */
function soldAmount(crypto: CryptoCurrency, requested: number, amountText: string): number {
  const field = 'baseCurrencyAmount'
  const amount = roundTo(requested, crypto.precision)
  if (amount <= 0) {
    throw SandboxError.invalidField(
      field,
      `${field} ${amountText} rounds to 0 at ${crypto.code}'s precision (${crypto.precision} decimal places); sell at least ${fromMinor(1, crypto.precision)}`,
    )
  }
  if (crypto.minSellAmount !== null && amount < crypto.minSellAmount) {
    throw SandboxError.invalidField(
      field,
      `${field} must be at least ${crypto.minSellAmount} (minSellAmount of ${crypto.code})`,
    )
  }
  if (crypto.maxSellAmount !== null && amount > crypto.maxSellAmount) {
    throw SandboxError.invalidField(
      field,
      `${field} must be at most ${crypto.maxSellAmount} (maxSellAmount of ${crypto.code})`,
    )
  }
  return amount
}

/** The fields a sell-quote signature covers, in order. */
function signedText(q: SellQuote): string {
  return `sell|${q.baseCurrencyCode}|${q.quoteCurrencyCode}|${q.baseCurrencyAmount}|${q.quoteCurrencyAmount}|${q.baseCurrencyPrice}|${q.feeAmount}|${q.extraFeeAmount}|${q.payoutMethod}|${q.expiresAt}`
}

/**
 * Prices a sale of `currencyCode` for the tenant, at the tenant's clock. The
 * amount sold is the requested one rounded to the crypto's precision. Amounts
 * are computed in the fiat's minor units, so `quoteCurrencyAmount + feeAmount +
 * extraFeeAmount` is exactly the rounded gross. Every refusal is a
 * `SandboxError` naming the parameter and the rule.
 *
 * @example
 * quoteSell(tenant, 'eth', { quoteCurrencyCode: 'usd', baseCurrencyAmount: 0.5 }, '0.5')
 */
export function quoteSell(tenant: Tenant, currencyCode: string, query: SellQuoteQuery, amountText: string): SellQuote {
  const crypto = sellableCrypto(tenant, currencyCode)
  const fiat = payoutFiat(tenant, query.quoteCurrencyCode)
  const pair = tenant.catalog.pair(crypto.code, fiat.code)
  const pairName = `${crypto.code}/${fiat.code}`
  if (!pair) throw SandboxError.invalidField('quoteCurrencyCode', `sales of ${pairName} are not supported`)
  const fee = payoutFee(pair.payoutMethods, query.payoutMethod, pairName)
  const amount = soldAmount(crypto, query.baseCurrencyAmount, amountText)

  const now = tenant.clock.now()
  const price = pairPrice(tenant, pair, now)
  const precision = fiat.precision
  const extraFeePercentage = query.extraFeePercentage ?? tenant.settings.defaultExtraFeePercentage
  const grossMinor = toMinor(amount * price, precision)
  const feeMinor = Math.max(toMinor(fee.minimumFee, precision), percentOfMinor(grossMinor, fee.feePercent))
  const extraMinor = percentOfMinor(grossMinor, extraFeePercentage)
  const payoutMinor = grossMinor - feeMinor - extraMinor
  if (payoutMinor <= 0) {
    throw SandboxError.invalidField(
      'baseCurrencyAmount',
      `baseCurrencyAmount ${amountText} is too small: its value (${fromMinor(grossMinor, precision)} ${fiat.code}) does not cover the fees (${fromMinor(feeMinor + extraMinor, precision)} ${fiat.code})`,
    )
  }

  const quote: SellQuote = {
    quoteCurrencyCode: fiat.code,
    quoteCurrency: fiat,
    baseCurrencyCode: crypto.code,
    baseCurrency: crypto,
    baseCurrencyAmount: amount,
    quoteCurrencyAmount: fromMinor(payoutMinor, precision),
    baseCurrencyPrice: price,
    feeAmount: fromMinor(feeMinor, precision),
    extraFeeAmount: fromMinor(extraMinor, precision),
    payoutMethod: fee.method,
    expiresIn: SELL_QUOTE_TTL_SECONDS,
    expiresAt: isoTime(now + SELL_QUOTE_TTL_SECONDS * 1000),
    signature: null,
  }
  quote.signature = tenant.sign(signedText(quote))
  return quote
}

/**
 * Whether a sell quote was signed by this tenant and is unchanged and unexpired
 * on its clock: what executing a quote "in the fixed flow" checks.
 *
 * @example
 * verifySellQuote(tenant, quote) // 'valid' | 'tampered' | 'expired'
 */
export function verifySellQuote(tenant: Tenant, quote: SellQuote): 'valid' | 'tampered' | 'expired' {
  if (!tenant.verify(signedText(quote), quote.signature)) return 'tampered'
  if (quote.expiresAt !== null && Date.parse(quote.expiresAt) <= tenant.clock.now()) return 'expired'
  return 'valid'
}

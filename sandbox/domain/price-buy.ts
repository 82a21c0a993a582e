import type { CryptoCurrency, FeeBehavior, FiatCurrency, PaymentMethodType } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { amountsFromDestination, amountsFromSource, type BuyAmounts } from './buy-amounts.ts'
import { buyFeeSchedule } from './buy-fees.ts'
import { buyBoundsProblem } from './buy-quote-checks.ts'
import { pairPrice } from './pricing.ts'
import { uncounted, type StepCount } from './step-count.ts'

/** What a buy is priced from: one amount (the destination's wins), how fees apply, the method and the extra fee. */
export interface BuyPricingInput {
  sourceAmount?: number | undefined
  destinationAmount?: number | undefined
  feeBehavior: FeeBehavior
  method: PaymentMethodType | undefined
  /** The partner's extra (ecosystem) fee percentage. */
  extraFeePercentage: number
}

/** The request fields a refusal names: the platform's (`source.amount`) or the widget's (`baseCurrencyAmount`). */
interface BuyPricingFields {
  source: string
  destination: string
  /** Whether a bound's message starts with the field (the widget's `{message, type}` has no field list; the platform's has). */
  boundsNameField?: boolean
}

/** A priced buy: the crypto's price in the fiat at the tenant's clock, and the amounts. */
interface BuyPricing {
  price: number
  amounts: BuyAmounts
}

function decimalsOf(value: number): number {
  const text = String(value)
  return text.includes('e') ? 99 : (text.split('.')[1]?.length ?? 0)
}

/**
 * Prices a buy of `crypto` with `fiat` at the tenant's clock: the one computation behind the platform's
 * `POST /platform/v1/quotes/buy` and the widget's `GET /v3/currencies/{code}/buy_quote`, so both agree for the same
 * input. Refuses, naming the request's field, an amount with more decimals than its currency has, one that does not
 * cover the fees, and one out of the buy bounds (decision 0053). Priced by destination, it searches at most
 * `MAX_DESTINATION_STEPS` sources, counted into `count`.
 *
 * @example
 * priceBuy(tenant, usd, eth, { sourceAmount: 100, feeBehavior: 'inclusive', method: 'card', extraFeePercentage: 1 }, { source: 'source.amount', destination: 'destination.amount' })
 */
export function priceBuy(
  tenant: Tenant,
  fiat: FiatCurrency,
  crypto: CryptoCurrency,
  input: BuyPricingInput,
  fields: BuyPricingFields,
  count: StepCount = uncounted(),
): BuyPricing {
  checkBuyDecimals(fiat, crypto, input, fields)
  const price = buyPriceNow(tenant, fiat, crypto)
  const amounts = buyAmountsAt(tenant, fiat, crypto, price, input, fields, count)
  const outOfBounds = buyBoundsProblem(fiat, crypto, amounts)
  if (outOfBounds) {
    const field = input.destinationAmount !== undefined ? fields.destination : fields.source
    throw SandboxError.invalidField(
      field,
      fields.boundsNameField ? `${field} is out of bounds: ${outOfBounds.message}` : outOfBounds.message,
    )
  }
  return { price, amounts }
}

/**
 * Refuses an amount with more decimal places than its currency has, naming the field: checked before anything else
 * about the request, so `quoteBuy` calls it first and `priceBuy` again (a no-op the second time).
 */
export function checkBuyDecimals(
  fiat: FiatCurrency,
  crypto: CryptoCurrency,
  input: BuyPricingInput,
  fields: BuyPricingFields,
): void {
  if (
    input.destinationAmount === undefined &&
    input.sourceAmount !== undefined &&
    decimalsOf(input.sourceAmount) > fiat.precision
  ) {
    throw SandboxError.invalidField(
      fields.source,
      `${fields.source} must have at most ${fiat.precision} decimal places for ${fiat.code}`,
    )
  }
  if (input.destinationAmount !== undefined && decimalsOf(input.destinationAmount) > crypto.precision) {
    throw SandboxError.invalidField(
      fields.destination,
      `${fields.destination} must have at most ${crypto.precision} decimal places for ${crypto.code}`,
    )
  }
}

/** The price of `crypto` in `fiat` at the tenant's clock (every pair of the catalog has one). */
export function buyPriceNow(tenant: Tenant, fiat: FiatCurrency, crypto: CryptoCurrency): number {
  return pairPrice(tenant, tenant.catalog.pair(crypto.code, fiat.code)!)
}

/**
 * The amounts of a buy at `price`, unchecked against the bounds (what `priceBuy` and the limits search share): by
 * destination amount when one is given (always fees-inclusive; the search's steps counted into `count`), else by
 * source amount with `feeBehavior`.
 */
export function buyAmountsAt(
  tenant: Tenant,
  fiat: FiatCurrency,
  crypto: CryptoCurrency,
  price: number,
  input: BuyPricingInput,
  fields: BuyPricingFields,
  count: StepCount = uncounted(),
): BuyAmounts {
  const schedule = buyFeeSchedule(tenant.catalog, fiat, crypto, input.method, input.extraFeePercentage)
  const units = { price, fiatPrecision: fiat.precision, cryptoPrecision: crypto.precision }
  return input.destinationAmount !== undefined
    ? amountsFromDestination(input.destinationAmount, schedule, units, count, fields.destination)
    : amountsFromSource(input.sourceAmount!, input.feeBehavior, schedule, units, fields.source)
}

import {
  fromMinor,
  toMinor,
  type PaymentMethodType,
  type WidgetBuyPaymentMethod,
  type WidgetBuyQuote,
  type WidgetBuyQuoteQuery,
} from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { CryptoCurrency } from '#contract/index.ts'
import { accountId } from './account-details.ts'
import { BUY_QUOTE_TTL_SECONDS } from './buy-quote.ts'
import { destinationCrypto, sourceFiat } from './buy-quote-checks.ts'
import { isoTime } from './iso-time.ts'
import { priceBuy } from './price-buy.ts'
import type { StepCount } from './step-count.ts'

/** The widget request's amount fields, as refusals name them. */
export const WIDGET_BUY_FIELDS = {
  source: 'baseCurrencyAmount',
  destination: 'quoteCurrencyAmount',
  boundsNameField: true,
}

/**
 * The platform's payment method type for a widget buy payment method (`credit_debit_card` is `card`).
 *
 * @example
 * platformMethodOf('credit_debit_card') // 'card'
 */
export function platformMethodOf(method: WidgetBuyPaymentMethod): PaymentMethodType {
  switch (method) {
    case 'credit_debit_card':
      return 'card'
    case 'apple_pay':
    case 'google_pay':
      return method
  }
}

/** The widget's name of a platform payment method type (`card` is `credit_debit_card`). */
export function widgetMethodOf(type: PaymentMethodType): WidgetBuyPaymentMethod {
  return type === 'card' ? 'credit_debit_card' : type
}

/**
 * The crypto a widget buy route names in its path (`currencyCode`): unknown is 404 (as for sell quotes); a fiat, a
 * suspended one or one without test mode under a test key is 400 naming `currencyCode`.
 */
export function widgetBuyCrypto(tenant: Tenant, code: string): CryptoCurrency {
  if (!tenant.catalog.currency(code))
    throw new SandboxError('not_found', `currencyCode ${code} is not a known currency; GET /v3/currencies lists them`)
  return destinationCrypto(tenant.catalog, code, tenant.mode, undefined, 'currencyCode')
}

/** What a widget buy quote's signature covers. */
function signedText(q: WidgetBuyQuote): string {
  return `widget-buy|${q.accountId}|${q.baseCurrencyCode}|${q.quoteCurrencyCode}|${q.baseCurrencyAmount}|${q.quoteCurrencyAmount}|${q.quoteCurrencyPrice}|${q.feeAmount}|${q.extraFeeAmount}|${q.networkFeeAmount}|${q.totalAmount}|${q.paymentMethod}|${q.expiresAt}`
}

/**
 * Prices a buy of `currencyCode` for the widget API with the platform buy quote's code (`priceBuy`), so the same
 * fiat, crypto, amount, method and fee behaviour give the same price, fees and total. `baseCurrencyAmount` is the
 * fiat converted (the total less every fee); `areFeesIncluded` defaults to false (fees on top); the extra fee to the
 * tenant's `defaultExtraFeePercentage`; the method to `credit_debit_card`. Signed with the tenant's secret, valid
 * `BUY_QUOTE_TTL_SECONDS` on its clock (decision 0066). Priced by `quoteCurrencyAmount`, its search's steps are counted
 * into `count` (at most `MAX_DESTINATION_STEPS`).
 *
 * @example
 * quoteWidgetBuy(tenant, 'eth', { baseCurrencyCode: 'usd', baseCurrencyAmount: 100, areFeesIncluded: true })
 */
export function quoteWidgetBuy(
  tenant: Tenant,
  currencyCode: string,
  query: WidgetBuyQuoteQuery,
  count?: StepCount,
): WidgetBuyQuote {
  const crypto = widgetBuyCrypto(tenant, currencyCode)
  const fiat = sourceFiat(tenant.catalog, query.baseCurrencyCode, 'baseCurrencyCode')
  const method = query.paymentMethod ?? 'credit_debit_card'
  const extraFeePercentage = query.extraFeePercentage ?? tenant.settings.defaultExtraFeePercentage
  const input = {
    destinationAmount: query.quoteCurrencyAmount,
    sourceAmount: query.quoteCurrencyAmount === undefined ? query.baseCurrencyAmount : undefined,
    feeBehavior: query.areFeesIncluded === true ? 'inclusive' : 'exclusive',
    method: platformMethodOf(method),
    extraFeePercentage,
  } as const
  const { price, amounts } = priceBuy(tenant, fiat, crypto, input, WIDGET_BUY_FIELDS, count)
  const p = fiat.precision
  const converted =
    toMinor(amounts.total, p) -
    toMinor(amounts.fees.network, p) -
    toMinor(amounts.fees.service, p) -
    toMinor(amounts.fees.ecosystem, p)
  const quote: WidgetBuyQuote = {
    accountId: accountId(tenant),
    baseCurrency: fiat,
    quoteCurrency: crypto,
    baseCurrencyCode: fiat.code,
    quoteCurrencyCode: crypto.code,
    baseCurrencyAmount: fromMinor(converted, p),
    quoteCurrencyAmount: amounts.destination,
    quoteCurrencyPrice: price,
    feeAmount: amounts.fees.service,
    extraFeePercentage,
    extraFeeAmount: amounts.fees.ecosystem,
    networkFeeAmount: amounts.fees.network,
    networkFeeAmountNonRefundable: false,
    totalAmount: amounts.total,
    paymentMethod: method,
    externalId: null,
    externalCustomerId: null,
    signature: null,
    expiresIn: BUY_QUOTE_TTL_SECONDS,
    expiresAt: isoTime(tenant.clock.now() + BUY_QUOTE_TTL_SECONDS * 1000),
  }
  quote.signature = tenant.sign(signedText(quote))
  return quote
}

/**
 * Whether a widget buy quote was signed by this tenant, is unchanged and unexpired on its clock.
 *
 * @example
 * verifyWidgetBuyQuote(tenant, quote) // 'valid' | 'tampered' | 'expired'
 */
export function verifyWidgetBuyQuote(tenant: Tenant, quote: WidgetBuyQuote): 'valid' | 'tampered' | 'expired' {
  if (!tenant.verify(signedText(quote), quote.signature)) return 'tampered'
  return quote.expiresAt !== null && Date.parse(quote.expiresAt) <= tenant.clock.now() ? 'expired' : 'valid'
}

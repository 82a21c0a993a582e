import { z } from 'zod'
import { CryptoCurrency, CurrencyCode, FiatCurrency, IsoTimestamp } from './currency.ts'
import { queryNumber } from './query-number.ts'
import { ExtraFeePercentage } from './sell-quote.ts'

/**
 * The buy payment methods the widget API names (tag On-ramp), each one of the platform's: `credit_debit_card` is
 * the platform's `card` (decision 0066). The service's bank-transfer methods have no sandbox buy.
 */
export const WidgetBuyPaymentMethod = z.enum(['credit_debit_card', 'apple_pay', 'google_pay'], {
  error: 'paymentMethod must be one of credit_debit_card, apple_pay, google_pay',
})
export type WidgetBuyPaymentMethod = z.infer<typeof WidgetBuyPaymentMethod>

const amountText = /^(?=.{1,40}$)[0-9]+(\.[0-9]+)?$/

/** A positive decimal amount as sent in the query string, named `field` in its messages. */
function queryAmount(field: string, description: string) {
  return queryNumber(
    z
      .string({ error: `${field} is required` })
      .regex(amountText, `${field} must be a positive decimal number such as 100 or 0.5 (digits 0-9 and one dot)`)
      .transform(Number)
      .refine((n) => n > 0, `${field} must be positive`)
      .refine((n) => n <= 1e12, `${field} must be at most 1000000000000`),
    { type: 'number', exclusiveMinimum: 0, description },
  )
}

/** A lower-cased currency code as sent in the query string, named `field` in its messages. */
function queryCode(field: string) {
  return z
    .string({ error: `${field} is required` })
    .min(1, `${field} must not be empty`)
    .max(32, `${field} must be at most 32 characters`)
    .transform((code) => code.toLowerCase())
}

/** `areFeesIncluded` as sent: `true` or `false`. */
const AreFeesIncluded = z
  .enum(['true', 'false'], { error: 'areFeesIncluded must be true or false' })
  .transform((text) => text === 'true')

/**
 * Query of `GET /v3/currencies/{code}/buy_quote`: the fiat, and the amount to spend (`baseCurrencyAmount`) or to
 * buy (`quoteCurrencyAmount`, which wins when both are given).
 */
export const WidgetBuyQuoteQuery = z
  .object({
    baseCurrencyCode: queryCode('baseCurrencyCode'),
    baseCurrencyAmount: queryAmount(
      'baseCurrencyAmount',
      'Fiat to spend; fees included or on top as areFeesIncluded says',
    ).optional(),
    quoteCurrencyAmount: queryAmount(
      'quoteCurrencyAmount',
      'Crypto to buy (fees are always on top); wins over baseCurrencyAmount',
    ).optional(),
    extraFeePercentage: ExtraFeePercentage.optional(),
    paymentMethod: WidgetBuyPaymentMethod.optional(),
    areFeesIncluded: AreFeesIncluded.optional(),
  })
  .refine((q) => q.baseCurrencyAmount !== undefined || q.quoteCurrencyAmount !== undefined, {
    message: 'baseCurrencyAmount or quoteCurrencyAmount is required',
    path: ['baseCurrencyAmount'],
  })
export type WidgetBuyQuoteQuery = z.infer<typeof WidgetBuyQuoteQuery>

/**
 * Response of `GET /v3/currencies/{code}/buy_quote`: priced by the platform buy quote's code. `baseCurrencyAmount`
 * is the fiat converted, so `totalAmount = baseCurrencyAmount + feeAmount + extraFeeAmount + networkFeeAmount`.
 */
export const WidgetBuyQuote = z.object({
  accountId: z.string().min(1),
  baseCurrency: FiatCurrency,
  quoteCurrency: CryptoCurrency,
  baseCurrencyCode: CurrencyCode,
  quoteCurrencyCode: CurrencyCode,
  baseCurrencyAmount: z.number().positive(),
  quoteCurrencyAmount: z.number().positive(),
  quoteCurrencyPrice: z.number().positive(),
  feeAmount: z.number().nonnegative(),
  extraFeePercentage: z.number().int().min(0).max(10),
  extraFeeAmount: z.number().nonnegative(),
  networkFeeAmount: z.number().nonnegative(),
  networkFeeAmountNonRefundable: z.boolean(),
  totalAmount: z.number().positive(),
  paymentMethod: WidgetBuyPaymentMethod,
  externalId: z.string().nullable(),
  externalCustomerId: z.string().nullable(),
  signature: z.string().nullable(),
  expiresIn: z.number().int().positive().nullable(),
  expiresAt: IsoTimestamp.nullable(),
})
export type WidgetBuyQuote = z.infer<typeof WidgetBuyQuote>

/** Query of `GET /v3/currencies/{code}/limits`. */
export const BuyLimitsQuery = z.object({
  baseCurrencyCode: queryCode('baseCurrencyCode'),
  areFeesIncluded: AreFeesIncluded.optional(),
  paymentMethod: WidgetBuyPaymentMethod.optional(),
})
export type BuyLimitsQuery = z.infer<typeof BuyLimitsQuery>

/** One side of the buy limits: the smallest and largest amount a buy quote accepts in that currency (null: no bound). */
export const BuyLimitSide = z.object({
  code: CurrencyCode,
  minBuyAmount: z.number().positive(),
  maxBuyAmount: z.number().positive().nullable(),
})
export type BuyLimitSide = z.infer<typeof BuyLimitSide>

/** Response of `GET /v3/currencies/{code}/limits`. */
export const BuyLimits = z.object({
  baseCurrency: BuyLimitSide,
  quoteCurrency: BuyLimitSide,
  paymentMethod: WidgetBuyPaymentMethod,
})
export type BuyLimits = z.infer<typeof BuyLimits>

/** A comma-separated list of currency codes (1 to 50), lower-cased. */
function codeList(field: string) {
  return z
    .string({ error: `${field} is required` })
    .min(1, `${field} must not be empty`)
    .max(1000, `${field} must be at most 1000 characters`)
    .transform((text) => text.split(',').map((code) => code.trim().toLowerCase()))
    .refine(
      (codes) => codes.every((code) => code.length > 0),
      `${field} must be currency codes separated by commas, none empty`,
    )
    .refine((codes) => codes.length <= 50, `${field} must name at most 50 currencies`)
}

/** Query of `GET /v3/currencies/network_fees`: both lists required. */
export const NetworkFeesQuery = z.object({
  cryptoCurrencies: codeList('cryptoCurrencies'),
  fiatCurrencies: codeList('fiatCurrencies'),
})
export type NetworkFeesQuery = z.infer<typeof NetworkFeesQuery>

/** Response of `GET /v3/currencies/network_fees`: `{ "ETH": { "USD": 2.5 } }`, codes upper-cased (decision 0066). */
export const NetworkFees = z.record(z.string(), z.record(z.string(), z.number().nonnegative()))
export type NetworkFees = z.infer<typeof NetworkFees>

/** Response of `GET /v3/currencies/{code}/ask_price`: the crypto's price in US dollars, euros and pounds now. */
export const AskPrice = z.object({ USD: z.number().positive(), EUR: z.number().positive(), GBP: z.number().positive() })
export type AskPrice = z.infer<typeof AskPrice>

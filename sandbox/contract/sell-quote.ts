import { z } from 'zod'
import { CryptoCurrency, FiatCurrency, IsoTimestamp } from './currency.ts'
import { RequestPayoutMethod, SellPayoutMethod } from './payout-method.ts'
import { queryNumber } from './query-number.ts'

/** Response of `GET /v3/currencies/{currencyCode}/sell_quote` (spec: SellQuote). */
export const SellQuote = z.object({
  quoteCurrencyCode: z.string(),
  quoteCurrency: FiatCurrency,
  baseCurrencyCode: z.string(),
  baseCurrency: CryptoCurrency,
  baseCurrencyAmount: z.number().positive(),
  quoteCurrencyAmount: z.number().positive(),
  baseCurrencyPrice: z.number().positive(),
  feeAmount: z.number().positive(),
  // The spec says "positive", yet allows extraFeePercentage 0: see docs/decisions/0009.
  extraFeeAmount: z.number().nonnegative(),
  payoutMethod: SellPayoutMethod,
  signature: z.string().nullable(),
  expiresIn: z.number().nullable(),
  expiresAt: IsoTimestamp.nullable(),
})
export type SellQuote = z.infer<typeof SellQuote>

const MAX_DECIMALS = 5
const decimalText = /^[0-9]+(\.[0-9]+)?$/
/** What an acceptable amount looks like: at most 40 characters, digits and up to 5 decimals. */
const amountText = /^(?=.{1,40}$)[0-9]+(\.[0-9]{1,5})?$/

/** Says which rule an amount text breaks (only called once it failed `amountText`). */
function amountProblem(text: unknown): string {
  if (typeof text !== 'string') return 'baseCurrencyAmount is required'
  if (text.length === 0) return 'baseCurrencyAmount must not be empty'
  if (text.length > 40) return 'baseCurrencyAmount must be at most 40 characters'
  if (text.startsWith('-') && decimalText.test(text.slice(1))) return 'baseCurrencyAmount must be positive'
  if (!decimalText.test(text)) return 'baseCurrencyAmount must be a decimal number such as 0.5 (digits 0-9 and one dot)'
  return `baseCurrencyAmount must have at most ${MAX_DECIMALS} decimal places`
}

/**
 * `baseCurrencyAmount` as sent in the query string: ASCII decimal text, positive,
 * at most 5 decimal places. Exponents, signs, `NaN`, `Infinity` and non-ASCII
 * digits are refused with a message naming the rule. One regex on the success
 * path: this runs on every quote.
 */
export const BaseCurrencyAmount = queryNumber(
  z
    .string({ error: 'baseCurrencyAmount is required' })
    .regex(amountText, { error: (issue) => amountProblem(issue.input) })
    .transform(Number)
    .refine((amount) => amount > 0, 'baseCurrencyAmount must be positive'),
  {
    type: 'number',
    exclusiveMinimum: 0,
    description: 'Positive; how much crypto the customer sells; up to 5 decimal digits',
  },
)

/**
 * `extraFeePercentage` as sent in the query string: an integer from 0 to 10.
 * A negative integer is told the range, not that it is no integer.
 */
export const ExtraFeePercentage = queryNumber(
  z
    .string()
    .regex(/^-?[0-9]{1,6}$/, 'extraFeePercentage must be an integer from 0 to 10')
    .transform(Number)
    .refine((n) => n >= 0, 'extraFeePercentage must be at least 0 (an integer from 0 to 10)')
    .refine((n) => n <= 10, 'extraFeePercentage must be at most 10'),
  {
    type: 'integer',
    minimum: 0,
    maximum: 10,
    description: "The partner's extra fee percentage; when omitted, the account's default applies",
  },
)

/**
 * Query of the sell-quote endpoint, as strings off the wire. `quoteCurrencyCode`
 * and `baseCurrencyAmount` are required (DESIGN §4); `payoutMethod` defaults to
 * the pair's first supported method; `extraFeePercentage` to the account's value.
 */
export const SellQuoteQuery = z.object({
  quoteCurrencyCode: z
    .string({ error: 'quoteCurrencyCode is required' })
    .min(1, 'quoteCurrencyCode must not be empty')
    .max(32, 'quoteCurrencyCode must be at most 32 characters')
    .transform((code) => code.toLowerCase()),
  baseCurrencyAmount: BaseCurrencyAmount,
  extraFeePercentage: ExtraFeePercentage.optional(),
  payoutMethod: RequestPayoutMethod.optional(),
})
export type SellQuoteQuery = z.infer<typeof SellQuoteQuery>

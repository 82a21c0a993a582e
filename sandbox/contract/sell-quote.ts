import { z } from 'zod'
import { CryptoCurrency, FiatCurrency, IsoTimestamp } from './currency.ts'
import { RequestPayoutMethod, SellPayoutMethod } from './payout-method.ts'

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

/**
 * `baseCurrencyAmount` as sent in the query string: ASCII decimal text, positive,
 * at most 5 decimal places. Exponents, signs, `NaN`, `Infinity` and non-ASCII
 * digits are refused with a message naming the rule.
 */
export const BaseCurrencyAmount = z
  .string({ error: 'baseCurrencyAmount is required' })
  .superRefine((text, ctx) => {
    if (text.length === 0) return void ctx.addIssue({ code: 'custom', message: 'baseCurrencyAmount must not be empty' })
    if (text.length > 40) return void ctx.addIssue({ code: 'custom', message: 'baseCurrencyAmount must be at most 40 characters' })
    if (text.startsWith('-') && decimalText.test(text.slice(1))) {
      return void ctx.addIssue({ code: 'custom', message: 'baseCurrencyAmount must be positive' })
    }
    if (!decimalText.test(text)) {
      return void ctx.addIssue({ code: 'custom', message: 'baseCurrencyAmount must be a decimal number such as 0.5 (digits 0-9 and one dot)' })
    }
    const decimals = text.split('.')[1]?.length ?? 0
    if (decimals > MAX_DECIMALS) {
      return void ctx.addIssue({ code: 'custom', message: `baseCurrencyAmount must have at most ${MAX_DECIMALS} decimal places` })
    }
    if (Number(text) <= 0) return void ctx.addIssue({ code: 'custom', message: 'baseCurrencyAmount must be positive' })
  })
  .transform(Number)

/** `extraFeePercentage` as sent in the query string: an integer from 0 to 10. */
export const ExtraFeePercentage = z
  .string()
  .regex(/^[0-9]{1,3}$/, 'extraFeePercentage must be an integer')
  .transform(Number)
  .refine((n) => n <= 10, 'extraFeePercentage must be at most 10')

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

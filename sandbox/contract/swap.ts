import { z } from 'zod'
import { CryptoCurrency, IsoTimestamp } from './currency.ts'
import { BaseCurrencyAmount } from './sell-quote.ts'

/** A decimal amount as the Swaps group sends it: text, never a float (`"0.5"`, `"1234.56"`). */
export const DecimalString = z.string().regex(/^[0-9]+(\.[0-9]+)?$/, 'must be a decimal number as text')

/** One swap pair of `GET /v4/swap/pairs` (decision 0068): limits in base and quote units, `pairName` `<base>-<quote>`. */
export const SwapPair = z.object({
  baseCurrencyCode: z.string(),
  baseCurrencyNetworkCode: z.string(),
  quoteCurrencyCode: z.string(),
  quoteCurrencyNetworkCode: z.string(),
  minSwapAmount: z.number().positive(),
  maxSwapAmount: z.number().positive(),
  minSwapAmountQuote: z.number().positive(),
  maxSwapAmountQuote: z.number().positive(),
  pairName: z.string(),
  isSuspended: z.boolean(),
})
export type SwapPair = z.infer<typeof SwapPair>

/** Response of `GET /v4/swap/pairs`. */
export const SwapPairList = z.array(SwapPair)
export type SwapPairList = z.infer<typeof SwapPairList>

/** Query of `GET /v4/swap/{pair}/quote`: how much of the base currency is swapped (text, up to 5 decimals). */
export const SwapQuoteQuery = z.object({ baseCurrencyAmount: BaseCurrencyAmount })
export type SwapQuoteQuery = z.infer<typeof SwapQuoteQuery>

/**
 * A swap quote (and a requote): amounts as text in their currency's units, fees in the quote currency
 * (`feeCurrency`), each with its value in US dollars. `signature` carries the quote itself, signed by the
 * tenant: executing it needs nothing else (decision 0068).
 */
export const SwapQuote = z.object({
  id: z.string(),
  expiresAt: IsoTimestamp,
  pairName: z.string(),
  signature: z.string(),
  exchangeRate: z.number().positive(),
  baseCurrencyAmount: DecimalString,
  quoteCurrencyAmount: DecimalString,
  feeAmount: DecimalString,
  extraFeeAmount: DecimalString,
  networkFeeAmount: DecimalString,
  baseCurrencyAmountInUSD: DecimalString,
  quoteCurrencyAmountInUSD: DecimalString,
  feeAmountInUSD: DecimalString,
  extraFeeAmountInUSD: DecimalString,
  networkFeeAmountInUSD: DecimalString,
  baseCurrency: CryptoCurrency,
  quoteCurrency: CryptoCurrency,
  feeCurrency: CryptoCurrency,
  liveMode: z.boolean(),
})
export type SwapQuote = z.infer<typeof SwapQuote>

/**
 * What a swap quote's signature carries (base64url JSON before the HMAC): parsed like any outside input, trusted
 * only once the HMAC holds. `customer` binds it to the customer whose token asked for it (null: any customer);
 * `swap` marks a requote of that swap.
 */
export const SwapQuoteClaims = z.strictObject({
  id: z.string().min(1).max(64),
  tenant: z.string().max(200),
  pair: z.string().max(80),
  base: z.string().max(32),
  quote: z.string().max(32),
  amounts: z.strictObject({
    base: DecimalString,
    quote: DecimalString,
    fee: DecimalString,
    extraFee: DecimalString,
    networkFee: DecimalString,
  }),
  rate: z.number().positive(),
  exp: z.number().int(),
  customer: z.string().max(64).nullable(),
  swap: z.string().max(64).nullable(),
})
export type SwapQuoteClaims = z.infer<typeof SwapQuoteClaims>

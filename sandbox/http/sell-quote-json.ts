import type { SellQuote } from '#contract/index.ts'

const cachedText = new WeakMap<object, string>()

/** JSON of a catalog object, computed once: catalog objects are frozen. */
function cachedJson(value: object): string {
  let text = cachedText.get(value)
  if (text === undefined) {
    text = JSON.stringify(value)
    cachedText.set(value, text)
  }
  return text
}

/**
 * `JSON.stringify(quote)`, byte for byte, but with the two embedded currency
 * objects serialized once per currency instead of once per quote: they are most
 * of the body, and the quote is the hottest route.
 *
 * @example
 * sellQuoteJson(quote) === JSON.stringify(quote) // true
 */
export function sellQuoteJson(quote: SellQuote): string {
  return (
    `{"quoteCurrencyCode":${JSON.stringify(quote.quoteCurrencyCode)},"quoteCurrency":${cachedJson(quote.quoteCurrency)},` +
    `"baseCurrencyCode":${JSON.stringify(quote.baseCurrencyCode)},"baseCurrency":${cachedJson(quote.baseCurrency)},` +
    `"baseCurrencyAmount":${quote.baseCurrencyAmount},"quoteCurrencyAmount":${quote.quoteCurrencyAmount},` +
    `"baseCurrencyPrice":${quote.baseCurrencyPrice},"feeAmount":${quote.feeAmount},"extraFeeAmount":${quote.extraFeeAmount},` +
    `"payoutMethod":${JSON.stringify(quote.payoutMethod)},"expiresIn":${JSON.stringify(quote.expiresIn)},` +
    `"expiresAt":${JSON.stringify(quote.expiresAt)},"signature":${JSON.stringify(quote.signature)}}`
  )
}

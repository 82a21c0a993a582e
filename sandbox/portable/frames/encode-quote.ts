import type { BuyQuote } from '#contract/index.ts'
import { textToBase64Url } from '../base64url.ts'

/**
 * A quote as the `quote` frame parameter carries it: base64url of its JSON. Apart from the purchase machine, which
 * decodes it, so the client and React Native entries (and their declarations) reach no server module through it.
 *
 * @example
 * encodeQuote(quote) // 'eyJzb3VyY2Ui…'
 */
export function encodeQuote(quote: BuyQuote): string {
  return textToBase64Url(JSON.stringify(quote))
}

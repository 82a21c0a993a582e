import type { BuyQuote, PaymentMethodType } from '#contract/index.ts'
import type { PurchaseFrame } from './purchase-gate.ts'

/** The payment method type each buy frame pays with. */
export const PAYS_WITH: Record<PurchaseFrame, PaymentMethodType> = {
  buy: 'card',
  'buy-button': 'card',
  'apple-pay': 'apple_pay',
  'google-pay': 'google_pay',
}

/** Why a quote cannot be paid in a frame (wrong payment method, not executable), or undefined. */
export function quoteProblem(frame: PurchaseFrame, quote: BuyQuote): string | undefined {
  const type = PAYS_WITH[frame]
  if (quote.paymentMethod?.type !== type)
    return `the ${frame} frame pays with ${type}; this quote pays with ${quote.paymentMethod?.type ?? 'no payment method'}`
  if (!quote.executable || quote.signature === null)
    return 'the quote is not executable: quote with full credentials, a wallet and a payment method (a card by its stored id)'
  return undefined
}

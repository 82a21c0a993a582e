import type { BuyQuote } from '#contract/index.ts'
import type { PurchaseOutcome } from '../effect-results.ts'
import type { FrameView } from '../machine.ts'

type Details = NonNullable<FrameView['details']>

/**
 * An amount as a checkout shows it: fiat with two decimals, crypto with up to eight (trailing zeros dropped), and
 * the upper-case code.
 *
 * @example
 * money(100, 'usd') // '100.00 USD'
 * money(0.0333, 'eth', 'crypto') // '0.0333 ETH'
 */
export function money(amount: number, code: string, kind: 'fiat' | 'crypto' = 'fiat'): string {
  const text = kind === 'fiat' ? amount.toFixed(2) : amount.toFixed(8).replace(/\.?0+$/, '')
  return `${text} ${code.toUpperCase()}`
}

/** What the customer pays for a quote (its `totalAmount`, fees included). @example payAmount(quote) // '100.00 USD' */
export function payAmount(quote: BuyQuote): string {
  return money(quote.totalAmount, quote.source.asset.code)
}

/** The fees of a quote, summed, in its source currency. @example feesOf(quote) // '3.00 USD' */
function feesOf(quote: BuyQuote): string {
  const { network, service, ecosystem } = quote.fees
  return money(network + service + ecosystem, quote.source.asset.code)
}

/** The rate of a quote: one unit of crypto in fiat. @example rateOf(quote) // '1 ETH = 3000.00 USD' */
function rateOf(quote: BuyQuote): string {
  return `1 ${quote.destination.asset.code.toUpperCase()} = ${money(quote.exchangeRate, quote.source.asset.code)}`
}

/**
 * The order a quote makes, as a pay screen lists it: what the customer gets, the rate, the fees and the total.
 *
 * @example
 * quoteDetails(sampleQuote()) // [{ label: 'You get', value: '0.03 ETH' }, { label: 'Rate', … }, { label: 'Fees', value: '3.00 USD' }, { label: 'Total', value: '100.00 USD' }]
 */
export function quoteDetails(quote: BuyQuote): Details {
  return [
    { label: 'You get', value: money(quote.destination.amount, quote.destination.asset.code, 'crypto') },
    { label: 'Rate', value: rateOf(quote) },
    { label: 'Fees', value: feesOf(quote) },
    { label: 'Total', value: payAmount(quote) },
  ]
}

/**
 * A purchase's receipt: the transaction's id and status (and failure code), then the order's amount, rate and fees.
 *
 * @example
 * receiptDetails({ transaction: { id: 'txn_1', status: 'pending' } }, quote)[0] // { label: 'Transaction', value: 'txn_1' }
 */
export function receiptDetails(outcome: PurchaseOutcome, quote?: BuyQuote): Details {
  return [
    { label: 'Transaction', value: outcome.transaction.id ?? 'none' },
    { label: 'Status', value: outcome.transaction.status },
    ...(outcome.failureCode ? [{ label: 'Failure', value: outcome.failureCode }] : []),
    ...(quote
      ? [
          { label: 'Amount', value: payAmount(quote) },
          { label: 'You get', value: money(quote.destination.amount, quote.destination.asset.code, 'crypto') },
          { label: 'Rate', value: rateOf(quote) },
          { label: 'Fees', value: feesOf(quote) },
        ]
      : []),
  ]
}

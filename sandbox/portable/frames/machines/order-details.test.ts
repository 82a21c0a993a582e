import { describe, expect, it } from 'vitest'
import { money, payAmount, quoteDetails, receiptDetails } from './order-details.ts'
import { sampleQuote } from './purchase-test-kit.ts'

const quote = sampleQuote()

describe('order details', () => {
  it('shows fiat with two decimals and crypto with up to eight, codes upper-case', () => {
    expect([money(100, 'usd'), money(0.5, 'eur'), money(0.03, 'eth', 'crypto'), money(1 / 3, 'btc', 'crypto')]).toEqual(
      ['100.00 USD', '0.50 EUR', '0.03 ETH', '0.33333333 BTC'],
    )
  })

  it('pays the quote total, fees included', () => {
    expect(payAmount(sampleQuote({ totalAmount: 103, feeBehavior: 'exclusive' }))).toBe('103.00 USD')
  })

  it('lists what the customer gets, the rate, the summed fees and the total of a quote', () => {
    expect(quoteDetails(quote)).toEqual([
      { label: 'You get', value: '0.03 ETH' },
      { label: 'Rate', value: '1 ETH = 3000.00 USD' },
      { label: 'Fees', value: '3.00 USD' },
      { label: 'Total', value: '100.00 USD' },
    ])
  })

  it('puts the transaction id and status first on a receipt, then the amount, rate and fees', () => {
    expect(receiptDetails({ transaction: { id: 'txn_1', status: 'pending' } }, quote).map((d) => d.label)).toEqual([
      'Transaction',
      'Status',
      'Amount',
      'You get',
      'Rate',
      'Fees',
    ])
    expect(receiptDetails({ transaction: { id: 'txn_1', status: 'pending' } }, quote).slice(0, 2)).toEqual([
      { label: 'Transaction', value: 'txn_1' },
      { label: 'Status', value: 'pending' },
    ])
  })

  it('names the failure code on the receipt of a failed purchase', () => {
    expect(
      receiptDetails({ transaction: { id: null, status: 'failed' }, failureCode: 'authorizationDeclined' }),
    ).toEqual([
      { label: 'Transaction', value: 'none' },
      { label: 'Status', value: 'failed' },
      { label: 'Failure', value: 'authorizationDeclined' },
    ])
  })
})

import { describe, expect, it } from 'vitest'
import { SellQuote } from '#contract/index.ts'
import { createSandboxCore } from './sandbox-core.ts'
import { send } from './test-request.ts'
import { sellQuoteJson } from './sell-quote-json.ts'

describe('sellQuoteJson', () => {
  it('writes exactly what JSON.stringify writes, for every sellable pair', async () => {
    const core = createSandboxCore()
    let checked = 0
    for (const crypto of core.catalog.currencies.filter((c) => c.type === 'crypto')) {
      for (const fiat of ['usd', 'eur', 'jpy', 'kwd']) {
        const amount = crypto.type === 'crypto' && crypto.minSellAmount !== null ? crypto.minSellAmount * 2 : 1
        const response = await send(
          core,
          `GET /v3/currencies/${crypto.code}/sell_quote?apiKey=pk_live_json&quoteCurrencyCode=${fiat}&baseCurrencyAmount=${amount}`,
        )
        if (response.status !== 200) continue
        const quote = SellQuote.parse(response.body)
        expect(sellQuoteJson(quote)).toBe(JSON.stringify(response.body))
        checked++
      }
    }
    expect(checked).toBeGreaterThan(50)
  })

  it('writes null expiry and signature as null', () => {
    const core = createSandboxCore()
    const [fiat, crypto] = [core.catalog.currency('usd'), core.catalog.currency('eth')]
    const quote = {
      quoteCurrencyCode: 'usd',
      quoteCurrency: fiat,
      baseCurrencyCode: 'eth',
      baseCurrency: crypto,
      baseCurrencyAmount: 1,
      quoteCurrencyAmount: 2,
      baseCurrencyPrice: 3,
      feeAmount: 1,
      extraFeeAmount: 0,
      payoutMethod: 'ach_bank_transfer',
      expiresIn: null,
      expiresAt: null,
      signature: null,
    } as SellQuote
    expect(sellQuoteJson(quote)).toBe(JSON.stringify(quote))
  })
})

import { describe, expect, it } from 'vitest'
import { SellQuote } from '#contract/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { conforms, send } from '#http/test-request.ts'

const core = createSandboxCore({ seed: 1 })
let suffix = 0

/** A fresh account (its own tenant, clock at the price epoch). */
function freshAccount() {
  const account = `sellquote${++suffix}`
  return { account, tenant: core.tenants.get(account, 'test') }
}

interface Sale {
  crypto: string
  fiat: string
  /** Already at the crypto's precision. */
  amount: number
  payoutMethod?: string
  extraFeePercentage?: number
}

async function sellQuote(account: string, sale: Sale): Promise<SellQuote> {
  const query = [`apiKey=pk_test_${account}`, `quoteCurrencyCode=${sale.fiat}`, `baseCurrencyAmount=${sale.amount}`]
  if (sale.payoutMethod !== undefined) query.push(`payoutMethod=${sale.payoutMethod}`)
  if (sale.extraFeePercentage !== undefined) query.push(`extraFeePercentage=${sale.extraFeePercentage}`)
  const response = await send(core, `GET /v3/currencies/${sale.crypto}/sell_quote?${query.join('&')}`)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return conforms(SellQuote, response.body)
}

/** `percent` % of `minor` minor units, rounded half up, in whole numbers (percent has at most 2 decimals). */
function percentOf(minor: number, percent: number): number {
  const hundredths = Math.round(percent * 100) // 0.91 % → 91 hundredths of a percent
  return Math.floor((minor * hundredths + 5000) / 10_000) // minor × 91 / 10 000, + ½ then down: half up
}

/**
 * What a sale should pay, by hand from the tenant's tables at its clock:
 * - price: the pair's epoch price × (1 + Σ amplitude × sin(2π t / period + phase)) over the crypto's waves, 8 significant digits;
 * - gross: amount × price in the fiat's minor units, half up;
 * - fee: the payout method's percent of the gross, half up, at least its minimum fee (the pair's first method when none is named);
 * - extra fee: the requested percent of the gross, half up (the account's default when none is given);
 * - payout: gross − fee − extra fee.
 */
function expectedSale(tenant: Tenant, sale: Sale) {
  const pair = tenant.catalog.pair(sale.crypto, sale.fiat)!
  const seconds = (tenant.clock.now() - tenant.catalog.priceEpoch) / 1000
  let factor = 1
  for (const wave of tenant.catalog.walk(sale.crypto))
    factor += wave.amplitude * Math.sin((2 * Math.PI * seconds) / wave.periodSeconds + wave.phase)
  const price = Number((pair.price * factor).toPrecision(8))

  const digits = tenant.catalog.currency(sale.fiat)!.precision
  const unit = 10 ** digits // minor units per fiat unit: 100 for usd, 1 for jpy, 1000 for kwd
  const method =
    sale.payoutMethod === undefined
      ? pair.payoutMethods[0]!
      : pair.payoutMethods.find((m) => m.method === sale.payoutMethod)!
  const extraPercent = sale.extraFeePercentage ?? tenant.settings.defaultExtraFeePercentage

  const gross = Math.round(sale.amount * price * unit)
  const fee = Math.max(Math.round(method.minimumFee * unit), percentOf(gross, method.feePercent))
  const extraFee = percentOf(gross, extraPercent)
  return {
    baseCurrencyPrice: price,
    feeAmount: fee / unit,
    extraFeeAmount: extraFee / unit,
    quoteCurrencyAmount: (gross - fee - extraFee) / unit,
    payoutMethod: method.method,
    minimumFeeApplies: Math.round(method.minimumFee * unit) > percentOf(gross, method.feePercent),
  }
}

/** The amounts of a quote, as `expectedSale` gives them. */
const amountsOf = (q: SellQuote) => ({
  baseCurrencyPrice: q.baseCurrencyPrice,
  feeAmount: q.feeAmount,
  extraFeeAmount: q.extraFeeAmount,
  quoteCurrencyAmount: q.quoteCurrencyAmount,
  payoutMethod: q.payoutMethod,
})

/** Quotes `sale` on a fresh account and checks it against the hand computation; gives both. */
async function checkSale(sale: Sale) {
  const { account, tenant } = freshAccount()
  const expected = expectedSale(tenant, sale)
  const quote = await sellQuote(account, sale)
  const { minimumFeeApplies: _, ...amounts } = expected
  expect(amountsOf(quote)).toEqual(amounts)
  return { quote, expected, tenant }
}

describe('sell quote amounts, by hand from the price and fee tables', () => {
  it("prices a sale of 0.5 eth for usd from the pair's price and the ach fee", async () => {
    const { quote, expected } = await checkSale({ crypto: 'eth', fiat: 'usd', amount: 0.5 })
    expect(quote.payoutMethod).toBe('ach_bank_transfer')
    expect(expected.minimumFeeApplies).toBe(false)
  })

  it('pays out the seed-1 amounts of 0.5 eth for usd: 1430.63 after 13.41 and 29.47 of fees', async () => {
    // seed 1: eth/usd 3011.5758 at the epoch, walked by 0.9785611 at t = 0 (see pricing.test.ts) → 2947.0109
    // gross 0.5 × 2947.0109 = 1473.50545 → 147 351 cents (half up)
    // ach 0.91 %: 147 351 × 0.0091 = 1340.894 → 1341 cents (above the 3.99 minimum)
    // extra 2 %: 147 351 × 0.02 = 2947.02 → 2947 cents
    // payout: 147 351 − 1341 − 2947 = 143 063 cents
    const { account, tenant } = freshAccount()
    expect(tenant.catalog.pair('eth', 'usd')!.payoutMethods[0]).toEqual({
      method: 'ach_bank_transfer',
      feePercent: 0.91,
      minimumFee: 3.99,
    })
    const quote = await sellQuote(account, { crypto: 'eth', fiat: 'usd', amount: 0.5, extraFeePercentage: 2 })
    expect(amountsOf(quote)).toEqual({
      baseCurrencyPrice: 2947.0109,
      feeAmount: 13.41,
      extraFeeAmount: 29.47,
      quoteCurrencyAmount: 1430.63,
      payoutMethod: 'ach_bank_transfer',
    })
  })

  it('prices a sale of 0.1 btc for eur with the card fee and no extra fee', async () => {
    const { quote } = await checkSale({
      crypto: 'btc',
      fiat: 'eur',
      amount: 0.1,
      payoutMethod: 'credit_debit_card',
      extraFeePercentage: 0,
    })
    expect(quote.extraFeeAmount).toBe(0)
  })

  it("charges the payout method's minimum fee when its percentage is less, on 0.01 eth for usd", async () => {
    // ~29.47 usd × 0.91 % ≈ 0.27, below the 3.99 minimum
    const { quote, expected } = await checkSale({ crypto: 'eth', fiat: 'usd', amount: 0.01 })
    expect(expected.minimumFeeApplies).toBe(true)
    expect(quote.feeAmount).toBe(3.99)
  })

  it("charges the minimum fee in the fiat's own units on 25 usdc for gbp", async () => {
    const { quote, expected, tenant } = await checkSale({
      crypto: 'usdc',
      fiat: 'gbp',
      amount: 25,
      payoutMethod: 'gbp_bank_transfer',
    })
    expect(expected.minimumFeeApplies).toBe(true)
    expect(quote.feeAmount).toBe(tenant.catalog.pair('usdc', 'gbp')!.payoutMethods[0]!.minimumFee)
  })

  it('charges an explicit extraFeePercentage of 5 on 10 sol for usd through a wallet service', async () => {
    const { quote } = await checkSale({
      crypto: 'sol',
      fiat: 'usd',
      amount: 10,
      payoutMethod: 'wallet_service',
      extraFeePercentage: 5,
    })
    expect(quote.payoutMethod).toBe('wallet_service')
  })

  it("charges the account's default extra fee once the settings change it to 7", async () => {
    const { account, tenant } = freshAccount()
    const settings = await send(core, 'PUT /__sandbox/settings', {
      headers: { 'x-api-key': `sk_test_${account}` },
      body: { defaultExtraFeePercentage: 7 },
    })
    expect(settings.status).toBe(200)
    expect(tenant.settings.defaultExtraFeePercentage).toBe(7)
    const sale = { crypto: 'eth', fiat: 'eur', amount: 1.25 }
    const { minimumFeeApplies: _, ...amounts } = expectedSale(tenant, sale)
    expect(amountsOf(await sellQuote(account, sale))).toEqual(amounts)
  })

  it('rounds a fee of exactly half a cent up: 2.01 % of 250.00 usd is 5.03 for seed 1', async () => {
    // usdc/usd through a wallet service: 250.59 × 0.99766188 = 250.0040… → 25 000 cents; 2.01 % of it is 502.5 → 503
    const { account, tenant } = freshAccount()
    expect(
      tenant.catalog.pair('usdc', 'usd')!.payoutMethods.find((m) => m.method === 'wallet_service')!.feePercent,
    ).toBe(2.01)
    const quote = await sellQuote(account, {
      crypto: 'usdc',
      fiat: 'usd',
      amount: 250.59,
      payoutMethod: 'wallet_service',
      extraFeePercentage: 0,
    })
    expect(amountsOf(quote)).toEqual({
      baseCurrencyPrice: 0.99766188,
      feeAmount: 5.03,
      extraFeeAmount: 0,
      quoteCurrencyAmount: 244.97,
      payoutMethod: 'wallet_service',
    })
  })

  it('prices a sale for jpy in whole yen (precision 0)', async () => {
    await checkSale({ crypto: 'eth', fiat: 'jpy', amount: 0.2, payoutMethod: 'credit_debit_card' })
  })

  it('prices a sale for kwd in fils (precision 3)', async () => {
    await checkSale({ crypto: 'eth', fiat: 'kwd', amount: 1, payoutMethod: 'wallet_service', extraFeePercentage: 1 })
  })

  it('prices a sale an hour after the epoch at the price walked for that hour', async () => {
    const { account, tenant } = freshAccount()
    tenant.clock.advance(3_600_000)
    const sale = { crypto: 'btc', fiat: 'usd', amount: 0.25, payoutMethod: 'sepa_bank_transfer' }
    const { minimumFeeApplies: _, ...amounts } = expectedSale(tenant, sale)
    expect(amountsOf(await sellQuote(account, sale))).toEqual(amounts)
  })
})

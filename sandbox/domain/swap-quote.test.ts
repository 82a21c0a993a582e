import { describe, expect, it } from 'vitest'
import { SwapQuote } from '#contract/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'

// Every expected number below is worked by hand from seed 1's tables at the price epoch (a fresh account's clock), not
// by the sandbox's helpers. The US-dollar price of a crypto is its epoch price × (1 + Σ amplitude × sin(phase)) over
// its three waves (t = 0), to 8 significant digits:
//   eth   3011.5758 × (1 − 0.0113265 − 0.0098173 − 0.0002951 = 0.9785611) = 2947.0109
//   btc   89844.672 × (1 + 0.0024578 − 0.0101032 − 0.0086407 = 0.9837139) = 88381.452
//   usdc  1.0023715 × (1 + 0.0081897 − 0.0020576 − 0.0108305 = 0.9953015) = 0.99766188
//   sol   138.94389 × (1 − 0.0016202 + 0.0271462 + 0.0015105 = 1.0270365) = 142.70044
//   usdc_sol 1.009636 × (1 + 0.0039611 − 0.0077573 + 0.0007668 = 0.9969706) = 1.0065774
//   xrp   1.8886208 × (1 − 0.0027206 − 0.0117416 − 0.0029465 = 0.9825913) = 1.8557423
// A swap (decision 0068): rate = base USD price / quote USD price, 8 significant digits; in the quote currency's minor
// units, half up: gross = amount × rate; service fee 1 % of the gross; extra fee the account's default percent of the
// gross; network fee 1 US dollar's worth (1 / quote USD price), at least one minor unit; the customer gets the rest.
// Each `…InUSD` is the amount × its currency's USD price, to the cent.

const core = createSandboxCore({ seed: 1 })
let suffix = 0

/** A fresh account (its own tenant, clock at the price epoch). */
function freshAccount() {
  const account = `swapquote${++suffix}`
  return { account, tenant: core.tenants.get(account, 'test') }
}

async function setDefaultExtraFee(account: string, percent: number) {
  const response = await send(core, 'PUT /__sandbox/settings', {
    headers: { 'x-api-key': `sk_test_${account}` },
    body: { defaultExtraFeePercentage: percent },
  })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
}

async function swapQuote(account: string, pair: string, amount: number): Promise<SwapQuote> {
  const response = await send(core, `GET /v4/swap/${pair}/quote?apiKey=pk_test_${account}&baseCurrencyAmount=${amount}`)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return conforms(SwapQuote, response.body)
}

/** The amounts of a quote, in the quote currency. */
const amountsOf = (q: SwapQuote) => ({
  exchangeRate: q.exchangeRate,
  quoteCurrencyAmount: q.quoteCurrencyAmount,
  feeAmount: q.feeAmount,
  extraFeeAmount: q.extraFeeAmount,
  networkFeeAmount: q.networkFeeAmount,
})

/** The amounts' values in US dollars. */
const inUsdOf = (q: SwapQuote) => ({
  base: q.baseCurrencyAmountInUSD,
  quote: q.quoteCurrencyAmountInUSD,
  fee: q.feeAmountInUSD,
  extraFee: q.extraFeeAmountInUSD,
  networkFee: q.networkFeeAmountInUSD,
})

describe('swap quote amounts, by hand from the price walk, the swap fees and the extra fee', () => {
  it('starts from the seed-1 epoch prices and a default extra fee of 3 % in test mode', () => {
    const { tenant } = freshAccount()
    expect(tenant.clock.now()).toBe(tenant.catalog.priceEpoch)
    const epochPrices = Object.fromEntries(
      ['eth', 'btc', 'usdc', 'sol', 'usdc_sol', 'xrp'].map((code) => [code, tenant.catalog.pair(code, 'usd')!.price]),
    )
    expect(epochPrices).toEqual({
      eth: 3011.5758,
      btc: 89844.672,
      usdc: 1.0023715,
      sol: 138.94389,
      usdc_sol: 1.009636,
      xrp: 1.8886208,
    })
    expect(tenant.settings.defaultExtraFeePercentage).toBe(3)
  })

  it('swaps 0.5 eth for 1416.88 usdc after 14.77 + 44.31 + 1 usdc of fees at the default extra fee', async () => {
    // rate 2947.0109 / 0.99766188 = 2953.91751… → 2953.9175
    // gross 0.5 × 2953.9175 = 1476.95875 → 147 696 cents
    // fee 1 %: 1476.96 → 1477; extra 3 %: 4430.88 → 4431; network 100 / 0.99766188 = 100.23 → 100
    // 147 696 − 1477 − 4431 − 100 = 141 688 cents
    const { account } = freshAccount()
    const quote = await swapQuote(account, 'eth-usdc', 0.5)
    expect(amountsOf(quote)).toEqual({
      exchangeRate: 2953.9175,
      quoteCurrencyAmount: '1416.88',
      feeAmount: '14.77',
      extraFeeAmount: '44.31',
      networkFeeAmount: '1',
    })
    // base 0.5 × 2947.0109 = 1473.505 → 1473.51; quote 1416.88 × 0.99766188 = 1413.567 → 1413.57
    // fee 14.77 × 0.99766188 = 14.735 → 14.74; extra 44.31 × … = 44.206 → 44.21; network 1 × … → 1
    expect(inUsdOf(quote)).toEqual({
      base: '1473.51',
      quote: '1413.57',
      fee: '14.74',
      extraFee: '44.21',
      networkFee: '1',
    })
  })

  it("takes the account's extra fee once the settings change it to 7: 103.39 usdc on 0.5 eth", async () => {
    // as above, with extra 7 %: 147 696 × 0.07 = 10 338.72 → 10 339 cents
    // 147 696 − 1477 − 10 339 − 100 = 135 780 cents
    const { account } = freshAccount()
    await setDefaultExtraFee(account, 7)
    const quote = await swapQuote(account, 'eth-usdc', 0.5)
    expect(amountsOf(quote)).toEqual({
      exchangeRate: 2953.9175,
      quoteCurrencyAmount: '1357.8',
      feeAmount: '14.77',
      extraFeeAmount: '103.39',
      networkFeeAmount: '1',
    })
    // extra 103.39 × 0.99766188 = 103.148 → 103.15; quote 1357.8 × 0.99766188 = 1354.625 → 1354.63
    expect(inUsdOf(quote)).toMatchObject({ quote: '1354.63', extraFee: '103.15' })
  })

  it('takes no extra fee once the settings change it to 0: 1461.19 usdc on 0.5 eth', async () => {
    // 147 696 − 1477 − 0 − 100 = 146 119 cents
    const { account } = freshAccount()
    await setDefaultExtraFee(account, 0)
    const quote = await swapQuote(account, 'eth-usdc', 0.5)
    expect(amountsOf(quote)).toEqual({
      exchangeRate: 2953.9175,
      quoteCurrencyAmount: '1461.19',
      feeAmount: '14.77',
      extraFeeAmount: '0',
      networkFeeAmount: '1',
    })
    expect(inUsdOf(quote).extraFee).toBe('0')
  })

  it("swaps 0.01 btc for 0.2876 eth in eth's 4 decimals, the network fee 3 ten-thousandths", async () => {
    // rate 88381.452 / 2947.0109 = 29.9902019… → 29.990202
    // gross 0.01 × 29.990202 = 0.29990202 → 2999 (units of 0.0001 eth)
    // fee 1 %: 29.99 → 30; extra 3 %: 89.97 → 90; network 10 000 / 2947.0109 = 3.39 → 3
    // 2999 − 30 − 90 − 3 = 2876
    const { account } = freshAccount()
    const quote = await swapQuote(account, 'btc-eth', 0.01)
    expect(amountsOf(quote)).toEqual({
      exchangeRate: 29.990202,
      quoteCurrencyAmount: '0.2876',
      feeAmount: '0.003',
      extraFeeAmount: '0.009',
      networkFeeAmount: '0.0003',
    })
    // base 0.01 × 88381.452 = 883.81; quote 0.2876 × 2947.0109 = 847.560 → 847.56; network 0.0003 × 2947.0109 = 0.884 → 0.88
    expect(inUsdOf(quote)).toEqual({
      base: '883.81',
      quote: '847.56',
      fee: '8.84',
      extraFee: '26.52',
      networkFee: '0.88',
    })
  })

  it("swaps 100 usdc for 0.00108 btc, each fee a whole number of btc's 0.00001 units", async () => {
    // rate 0.99766188 / 88381.452 = 0.0000112881360… → 0.000011288136
    // gross 100 × 0.000011288136 = 0.0011288136 → 113 (units of 0.00001 btc)
    // fee 1 %: 1.13 → 1; extra 3 %: 3.39 → 3; network 100 000 / 88381.452 = 1.13 → 1
    // 113 − 1 − 3 − 1 = 108
    const { account } = freshAccount()
    const quote = await swapQuote(account, 'usdc-btc', 100)
    expect(amountsOf(quote)).toEqual({
      exchangeRate: 0.000011288136,
      quoteCurrencyAmount: '0.00108',
      feeAmount: '0.00001',
      extraFeeAmount: '0.00003',
      networkFeeAmount: '0.00001',
    })
  })

  it("rounds fees of exactly half a unit up on 39.7 xrp for eth: 2.5 and 7.5 of eth's 0.0001 units are 3 and 8", async () => {
    // rate 1.8557423 / 2947.0109 = 0.000629703236… → 0.00062970324
    // gross 39.7 × 0.00062970324 = 0.0249992186… → 250 (units of 0.0001 eth)
    // fee 1 %: 2.5 → 3; extra 3 %: 7.5 → 8 (half up, not to even); network 3.39 → 3
    // 250 − 3 − 8 − 3 = 236
    const { account } = freshAccount()
    const quote = await swapQuote(account, 'xrp-eth', 39.7)
    expect(amountsOf(quote)).toEqual({
      exchangeRate: 0.00062970324,
      quoteCurrencyAmount: '0.0236',
      feeAmount: '0.0003',
      extraFeeAmount: '0.0008',
      networkFeeAmount: '0.0003',
    })
  })

  it('swaps 10 sol for 1303.27 usdc on Solana at an extra fee set to 7', async () => {
    // rate 142.70044 / 1.0065774 = 141.767975… → 141.76798
    // gross 10 × 141.76798 = 1417.6798 → 141 768 cents
    // fee 1 %: 1417.68 → 1418; extra 7 %: 9923.76 → 9924; network 100 / 1.0065774 = 99.35 → 99
    // 141 768 − 1418 − 9924 − 99 = 130 327 cents
    const { account } = freshAccount()
    await setDefaultExtraFee(account, 7)
    const quote = await swapQuote(account, 'sol-usdc_sol', 10)
    expect(amountsOf(quote)).toEqual({
      exchangeRate: 141.76798,
      quoteCurrencyAmount: '1303.27',
      feeAmount: '14.18',
      extraFeeAmount: '99.24',
      networkFeeAmount: '0.99',
    })
    // base 10 × 142.70044 = 1427.0044 → 1427; extra 99.24 × 1.0065774 = 99.893 → 99.89
    expect(inUsdOf(quote)).toMatchObject({ base: '1427', extraFee: '99.89', networkFee: '1' })
  })
})

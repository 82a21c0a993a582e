import { beforeAll, describe, expect, it } from 'vitest'
import { CurrencyList, SellQuote, WidgetError } from '#contract/index.ts'
import { roundTo } from '#contract/rounding.ts'
import { verifySellQuote } from '#domain/sell-quote.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'

let core: SandboxCore
let suffix = 0
/** A fresh tenant per test: distinct key suffixes isolate. */
const freshKey = (mode: 'test' | 'live' = 'test') => `pk_${mode}_widget${++suffix}`

beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

async function quote(params: string, key = freshKey(), code = 'eth') {
  return send(core, `GET /v3/currencies/${code}/sell_quote?apiKey=${key}&${params}`)
}

async function expectBadRequest(params: string, fragment: string | RegExp, code = 'eth', key = freshKey()) {
  const response = await quote(params, key, code)
  expect(response.status).toBe(400)
  const body = conforms(WidgetError, response.body)
  expect(body.type).toBe('BadRequestError')
  expect(body.message).toMatch(fragment)
  return body
}

describe('GET /v3/currencies', () => {
  it('lists fiat and crypto currencies matching the contract', async () => {
    const response = await send(core, `GET /v3/currencies?apiKey=${freshKey()}`)
    expect(response.status).toBe(200)
    const list = conforms(CurrencyList, response.body)
    expect(list.some((c) => c.type === 'fiat')).toBe(true)
    expect(list.some((c) => c.type === 'crypto')).toBe(true)
  })

  it('answers 401 with an Error body without an apiKey', async () => {
    const response = await send(core, 'GET /v3/currencies')
    expect(response.status).toBe(401)
    expect(conforms(WidgetError, response.body)).toEqual({
      message: 'apiKey query parameter is required',
      type: 'UnauthorizedError',
    })
  })
})

describe('sell quote authentication', () => {
  it('answers 401 without an apiKey', async () => {
    const response = await send(core, 'GET /v3/currencies/eth/sell_quote?quoteCurrencyCode=usd&baseCurrencyAmount=0.5')
    expect(response.status).toBe(401)
    expect(conforms(WidgetError, response.body).type).toBe('UnauthorizedError')
  })

  it('answers 401 for a malformed key', async () => {
    const response = await quote('quoteCurrencyCode=usd&baseCurrencyAmount=0.5', 'pk_prod_x')
    expect(response.status).toBe(401)
    expect(conforms(WidgetError, response.body).message).toMatch(/apiKey query parameter is not a valid API key/)
  })

  it('answers 401 for a secret key in the URL', async () => {
    const response = await quote('quoteCurrencyCode=usd&baseCurrencyAmount=0.5', 'sk_test_sandbox')
    expect(response.status).toBe(401)
    expect(conforms(WidgetError, response.body).message).toMatch(/must be a publishable key/)
  })

  it('answers 401 when apiKey is given twice', async () => {
    const response = await quote('quoteCurrencyCode=usd&baseCurrencyAmount=0.5&apiKey=pk_test_other')
    expect(response.status).toBe(401)
    expect(conforms(WidgetError, response.body).message).toBe('apiKey must be given once')
  })
})

describe('sell quote', () => {
  it('answers a quote that matches the contract', async () => {
    const response = await quote('quoteCurrencyCode=usd&baseCurrencyAmount=0.5&payoutMethod=sepa_bank_transfer')
    expect(response.status).toBe(200)
    const body = conforms(SellQuote, response.body)
    expect(body).toMatchObject({
      baseCurrencyCode: 'eth',
      quoteCurrencyCode: 'usd',
      baseCurrencyAmount: 0.5,
      payoutMethod: 'sepa_bank_transfer',
    })
    expect(body.baseCurrency.code).toBe('eth')
    expect(body.quoteCurrency.code).toBe('usd')
  })

  it('expires 30 seconds later on the tenant clock', async () => {
    const key = freshKey()
    const tenant = core.tenants.get(key.slice(8), 'test')
    tenant.clock.advance(3_600_000)
    const body = conforms(SellQuote, (await quote('quoteCurrencyCode=usd&baseCurrencyAmount=0.5', key)).body)
    expect(body.expiresIn).toBe(30)
    expect(body.expiresAt).toBe('2026-01-01T01:00:30.000Z')
  })

  it('signs the quote so that tampering is detected', async () => {
    const key = freshKey()
    const tenant = core.tenants.get(key.slice(8), 'test')
    const body = conforms(SellQuote, (await quote('quoteCurrencyCode=usd&baseCurrencyAmount=0.5', key)).body)
    expect(verifySellQuote(tenant, body)).toBe('valid')
    expect(verifySellQuote(tenant, { ...body, quoteCurrencyAmount: body.quoteCurrencyAmount + 1 })).toBe('tampered')
    tenant.clock.advance(30_000)
    expect(verifySellQuote(tenant, body)).toBe('expired')
  })

  it('splits the gross exactly into payout, fee and extra fee', async () => {
    const body = conforms(
      SellQuote,
      (await quote('quoteCurrencyCode=usd&baseCurrencyAmount=0.5&extraFeePercentage=2')).body,
    )
    const gross = Math.round(body.baseCurrencyAmount * body.baseCurrencyPrice * 100)
    expect(Math.round((body.quoteCurrencyAmount + body.feeAmount + body.extraFeeAmount) * 100)).toBe(gross)
    expect(body.extraFeeAmount).toBe(Math.round(gross * 0.02) / 100)
  })

  it('rounds amounts to the fiat precision', async () => {
    const jpy = conforms(
      SellQuote,
      (await quote('quoteCurrencyCode=jpy&baseCurrencyAmount=0.12345', freshKey(), 'btc')).body,
    )
    expect(Number.isInteger(jpy.quoteCurrencyAmount)).toBe(true)
    expect(Number.isInteger(jpy.feeAmount)).toBe(true)
    const kwd = conforms(
      SellQuote,
      (await quote('quoteCurrencyCode=kwd&baseCurrencyAmount=0.12345', freshKey(), 'btc')).body,
    )
    expect(kwd.quoteCurrencyAmount * 1000).toBeCloseTo(Math.round(kwd.quoteCurrencyAmount * 1000), 6)
    expect(String(kwd.quoteCurrencyAmount).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(3)
  })

  it('gives the same quote for the same seed, tenant and clock', async () => {
    const other = createSandboxCore({ seed: 1 })
    const line = 'GET /v3/currencies/btc/sell_quote?apiKey=pk_test_same&quoteCurrencyCode=eur&baseCurrencyAmount=0.1'
    expect((await send(other, line)).body).toEqual((await send(core, line)).body)
  })

  it('moves the price with the tenant clock', async () => {
    const key = freshKey()
    const before = conforms(SellQuote, (await quote('quoteCurrencyCode=usd&baseCurrencyAmount=1', key)).body)
    core.tenants.get(key.slice(8), 'test').clock.advance(6 * 3_600_000)
    const after = conforms(SellQuote, (await quote('quoteCurrencyCode=usd&baseCurrencyAmount=1', key)).body)
    expect(after.baseCurrencyPrice).not.toBe(before.baseCurrencyPrice)
  })

  it('answers the same text when asked again unchanged, with a body of its own each time', async () => {
    const key = freshKey()
    const first = await quote('quoteCurrencyCode=usd&baseCurrencyAmount=0.5', key)
    const again = await quote('quoteCurrencyCode=usd&baseCurrencyAmount=0.5', key)
    expect(again.json).toBe(first.json)
    ;(first.body as { feeAmount: number }).feeAmount = -1
    expect(conforms(SellQuote, again.body).feeAmount).toBeGreaterThan(0)
  })

  it('prices a request asked before with the settings in force', async () => {
    const key = freshKey()
    const account = key.slice(8)
    const before = conforms(SellQuote, (await quote('quoteCurrencyCode=usd&baseCurrencyAmount=1', key)).body)
    const put = await send(core, 'PUT /__sandbox/settings', {
      headers: { 'x-api-key': `sk_test_${account}` },
      body: { defaultExtraFeePercentage: 7 },
    })
    expect(put.status).toBe(200)
    const after = conforms(SellQuote, (await quote('quoteCurrencyCode=usd&baseCurrencyAmount=1', key)).body)
    expect(before.extraFeeAmount).not.toBe(after.extraFeeAmount)
    expect(after.extraFeeAmount).toBe(Math.round(after.baseCurrencyAmount * after.baseCurrencyPrice * 7) / 100)
  })

  it('accepts currency codes in any case', async () => {
    const response = await quote('quoteCurrencyCode=USD&baseCurrencyAmount=0.5', freshKey(), 'ETH')
    expect(response.status).toBe(200)
    expect(conforms(SellQuote, response.body).baseCurrencyCode).toBe('eth')
  })
})

describe('sell quote: baseCurrencyAmount', () => {
  it('is required', () => expectBadRequest('quoteCurrencyCode=usd', 'baseCurrencyAmount is required'))
  it('refuses more than 5 decimal places', () =>
    expectBadRequest(
      'quoteCurrencyCode=usd&baseCurrencyAmount=0.123456',
      'baseCurrencyAmount must have at most 5 decimal places',
      'btc',
    ))
  it('accepts exactly 5 decimal places', async () => {
    expect((await quote('quoteCurrencyCode=usd&baseCurrencyAmount=0.12345', freshKey(), 'btc')).status).toBe(200)
  })
  it('refuses zero', () =>
    expectBadRequest('quoteCurrencyCode=usd&baseCurrencyAmount=0', 'baseCurrencyAmount must be positive'))
  it('refuses a negative amount', () =>
    expectBadRequest('quoteCurrencyCode=usd&baseCurrencyAmount=-1', 'baseCurrencyAmount must be positive'))
  it('refuses text', () =>
    expectBadRequest('quoteCurrencyCode=usd&baseCurrencyAmount=abc', 'baseCurrencyAmount must be a decimal number'))
  it('refuses exponent notation', () =>
    expectBadRequest('quoteCurrencyCode=usd&baseCurrencyAmount=1e400', 'baseCurrencyAmount must be a decimal number'))
  it('refuses NaN', () =>
    expectBadRequest('quoteCurrencyCode=usd&baseCurrencyAmount=NaN', 'baseCurrencyAmount must be a decimal number'))
  it('refuses non-ASCII digits', () =>
    expectBadRequest(
      'quoteCurrencyCode=usd&baseCurrencyAmount=%EF%BC%91',
      'baseCurrencyAmount must be a decimal number',
    ))
  it('refuses an empty value', () =>
    expectBadRequest('quoteCurrencyCode=usd&baseCurrencyAmount=', 'baseCurrencyAmount must not be empty'))
  it('accepts 5 decimal places for every sellable currency and sells the amount rounded to its precision', async () => {
    const cryptos = core.catalog.catalog.currencies.filter(
      (c) => c.type === 'crypto' && c.isSellSupported && !c.isSuspended && c.supportsTestMode,
    )
    expect(cryptos.some((c) => c.type === 'crypto' && c.precision < 5)).toBe(true)
    for (const crypto of cryptos) {
      if (crypto.type !== 'crypto') continue
      // well above the minimum; 10 units where there is none (2 dot, ~4 usd, would not cover the 3.99 fee and a 3 % extra fee)
      const text = `${Math.ceil((crypto.minSellAmount ?? 10) * 2)}.12345`
      const response = await quote(`quoteCurrencyCode=usd&baseCurrencyAmount=${text}`, freshKey(), crypto.code)
      expect(response.status, `${crypto.code} ${text}: ${JSON.stringify(response.body)}`).toBe(200)
      expect(conforms(SellQuote, response.body).baseCurrencyAmount).toBe(roundTo(Number(text), crypto.precision))
    }
  })
  it('prices the rounded amount: 0.12345 eth (precision 4) quotes as 0.1235 eth', async () => {
    const key = freshKey()
    const rounded = conforms(SellQuote, (await quote('quoteCurrencyCode=usd&baseCurrencyAmount=0.12345', key)).body)
    const exact = conforms(SellQuote, (await quote('quoteCurrencyCode=usd&baseCurrencyAmount=0.1235', key)).body)
    expect(rounded.baseCurrencyAmount).toBe(0.1235)
    expect(rounded.quoteCurrencyAmount).toBe(exact.quoteCurrencyAmount)
  })
  it('rounds 25.125 usdc (precision 2) half up to 25.13', async () => {
    expect(
      conforms(SellQuote, (await quote('quoteCurrencyCode=usd&baseCurrencyAmount=25.125', freshKey(), 'usdc')).body)
        .baseCurrencyAmount,
    ).toBe(25.13)
  })
  it('refuses an amount that rounds to 0 at the currency precision, saying so', () =>
    expectBadRequest(
      'quoteCurrencyCode=usd&baseCurrencyAmount=0.0004',
      "baseCurrencyAmount 0.0004 rounds to 0 at sol's precision (3 decimal places); sell at least 0.001",
      'sol',
    ))
  it('refuses an amount below minSellAmount', () =>
    expectBadRequest(
      'quoteCurrencyCode=usd&baseCurrencyAmount=0.0001',
      /baseCurrencyAmount must be at least .* \(minSellAmount of eth\)/,
    ))
  it('refuses an amount above maxSellAmount', () =>
    expectBadRequest(
      'quoteCurrencyCode=usd&baseCurrencyAmount=100000',
      /baseCurrencyAmount must be at most .* \(maxSellAmount of eth\)/,
    ))
  it('has no bounds for a currency without minSellAmount and maxSellAmount', async () => {
    expect((await quote('quoteCurrencyCode=usd&baseCurrencyAmount=250000', freshKey(), 'sol')).status).toBe(200)
  })
  it('refuses an amount whose value does not cover the fees', () =>
    expectBadRequest('quoteCurrencyCode=usd&baseCurrencyAmount=0.001', /baseCurrencyAmount 0.001 is too small/, 'sol'))
  it('refuses a repeated parameter', () =>
    expectBadRequest(
      'quoteCurrencyCode=usd&baseCurrencyAmount=1&baseCurrencyAmount=2',
      'baseCurrencyAmount must be given once',
    ))
})

describe('sell quote: extraFeePercentage', () => {
  it('refuses more than 10', () =>
    expectBadRequest(
      'quoteCurrencyCode=usd&baseCurrencyAmount=0.5&extraFeePercentage=11',
      'extraFeePercentage must be at most 10',
    ))
  it('refuses a fraction, giving the range', () =>
    expectBadRequest(
      'quoteCurrencyCode=usd&baseCurrencyAmount=0.5&extraFeePercentage=2.5',
      'extraFeePercentage must be an integer from 0 to 10',
    ))
  it('refuses -1 by the range, not as a non-integer', async () => {
    const body = await expectBadRequest(
      'quoteCurrencyCode=usd&baseCurrencyAmount=0.5&extraFeePercentage=-1',
      'extraFeePercentage must be at least 0 (an integer from 0 to 10)',
    )
    expect(body.message).not.toMatch(/must be an integer/)
  })
  it('refuses a negative value of many digits by the range', () =>
    expectBadRequest(
      'quoteCurrencyCode=usd&baseCurrencyAmount=0.5&extraFeePercentage=-250',
      'extraFeePercentage must be at least 0',
    ))
  it('charges no extra fee at 0', async () => {
    const body = conforms(
      SellQuote,
      (await quote('quoteCurrencyCode=usd&baseCurrencyAmount=0.5&extraFeePercentage=0')).body,
    )
    expect(body.extraFeeAmount).toBe(0)
  })
  it("defaults to the account's value", async () => {
    const key = freshKey()
    const tenant = core.tenants.get(key.slice(8), 'test')
    tenant.settings.defaultExtraFeePercentage = 7
    const implicit = conforms(SellQuote, (await quote('quoteCurrencyCode=usd&baseCurrencyAmount=0.5', key)).body)
    const explicit = conforms(
      SellQuote,
      (await quote('quoteCurrencyCode=usd&baseCurrencyAmount=0.5&extraFeePercentage=7', key)).body,
    )
    expect(implicit.extraFeeAmount).toBe(explicit.extraFeeAmount)
    expect(implicit.extraFeeAmount).toBeGreaterThan(0)
  })
})

describe('sell quote: payoutMethod', () => {
  it('refuses a value outside the request enum', () =>
    expectBadRequest(
      'quoteCurrencyCode=usd&baseCurrencyAmount=0.5&payoutMethod=paypal',
      /payoutMethod must be one of ach_bank_transfer, .*sepa_bank_transfer/,
    ))
  it('refuses gbp_open_banking_payment for sell quotes', () =>
    expectBadRequest(
      'quoteCurrencyCode=gbp&baseCurrencyAmount=0.5&payoutMethod=gbp_open_banking_payment',
      'payoutMethod gbp_open_banking_payment is not available for sell quotes',
    ))
  it('refuses pix_instant_payment for sell quotes', () =>
    expectBadRequest(
      'quoteCurrencyCode=brl&baseCurrencyAmount=0.5&payoutMethod=pix_instant_payment',
      'payoutMethod pix_instant_payment is not available for sell quotes',
    ))
  it('refuses a method the pair does not support', () =>
    expectBadRequest(
      'quoteCurrencyCode=brl&baseCurrencyAmount=0.5&payoutMethod=ach_bank_transfer',
      'payoutMethod ach_bank_transfer is not supported for eth/brl',
    ))
  it("defaults to the pair's first supported method", async () => {
    const usd = conforms(SellQuote, (await quote('quoteCurrencyCode=usd&baseCurrencyAmount=0.5')).body)
    const eur = conforms(SellQuote, (await quote('quoteCurrencyCode=eur&baseCurrencyAmount=0.5')).body)
    expect([usd.payoutMethod, eur.payoutMethod]).toEqual([
      core.catalog.pair('eth', 'usd')!.payoutMethods[0]!.method,
      core.catalog.pair('eth', 'eur')!.payoutMethods[0]!.method,
    ])
  })
  it('charges a higher fee for card payouts than for bank transfers', async () => {
    const ach = conforms(
      SellQuote,
      (await quote('quoteCurrencyCode=usd&baseCurrencyAmount=1&payoutMethod=ach_bank_transfer')).body,
    )
    const card = conforms(
      SellQuote,
      (await quote('quoteCurrencyCode=usd&baseCurrencyAmount=1&payoutMethod=credit_debit_card')).body,
    )
    expect(card.feeAmount).toBeGreaterThan(ach.feeAmount)
  })
})

describe('sell quote: currencies', () => {
  it('answers 404 for an unknown currency', async () => {
    const response = await quote('quoteCurrencyCode=usd&baseCurrencyAmount=0.5', freshKey(), 'nope')
    expect(response.status).toBe(404)
    expect(conforms(WidgetError, response.body)).toEqual({
      type: 'NotFoundError',
      message: expect.stringContaining('currencyCode nope is not a known currency'),
    })
  })
  it('refuses a fiat currency as the base', () =>
    expectBadRequest('quoteCurrencyCode=eur&baseCurrencyAmount=5', 'currencyCode usd is a fiat currency', 'usd'))
  it('refuses a suspended currency', () =>
    expectBadRequest('quoteCurrencyCode=usd&baseCurrencyAmount=5', 'currencyCode xtz is suspended', 'xtz'))
  it('refuses a currency that is not sellable', () =>
    expectBadRequest('quoteCurrencyCode=usd&baseCurrencyAmount=50', 'currencyCode trx does not support sales', 'trx'))
  it('refuses a currency without test-mode support in test mode', () =>
    expectBadRequest(
      'quoteCurrencyCode=usd&baseCurrencyAmount=200',
      'currencyCode doge does not support test mode',
      'doge',
    ))
  it('quotes a currency without test-mode support in live mode', async () => {
    expect((await quote('quoteCurrencyCode=usd&baseCurrencyAmount=200', freshKey('live'), 'doge')).status).toBe(200)
  })
  it('still refuses a suspended currency in live mode', () =>
    expectBadRequest('quoteCurrencyCode=usd&baseCurrencyAmount=5', 'is suspended', 'xtz', freshKey('live')))
  it('requires quoteCurrencyCode', () => expectBadRequest('baseCurrencyAmount=0.5', 'quoteCurrencyCode is required'))
  it('refuses an unknown quote currency', () =>
    expectBadRequest('quoteCurrencyCode=xyz&baseCurrencyAmount=0.5', 'quoteCurrencyCode xyz is not a known currency'))
  it('refuses a crypto quote currency', () =>
    expectBadRequest('quoteCurrencyCode=btc&baseCurrencyAmount=0.5', 'quoteCurrencyCode btc is a crypto currency'))
  it('refuses a fiat that does not support sales', () =>
    expectBadRequest('quoteCurrencyCode=ngn&baseCurrencyAmount=0.5', 'quoteCurrencyCode ngn does not support sales'))
})

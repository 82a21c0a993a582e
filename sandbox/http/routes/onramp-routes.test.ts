import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  AskPrice,
  BuyLimits,
  BuyQuote,
  JournalEntry,
  NetworkFees,
  WidgetBuyQuote,
  WidgetError,
  dataOf,
} from '#contract/index.ts'
import { verifyWidgetBuyQuote } from '#domain/widget-buy-quote.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import { magic, platformAccount } from './platform-test-kit.ts'

let core: SandboxCore
let suffix = 0
const freshAccount = () => `onramp${++suffix}`

beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

async function widgetQuote(account: string, query: string): Promise<WidgetBuyQuote> {
  const response = await send(core, `GET /v3/currencies/eth/buy_quote?apiKey=pk_test_${account}&${query}`)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return conforms(WidgetBuyQuote, response.body)
}

/** A 400 in the widget shape whose message names `field`. */
async function refused(line: string, field: string, status = 400): Promise<string> {
  const response = await send(core, line)
  expect(response.status, JSON.stringify(response.body)).toBe(status)
  const { message } = conforms(WidgetError, response.body)
  expect(message).toContain(field)
  return message
}

describe('GET /v3/currencies/{code}/buy_quote', () => {
  it('agrees with the platform buy quote for the same fiat, crypto, amount and method', async () => {
    const account = platformAccount(core)
    const { connection } = await account.connect(magic.usNy)
    const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
    for (const [method, widgetMethod] of [
      ['card', 'credit_debit_card'],
      ['apple_pay', 'apple_pay'],
    ] as const) {
      for (const feeBehavior of ['inclusive', 'exclusive'] as const) {
        const body = {
          source: { asset: { code: 'usd' }, amount: 250 },
          destination: { asset: { code: 'eth' } },
          paymentMethod: { type: method },
          feeBehavior,
        }
        const platform = conforms(
          dataOf(BuyQuote),
          (await send(core, 'POST /platform/v1/quotes/buy', { headers: bearer, body })).body,
        ).data
        const widget = await widgetQuote(
          account.account,
          `baseCurrencyCode=usd&baseCurrencyAmount=250&paymentMethod=${widgetMethod}&areFeesIncluded=${feeBehavior === 'inclusive'}`,
        )
        expect(
          [
            widget.quoteCurrencyPrice,
            widget.quoteCurrencyAmount,
            widget.feeAmount,
            widget.extraFeeAmount,
            widget.networkFeeAmount,
            widget.totalAmount,
          ],
          `${method} ${feeBehavior}`,
        ).toEqual([
          platform.exchangeRate,
          platform.destination.amount,
          platform.fees.service,
          platform.fees.ecosystem,
          platform.fees.network,
          platform.totalAmount,
        ])
      }
    }
  })

  it('agrees with the platform buy quote by crypto amount', async () => {
    const account = platformAccount(core)
    const { connection } = await account.connect(magic.usNy)
    const body = { source: { asset: { code: 'eur' } }, destination: { asset: { code: 'eth' }, amount: 0.05 } }
    const platform = conforms(
      dataOf(BuyQuote),
      (
        await send(core, 'POST /platform/v1/quotes/buy', {
          headers: { authorization: `Bearer ${connection.credentials.accessToken}` },
          body,
        })
      ).body,
    ).data
    const widget = await widgetQuote(account.account, 'baseCurrencyCode=eur&quoteCurrencyAmount=0.05')
    expect([widget.quoteCurrencyAmount, widget.feeAmount, widget.networkFeeAmount, widget.totalAmount]).toEqual([
      0.05,
      platform.fees.service,
      platform.fees.network,
      platform.totalAmount,
    ])
  })

  it('answers the full currency objects the currencies list shows', async () => {
    const account = freshAccount()
    const quote = await widgetQuote(account, 'baseCurrencyCode=usd&baseCurrencyAmount=100')
    const list = (await send(core, `GET /v3/currencies?apiKey=pk_test_${account}`)).body as Array<{ code: string }>
    expect([quote.baseCurrency, quote.quoteCurrency]).toEqual([
      list.find((c) => c.code === 'usd'),
      list.find((c) => c.code === 'eth'),
    ])
  })

  it('converts the amount less every fee: the total is the amount plus the fees', async () => {
    const quote = await widgetQuote(freshAccount(), 'baseCurrencyCode=usd&baseCurrencyAmount=100&areFeesIncluded=true')
    expect(quote.totalAmount).toBe(100)
    expect(
      Math.round((quote.baseCurrencyAmount + quote.feeAmount + quote.extraFeeAmount + quote.networkFeeAmount) * 100) /
        100,
    ).toBe(100)
  })

  it('puts the fees on top when areFeesIncluded is omitted', async () => {
    const quote = await widgetQuote(freshAccount(), 'baseCurrencyCode=usd&baseCurrencyAmount=100')
    expect(quote.baseCurrencyAmount).toBe(100)
    expect(quote.totalAmount).toBeGreaterThan(100)
  })

  it('prices by quoteCurrencyAmount when both amounts are given', async () => {
    const quote = await widgetQuote(
      freshAccount(),
      'baseCurrencyCode=usd&baseCurrencyAmount=100&quoteCurrencyAmount=0.05',
    )
    expect(quote.quoteCurrencyAmount).toBe(0.05)
  })

  it("charges the tenant's default extra fee when extraFeePercentage is omitted, and the one asked for otherwise", async () => {
    const account = freshAccount()
    await send(core, 'PUT /__sandbox/settings', {
      headers: { 'x-api-key': `sk_test_${account}` },
      body: { defaultExtraFeePercentage: 3 },
    })
    const byDefault = await widgetQuote(account, 'baseCurrencyCode=usd&baseCurrencyAmount=200')
    const asked = await widgetQuote(account, 'baseCurrencyCode=usd&baseCurrencyAmount=200&extraFeePercentage=0')
    expect([
      byDefault.extraFeePercentage,
      byDefault.extraFeeAmount,
      asked.extraFeePercentage,
      asked.extraFeeAmount,
    ]).toEqual([3, 6, 0, 0])
  })

  it('is signed with the tenant secret and expires on its clock', async () => {
    const account = platformAccount(core)
    const quote = await widgetQuote(account.account, 'baseCurrencyCode=usd&baseCurrencyAmount=100')
    const tenant = account.tenant()
    expect(verifyWidgetBuyQuote(tenant, quote)).toBe('valid')
    expect(verifyWidgetBuyQuote(tenant, { ...quote, totalAmount: quote.totalAmount - 1 })).toBe('tampered')
    expect(Date.parse(quote.expiresAt!) - tenant.clock.now()).toBe(quote.expiresIn! * 1000)
  })

  it('answers 404 naming currencyCode for an unknown currency', async () => {
    await refused(
      `GET /v3/currencies/nope/buy_quote?apiKey=pk_test_${freshAccount()}&baseCurrencyCode=usd&baseCurrencyAmount=100`,
      'currencyCode',
      404,
    )
  })

  it('refuses a fiat in the path, naming currencyCode', async () => {
    await refused(
      `GET /v3/currencies/usd/buy_quote?apiKey=pk_test_${freshAccount()}&baseCurrencyCode=usd&baseCurrencyAmount=100`,
      'currencyCode',
    )
  })

  it('refuses a crypto without test mode under a test key, naming currencyCode', async () => {
    expect(
      await refused(
        `GET /v3/currencies/doge/buy_quote?apiKey=pk_test_${freshAccount()}&baseCurrencyCode=usd&baseCurrencyAmount=100`,
        'currencyCode',
      ),
    ).toContain('test mode')
  })

  it('refuses an unknown or crypto baseCurrencyCode, naming it', async () => {
    await refused(
      `GET /v3/currencies/eth/buy_quote?apiKey=pk_test_${freshAccount()}&baseCurrencyCode=xyz&baseCurrencyAmount=100`,
      'baseCurrencyCode',
    )
    await refused(
      `GET /v3/currencies/eth/buy_quote?apiKey=pk_test_${freshAccount()}&baseCurrencyCode=btc&baseCurrencyAmount=100`,
      'baseCurrencyCode',
    )
  })

  it('refuses a missing baseCurrencyCode and a missing amount, naming them', async () => {
    await refused(
      `GET /v3/currencies/eth/buy_quote?apiKey=pk_test_${freshAccount()}&baseCurrencyAmount=100`,
      'baseCurrencyCode is required',
    )
    await refused(
      `GET /v3/currencies/eth/buy_quote?apiKey=pk_test_${freshAccount()}&baseCurrencyCode=usd`,
      'baseCurrencyAmount or quoteCurrencyAmount is required',
    )
  })

  it('refuses amounts outside the buy bounds, naming the amount', async () => {
    expect(
      await refused(
        `GET /v3/currencies/eth/buy_quote?apiKey=pk_test_${freshAccount()}&baseCurrencyCode=usd&baseCurrencyAmount=5`,
        'baseCurrencyAmount',
      ),
    ).toContain('minimum')
    expect(
      await refused(
        `GET /v3/currencies/eth/buy_quote?apiKey=pk_test_${freshAccount()}&baseCurrencyCode=usd&quoteCurrencyAmount=100`,
        'quoteCurrencyAmount',
      ),
    ).toContain('maximum')
  })

  it('refuses malformed amounts, extra fees, methods and fee flags, naming each', async () => {
    const base = `GET /v3/currencies/eth/buy_quote?apiKey=pk_test_${freshAccount()}&baseCurrencyCode=usd`
    await refused(`${base}&baseCurrencyAmount=1e3`, 'baseCurrencyAmount')
    await refused(`${base}&baseCurrencyAmount=100.001`, 'baseCurrencyAmount')
    await refused(`${base}&quoteCurrencyAmount=0.123456789`, 'quoteCurrencyAmount')
    await refused(`${base}&baseCurrencyAmount=100&extraFeePercentage=11`, 'extraFeePercentage')
    await refused(`${base}&baseCurrencyAmount=100&paymentMethod=sepa_bank_transfer`, 'paymentMethod')
    await refused(`${base}&baseCurrencyAmount=100&areFeesIncluded=yes`, 'areFeesIncluded')
  })

  it('answers 401 in the widget shape without a publishable key', async () => {
    const response = await send(core, 'GET /v3/currencies/eth/buy_quote?baseCurrencyCode=usd&baseCurrencyAmount=100')
    expect(response.status).toBe(401)
    expect(conforms(WidgetError, response.body).type).toBe('UnauthorizedError')
  })
})

describe('GET /v3/currencies/{code}/limits', () => {
  it('answers the smallest and largest amounts the buy quote accepts: a cent less or more is refused', async () => {
    const account = freshAccount()
    for (const fees of ['true', 'false']) {
      const limits = conforms(
        BuyLimits,
        (
          await send(
            core,
            `GET /v3/currencies/eth/limits?apiKey=pk_test_${account}&baseCurrencyCode=usd&areFeesIncluded=${fees}&paymentMethod=credit_debit_card`,
          )
        ).body,
      )
      const quote = (amount: number) =>
        send(
          core,
          `GET /v3/currencies/eth/buy_quote?apiKey=pk_test_${account}&baseCurrencyCode=usd&baseCurrencyAmount=${amount}&areFeesIncluded=${fees}`,
        )
      const { minBuyAmount: min, maxBuyAmount: max } = limits.baseCurrency
      expect([(await quote(min)).status, (await quote(Math.round((min - 0.01) * 100) / 100)).status], fees).toEqual([
        200, 400,
      ])
      expect([(await quote(max!)).status, (await quote(Math.round((max! + 0.01) * 100) / 100)).status], fees).toEqual([
        200, 400,
      ])
    }
  })

  it('answers crypto limits the buy quote accepts by quoteCurrencyAmount', async () => {
    const account = freshAccount()
    const limits = conforms(
      BuyLimits,
      (
        await send(
          core,
          `GET /v3/currencies/eth/limits?apiKey=pk_test_${account}&baseCurrencyCode=usd&paymentMethod=credit_debit_card`,
        )
      ).body,
    )
    const quote = (amount: number) =>
      send(
        core,
        `GET /v3/currencies/eth/buy_quote?apiKey=pk_test_${account}&baseCurrencyCode=usd&quoteCurrencyAmount=${amount}`,
      )
    const { minBuyAmount: min, maxBuyAmount: max } = limits.quoteCurrency
    expect([
      (await quote(min)).status,
      (await quote(max!)).status,
      (await quote(Math.round((max! + 0.0001) * 1e4) / 1e4)).status,
    ]).toEqual([200, 200, 400])
  })

  it('assumes the cheapest payment method when none is named', async () => {
    const limits = conforms(
      BuyLimits,
      (await send(core, `GET /v3/currencies/eth/limits?apiKey=pk_test_${freshAccount()}&baseCurrencyCode=usd`)).body,
    )
    expect(limits.paymentMethod).toBe('apple_pay')
  })

  it('refuses a missing baseCurrencyCode, naming it', async () => {
    await refused(`GET /v3/currencies/eth/limits?apiKey=pk_test_${freshAccount()}`, 'baseCurrencyCode')
  })

  it('answers 404 for an unknown currency', async () => {
    await refused(
      `GET /v3/currencies/nope/limits?apiKey=pk_test_${freshAccount()}&baseCurrencyCode=usd`,
      'currencyCode',
      404,
    )
  })
})

describe('GET /v3/currencies/network_fees', () => {
  it('answers the network fee the buy quote charges, keyed by upper-case codes', async () => {
    const account = freshAccount()
    const fees = conforms(
      NetworkFees,
      (
        await send(
          core,
          `GET /v3/currencies/network_fees?apiKey=pk_test_${account}&cryptoCurrencies=eth,BTC&fiatCurrencies=usd,eur`,
        )
      ).body,
    )
    expect(Object.keys(fees)).toEqual(['ETH', 'BTC'])
    expect(Object.keys(fees.ETH!)).toEqual(['USD', 'EUR'])
    const quote = await widgetQuote(account, 'baseCurrencyCode=eur&baseCurrencyAmount=100')
    expect(fees.ETH!.EUR).toBe(quote.networkFeeAmount)
  })

  it('is not taken for a currency code by the {code} routes', async () => {
    await refused(`GET /v3/currencies/network_fees?apiKey=pk_test_${freshAccount()}`, 'cryptoCurrencies is required')
  })

  it('refuses an unknown crypto or fiat, naming its list', async () => {
    await refused(
      `GET /v3/currencies/network_fees?apiKey=pk_test_${freshAccount()}&cryptoCurrencies=eth,usd&fiatCurrencies=usd`,
      'cryptoCurrencies',
    )
    await refused(
      `GET /v3/currencies/network_fees?apiKey=pk_test_${freshAccount()}&cryptoCurrencies=eth&fiatCurrencies=usd,,eur`,
      'fiatCurrencies',
    )
    await refused(
      `GET /v3/currencies/network_fees?apiKey=pk_test_${freshAccount()}&cryptoCurrencies=eth&fiatCurrencies=eth`,
      'fiatCurrencies',
    )
  })
})

describe('GET /v3/currencies/{code}/ask_price', () => {
  it('answers the price the buy quote uses now, in USD, EUR and GBP', async () => {
    const account = freshAccount()
    const price = conforms(
      AskPrice,
      (await send(core, `GET /v3/currencies/eth/ask_price?apiKey=pk_test_${account}`)).body,
    )
    const quote = await widgetQuote(account, 'baseCurrencyCode=gbp&baseCurrencyAmount=100')
    expect(price.GBP).toBe(quote.quoteCurrencyPrice)
  })

  it('answers 404 for an unknown currency and 400 naming currencyCode for a fiat', async () => {
    await refused(`GET /v3/currencies/nope/ask_price?apiKey=pk_test_${freshAccount()}`, 'currencyCode', 404)
    await refused(`GET /v3/currencies/usd/ask_price?apiKey=pk_test_${freshAccount()}`, 'currencyCode')
  })
})

describe('the On-ramp routes in the route table', () => {
  it('are journaled with the answer they gave', async () => {
    const account = freshAccount()
    const quote = await widgetQuote(account, 'baseCurrencyCode=usd&baseCurrencyAmount=100')
    const journal = conforms(
      dataOf(z.array(JournalEntry)),
      (await send(core, 'GET /__sandbox/journal?kind=api', { headers: { 'x-api-key': `sk_test_${account}` } })).body,
    )
    const entry = journal.data.at(-1)!
    expect(entry.kind === 'api' && [entry.status, entry.path, entry.responseBody]).toEqual([
      200,
      '/v3/currencies/eth/buy_quote',
      quote,
    ])
  })

  it('answer an injected fault in the widget error shape', async () => {
    const account = freshAccount()
    const sk = { 'x-api-key': `sk_test_${account}` }
    await send(core, 'POST /__sandbox/faults', {
      headers: sk,
      body: { method: 'GET', path: '/v1/transactions', times: 1, status: 503 },
    })
    const response = await send(core, 'GET /v1/transactions', { headers: sk })
    expect(response.status).toBe(503)
    conforms(WidgetError, response.body)
  })
})

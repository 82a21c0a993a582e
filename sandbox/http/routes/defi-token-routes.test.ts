import { beforeAll, describe, expect, it } from 'vitest'
import { CurrencyList, DefiToken, DefiTokenList, SellQuote, WidgetError } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'

let core: SandboxCore
let suffix = 0
const freshKey = () => `pk_test_defi${++suffix}`
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

async function list(params: string, key = freshKey()): Promise<DefiTokenList> {
  const response = await send(core, `GET /v1/defi/tokens?apiKey=${key}&${params}`)
  expect(response.status).toBe(200)
  return conforms(DefiTokenList, response.body)
}

async function expectBadRequest(line: string, fragment: RegExp) {
  const response = await send(core, line)
  expect(response.status).toBe(400)
  const body = conforms(WidgetError, response.body)
  expect(body.type).toBe('BadRequestError')
  expect(body.message).toMatch(fragment)
}

describe('GET /v1/defi/token', () => {
  it("answers the token at a contract address with the catalog currency's network facts", async () => {
    const key = freshKey()
    const token = conforms(
      DefiToken,
      (await send(core, `GET /v1/defi/token?apiKey=${key}&contractAddress=${USDC}`)).body,
    )
    const currencies = conforms(CurrencyList, (await send(core, `GET /v3/currencies?apiKey=${key}`)).body)
    const usdc = currencies.find((c) => c.code === 'usdc')
    if (usdc?.type !== 'crypto') throw new Error('usdc is a crypto')
    expect(token).toMatchObject({
      currencyCode: 'usdc',
      contractAddress: USDC,
      chainId: usdc.metadata.chainId,
      network: usdc.metadata.networkCode,
      symbol: 'USDC',
      decimals: 6,
    })
  })

  it('matches an EVM address in any case', async () => {
    const response = await send(core, `GET /v1/defi/token?apiKey=${freshKey()}&contractAddress=${USDC.toLowerCase()}`)
    expect(conforms(DefiToken, response.body).currencyCode).toBe('usdc')
  })

  it('prices the token as a sell quote prices its currency at the same instant', async () => {
    const key = freshKey()
    const token = conforms(
      DefiToken,
      (await send(core, `GET /v1/defi/token?apiKey=${key}&contractAddress=${USDC}`)).body,
    )
    const quote = conforms(
      SellQuote,
      (
        await send(
          core,
          `GET /v3/currencies/usdc/sell_quote?apiKey=${key}&quoteCurrencyCode=usd&baseCurrencyAmount=100`,
        )
      ).body,
    )
    expect(token.priceUsd).toBe(quote.baseCurrencyPrice)
  })

  it('answers 404 in the widget error shape for an unknown address', async () => {
    const response = await send(
      core,
      `GET /v1/defi/token?apiKey=${freshKey()}&contractAddress=0x0000000000000000000000000000000000000001`,
    )
    expect(response.status).toBe(404)
    expect(conforms(WidgetError, response.body).type).toBe('NotFoundError')
  })

  it('answers 404 for a known address on another network', async () => {
    const response = await send(core, `GET /v1/defi/token?apiKey=${freshKey()}&contractAddress=${USDC}&network=polygon`)
    expect(response.status).toBe(404)
  })

  it('answers 400 naming contractAddress when it is missing', async () => {
    await expectBadRequest(`GET /v1/defi/token?apiKey=${freshKey()}`, /contractAddress is required/)
  })

  it('answers 400 naming network for an unknown network code', async () => {
    await expectBadRequest(
      `GET /v1/defi/token?apiKey=${freshKey()}&contractAddress=${USDC}&network=nope`,
      /network nope is not a known network code/,
    )
  })

  it('answers 401 without an apiKey', async () => {
    const response = await send(core, `GET /v1/defi/token?contractAddress=${USDC}`)
    expect(response.status).toBe(401)
    expect(conforms(WidgetError, response.body).type).toBe('UnauthorizedError')
  })
})

describe('GET /v1/defi/tokens', () => {
  it('lists every catalog crypto with a contract address', async () => {
    const key = freshKey()
    const currencies = conforms(CurrencyList, (await send(core, `GET /v3/currencies?apiKey=${key}`)).body)
    const expected = currencies.flatMap((c) =>
      c.type === 'crypto' && c.metadata.contractAddress !== null ? [c.code] : [],
    )
    const page = await list('limit=50', key)
    expect(page.tokens.map((t) => t.currencyCode).sort()).toEqual(expected.sort())
    expect(page.total).toBe(expected.length)
  })

  it('sorts by market cap, largest first, by default', async () => {
    const caps = (await list('limit=50')).tokens.map((t) => t.marketCap)
    expect(caps).toEqual([...caps].sort((a, b) => b - a))
  })

  it('sorts by price in the order asked', async () => {
    const prices = (await list('sort=price&order=asc&limit=50')).tokens.map((t) => t.priceUsd)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
  })

  it('sorts by name from A to Z', async () => {
    const names = (await list('sort=name&limit=50')).tokens.map((t) => t.name)
    expect(names).toEqual([...names].sort())
  })

  it('pages with limit and offset without gaps or repeats', async () => {
    const key = freshKey()
    const all = (await list('limit=50', key)).tokens.map((t) => t.currencyCode)
    const first = await list('limit=3&offset=0', key)
    const second = await list('limit=3&offset=3', key)
    const rest = await list(`limit=3&offset=6`, key)
    expect([...first.tokens, ...second.tokens, ...rest.tokens].map((t) => t.currencyCode)).toEqual(all)
    expect(first).toMatchObject({ limit: 3, offset: 0, total: all.length })
  })

  it('answers 10 tokens at most when limit is omitted', async () => {
    expect((await list('')).limit).toBe(10)
  })

  it('filters by network', async () => {
    const page = await list('network=polygon')
    expect(page.tokens.map((t) => t.currencyCode)).toEqual(['usdc_polygon'])
  })

  it('answers 400 naming limit above 50', async () => {
    await expectBadRequest(`GET /v1/defi/tokens?apiKey=${freshKey()}&limit=51`, /limit must be from 1 to 50/)
  })

  it('answers 400 naming offset when it is not an integer', async () => {
    await expectBadRequest(
      `GET /v1/defi/tokens?apiKey=${freshKey()}&offset=-1`,
      /offset must be a non-negative integer/,
    )
  })

  it('answers 400 naming sort for an unknown sort key', async () => {
    await expectBadRequest(
      `GET /v1/defi/tokens?apiKey=${freshKey()}&sort=volume`,
      /sort must be one of marketCap, price, name/,
    )
  })
})

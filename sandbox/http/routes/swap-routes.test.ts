import { beforeAll, describe, expect, it } from 'vitest'
import { SwapPairList, type SwapQuote, WidgetError } from '#contract/index.ts'
import { signSwapQuote } from '#domain/swap-quote.ts'
import { base64UrlToText } from '#portable/base64url.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import { BTC_TESTNET_WALLET, EVM_WALLET, evmWallets, expectWidgetError, swapAccount } from './swap-test-kit.ts'

let core: SandboxCore

beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

describe('GET /v4/swap/pairs', () => {
  it('lists the curated pairs of the mode with limits in both currencies', async () => {
    const { pk } = await swapAccount(core)
    const pairs = conforms(SwapPairList, (await send(core, `GET /v4/swap/pairs?apiKey=${pk}`)).body)
    const ethUsdc = pairs.find((pair) => pair.pairName === 'eth-usdc')
    expect(ethUsdc).toMatchObject({
      baseCurrencyCode: 'eth',
      baseCurrencyNetworkCode: 'ethereum',
      quoteCurrencyCode: 'usdc',
      isSuspended: false,
    })
    expect(ethUsdc!.minSwapAmount).toBeLessThan(ethUsdc!.maxSwapAmount)
    expect(ethUsdc!.minSwapAmountQuote).toBeGreaterThanOrEqual(19)
  })

  it('marks a pair with a suspended currency suspended', async () => {
    const { pk } = await swapAccount(core)
    const pairs = conforms(SwapPairList, (await send(core, `GET /v4/swap/pairs?apiKey=${pk}`)).body)
    expect(pairs.filter((pair) => pair.isSuspended).map((pair) => pair.pairName)).toEqual(['xtz-eth'])
  })

  it('leaves out in test mode a pair whose currency has no test mode, and lists it in live mode', async () => {
    const test = conforms(
      SwapPairList,
      (await send(core, `GET /v4/swap/pairs?apiKey=${(await swapAccount(core)).pk}`)).body,
    )
    const live = conforms(
      SwapPairList,
      (await send(core, `GET /v4/swap/pairs?apiKey=${(await swapAccount(core, 'live')).pk}`)).body,
    )
    expect(test.map((pair) => pair.pairName)).not.toContain('doge-btc')
    expect(live.map((pair) => pair.pairName)).toContain('doge-btc')
  })

  it('answers 401 in the widget shape without a publishable key', async () => {
    expectWidgetError(await send(core, 'GET /v4/swap/pairs'), 401, /apiKey/)
  })
})

describe('GET /v4/swap/{pair}/quote', () => {
  it('answers amounts as text, the currencies and a signature carrying the quote', async () => {
    const account = await swapAccount(core)
    const quote = await account.quote('eth-usdc', 0.5, null)
    expect(quote).toMatchObject({
      pairName: 'eth-usdc',
      baseCurrencyAmount: '0.5',
      liveMode: false,
      baseCurrency: { code: 'eth' },
      quoteCurrency: { code: 'usdc' },
      feeCurrency: { code: 'usdc' },
    })
    const sum = ['quoteCurrencyAmount', 'feeAmount', 'extraFeeAmount', 'networkFeeAmount'].reduce(
      (total, field) => total + Number(quote[field as keyof SwapQuote]),
      0,
    )
    expect(sum).toBeCloseTo(0.5 * quote.exchangeRate, 1)
    const claims = JSON.parse(base64UrlToText(quote.signature.split('.')[0]!.slice(4))!)
    expect(claims).toMatchObject({
      id: quote.id,
      amounts: { base: '0.5', quote: quote.quoteCurrencyAmount },
      customer: null,
    })
  })

  it('expires 30 s after it is made on the tenant clock', async () => {
    const account = await swapAccount(core)
    const quote = await account.quote('eth-usdc', 0.5)
    expect(Date.parse(quote.expiresAt) - Date.parse(account.tenant()!.clock.iso())).toBe(30_000)
  })

  it('takes the pair in any case', async () => {
    expect((await (await swapAccount(core)).quote('ETH-USDC', 0.5)).pairName).toBe('eth-usdc')
  })

  it('names baseCurrencyAmount when it is missing', async () => {
    const { pk } = await swapAccount(core)
    expectWidgetError(
      await send(core, `GET /v4/swap/eth-usdc/quote?apiKey=${pk}`),
      400,
      /baseCurrencyAmount is required/,
    )
  })

  it("names baseCurrencyAmount and the limit when it is below the pair's minimum", async () => {
    const { pk } = await swapAccount(core)
    expectWidgetError(
      await send(core, `GET /v4/swap/eth-usdc/quote?apiKey=${pk}&baseCurrencyAmount=0.0001`),
      400,
      /baseCurrencyAmount must be at least .* \(minSwapAmount of eth-usdc\)/,
    )
  })

  it("names baseCurrencyAmount and the limit when it is above the pair's maximum", async () => {
    const { pk } = await swapAccount(core)
    expectWidgetError(
      await send(core, `GET /v4/swap/eth-usdc/quote?apiKey=${pk}&baseCurrencyAmount=1000`),
      400,
      /baseCurrencyAmount must be at most .* \(maxSwapAmount of eth-usdc\)/,
    )
  })

  it('answers 404 naming the pair for an unknown pair', async () => {
    const { pk } = await swapAccount(core)
    const response = await send(core, `GET /v4/swap/eth-nope/quote?apiKey=${pk}&baseCurrencyAmount=1`)
    expectWidgetError(response, 404, /pair eth-nope is not a swap pair/)
    expect(conforms(WidgetError, response.body).type).toBe('NotFoundError')
  })

  it('answers 400 naming the pair for a suspended pair', async () => {
    const { pk } = await swapAccount(core)
    expectWidgetError(
      await send(core, `GET /v4/swap/xtz-eth/quote?apiKey=${pk}&baseCurrencyAmount=10`),
      400,
      /pair xtz-eth is suspended/,
    )
  })

  it('refuses an access token that is not valid', async () => {
    const { pk } = await swapAccount(core)
    expectWidgetError(
      await send(core, `GET /v4/swap/eth-usdc/quote?apiKey=${pk}&baseCurrencyAmount=0.5`, {
        headers: { authorization: 'Bearer at_nope.x' },
      }),
      401,
      /Bearer token is not a valid access token/,
    )
  })
})

describe('POST /v4/swap/execute_quote', () => {
  it("makes a swap waiting for its deposit address with the quote's amounts", async () => {
    const account = await swapAccount(core)
    const quote = await account.quote('eth-usdc', 0.5)
    const execution = await account.executed(quote.signature)
    expect(execution).toMatchObject({
      status: 'waitingForDepositAddressGeneration',
      baseCurrencyAmount: '0.5',
      quoteCurrencyAmount: quote.quoteCurrencyAmount,
      baseCurrency: { code: 'eth' },
    })
    expect(execution.transactionId).toMatch(/^swp_/)
  })

  it('refuses a signature whose quote was altered, naming signature (invalidQuote)', async () => {
    const account = await swapAccount(core)
    const quote = await account.quote('eth-usdc', 0.5)
    const [body, mac] = quote.signature.split('.') as [string, string]
    const claims = JSON.parse(base64UrlToText(body.slice(4))!)
    claims.amounts.quote = String(Number(claims.amounts.quote) * 2)
    const tampered = `swq_${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${mac}`
    expectWidgetError(
      await account.execute(tampered),
      400,
      /signature was not signed by this sandbox .*\(invalidQuote\)/,
    )
  })

  it('refuses an expired quote', async () => {
    const account = await swapAccount(core)
    const quote = await account.quote('eth-usdc', 0.5)
    await account.advance(30_000)
    expectWidgetError(
      await account.execute(quote.signature),
      400,
      /signature names a quote that expired at .*\(invalidQuote\)/,
    )
  })

  it('refuses a quote executed already', async () => {
    const account = await swapAccount(core)
    const quote = await account.quote('eth-usdc', 0.5)
    await account.executed(quote.signature)
    expectWidgetError(
      await account.execute(quote.signature, { externalTransactionId: 'ext-2' }),
      400,
      /already executed \(invalidQuote\)/,
    )
  })

  it('refuses a quote made for another customer', async () => {
    const account = await swapAccount(core)
    const quote = await account.quote('eth-usdc', 0.5, account.first)
    expectWidgetError(
      await account.execute(quote.signature, { token: account.second }),
      400,
      /made for another customer \(invalidQuote\)/,
    )
  })

  it('refuses a quote signed by another account', async () => {
    const one = await swapAccount(core)
    const other = await swapAccount(core)
    const quote = await one.quote('eth-usdc', 0.5, null)
    expectWidgetError(
      await other.execute(quote.signature),
      400,
      /signature was not signed by this sandbox for this account/,
    )
  })

  it('refuses claims the sandbox signed for another account', async () => {
    const one = await swapAccount(core)
    const quote = await one.quote('eth-usdc', 0.5, null)
    const claims = JSON.parse(base64UrlToText(quote.signature.split('.')[0]!.slice(4))!)
    const other = await swapAccount(core)
    const forged = signSwapQuote(other.tenant()!, claims)
    expectWidgetError(await other.execute(forged), 400, /signature names another account/)
  })

  it('names the destination wallet address when it is not one of the quote currency', async () => {
    const account = await swapAccount(core)
    const quote = await account.quote('eth-btc', 0.5)
    expectWidgetError(
      await account.execute(quote.signature, { wallets: evmWallets }),
      400,
      /walletAddresses.destinationWalletAddress is not a valid btc testnet address/,
    )
  })

  it('names the refund wallet address when it is not one of the base currency', async () => {
    const account = await swapAccount(core)
    const quote = await account.quote('eth-btc', 0.5)
    const wallets = { destinationWalletAddress: BTC_TESTNET_WALLET, refundWalletAddress: BTC_TESTNET_WALLET }
    expectWidgetError(
      await account.execute(quote.signature, { wallets }),
      400,
      /walletAddresses.refundWalletAddress is not a valid eth testnet address/,
    )
  })

  it('names a destination tag the quote currency does not take', async () => {
    const account = await swapAccount(core)
    const quote = await account.quote('eth-usdc', 0.5)
    expectWidgetError(
      await account.execute(quote.signature, { wallets: { ...evmWallets, destinationWalletAddressTag: '123' } }),
      400,
      /walletAddresses.destinationWalletAddressTag is not supported by usdc/,
    )
  })

  it('names a missing field of the body', async () => {
    const account = await swapAccount(core)
    const response = await send(core, `POST /v4/swap/execute_quote?apiKey=${account.pk}`, {
      headers: account.as(account.first),
      body: { signature: 'x', walletAddresses: evmWallets },
    })
    expectWidgetError(response, 400, /externalTransactionId/)
  })

  it("answers 401 without the customer's access token", async () => {
    const account = await swapAccount(core)
    const quote = await account.quote('eth-usdc', 0.5)
    const response = await send(core, `POST /v4/swap/execute_quote?apiKey=${account.pk}`, {
      body: { signature: quote.signature, externalTransactionId: 'e', walletAddresses: evmWallets },
    })
    expectWidgetError(response, 401, /Authorization: Bearer <accessToken> is required/)
  })
})

describe('GET /v4/swap/transaction/{id}', () => {
  it('answers the swap with its wallets as {address, tag}', async () => {
    const account = await swapAccount(core)
    const { id } = await account.waitingForDeposit('eth-usdc', 0.5)
    const swap = await account.swap(id)
    expect(swap).toMatchObject({
      id,
      status: 'waitingForDeposit',
      destinationWallet: { address: EVM_WALLET, tag: null },
      depositHash: null,
      failureReason: null,
    })
    expect(swap.depositWallet?.address).toMatch(/^0x[0-9a-f]{40}$/)
  })

  it('answers its base and quote currencies as the objects the quote carried', async () => {
    const account = await swapAccount(core)
    const { id, quote } = await account.waitingForDeposit('eth-usdc', 0.5)
    const swap = await account.swap(id)
    expect([swap.baseCurrency, swap.quoteCurrency]).toEqual([quote.baseCurrency, quote.quoteCurrency])
    expect([swap.baseCurrency.code, swap.quoteCurrency.code]).toEqual(['eth', 'usdc'])
  })

  it("answers 404 to another customer's token", async () => {
    const account = await swapAccount(core)
    const { id } = await account.waitingForDeposit('eth-usdc', 0.5)
    const response = await send(core, `GET /v4/swap/transaction/${id}?apiKey=${account.pk}`, {
      headers: account.as(account.second),
    })
    expectWidgetError(response, 404, /is not a swap of this customer/)
  })

  it("answers 404 to another account's key and token", async () => {
    const account = await swapAccount(core)
    const other = await swapAccount(core)
    const { id } = await account.waitingForDeposit('eth-usdc', 0.5)
    expectWidgetError(
      await send(core, `GET /v4/swap/transaction/${id}?apiKey=${other.pk}`, { headers: other.as(other.first) }),
      404,
      /not a swap of this customer/,
    )
  })

  it("refuses a token of another account than the key's", async () => {
    const account = await swapAccount(core)
    const other = await swapAccount(core)
    const { id } = await account.waitingForDeposit('eth-usdc', 0.5)
    expectWidgetError(
      await send(core, `GET /v4/swap/transaction/${id}?apiKey=${other.pk}`, { headers: account.as(account.first) }),
      401,
      /not issued to this account/,
    )
  })
})

describe("the customer's token beside the key", () => {
  it('is allowed in the CORS preflight of a swap route', async () => {
    const { pk } = await swapAccount(core)
    const headers = {
      origin: 'http://localhost:5173',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    }
    const response = await send(core, `OPTIONS /v4/swap/execute_quote?apiKey=${pk}`, { headers })
    expect(response.status).toBe(204)
    expect(response.headers['access-control-allow-headers']).toBe('authorization, content-type')
  })

  it('is documented in the OpenAPI security: required to execute, optional to quote', async () => {
    const doc = (await send(core, 'GET /openapi.json')).body as {
      paths: Record<string, Record<string, { security: unknown }>>
    }
    expect(doc.paths['/v4/swap/execute_quote']!.post!.security).toEqual([{ apiKeyQuery: [], accessToken: [] }])
    expect(doc.paths['/v4/swap/{pair}/quote']!.get!.security).toEqual([
      { apiKeyQuery: [], accessToken: [] },
      { apiKeyQuery: [] },
    ])
    expect(doc.paths['/v4/swap/pairs']!.get!.security).toEqual([{ apiKeyQuery: [] }])
  })
})

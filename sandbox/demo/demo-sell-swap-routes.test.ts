import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/index.ts'
import type { PlainReply, PlainRequest } from '#http/plain-http.ts'
import { bodyText } from '#http/test-request.ts'
import { demoRoutes } from './demo-routes.ts'

const origins = { api: 'http://127.0.0.1:4010', frames: 'http://127.0.0.1:4011' }
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7'

/** A fresh sandbox and its demo partner server (each test its own: the swaps move the tenant's clock). */
function demoServer() {
  const core = createSandboxCore({ origins })
  const demo = demoRoutes(core, origins)
  const send = async (
    method: string,
    path: string,
    options: { body?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<PlainReply & { body: any }> => {
    const request: PlainRequest = {
      method,
      path,
      query: options.query ?? {},
      headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...options.headers },
      body: bodyText(options.body),
    }
    const response = await demo(request)
    if (response.kind !== 'reply') throw new Error(`no reply for ${method} ${path}`)
    return response as PlainReply & { body: any }
  }
  const secret = (method: string, path: string, body?: unknown) =>
    core.handle({
      method,
      path,
      query: {},
      headers: { 'x-api-key': 'sk_test_demo', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }) as Promise<PlainReply & { body: any }>
  /** The access token of the active New York customer, as the check frame gives it to the page. */
  const bearer = async () => {
    const session = await send('POST', '/demo/api/session', {
      body: { email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' },
    })
    const connection = await secret('POST', '/__sandbox/connections', { sessionToken: session.body.data.sessionToken })
    return { authorization: `Bearer ${connection.body.data.credentials.accessToken}` }
  }
  return { send, secret, bearer }
}

const upstreamOf = (reply: PlainReply) => reply.headers['x-demo-upstream-call']

describe('the demo partner server: sells and swaps', () => {
  it("reads a sell with the publishable key and takes the customer's deposit, naming each call it made", async () => {
    const { send, secret } = demoServer()
    const made = await secret('POST', '/__sandbox/sell_transactions', {
      baseCurrencyCode: 'eth',
      quoteCurrencyCode: 'usd',
      baseCurrencyAmount: 0.5,
    })
    const id: string = made.body.data.id
    const read = await send('GET', '/demo/api/sell', { query: { id } })
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ id, status: 'waitingForDeposit', baseCurrencyAmount: 0.5 })
    expect(upstreamOf(read)).toBe(`GET /v3/sell_transactions/${id}`)
    const deposit = await send('POST', '/demo/api/control/deposit', { body: { transaction: 'sell', id, amount: 0.5 } })
    expect(deposit.status).toBe(200)
    expect(deposit.body.data).toMatchObject({ id, status: 'pending' })
    expect(upstreamOf(deposit)).toBe(`POST /__sandbox/sell_transactions/${id}/deposit`)
  })

  it('runs a swap through its quote, execution, deposit, requote and refusal, naming each call it made', async () => {
    const { send, bearer } = demoServer()
    const headers = await bearer()
    const quote = await send('GET', '/demo/api/swap/quote', {
      query: { pair: 'usdc-eth', baseCurrencyAmount: '100' },
      headers,
    })
    expect([quote.status, upstreamOf(quote), quote.body.baseCurrencyAmount]).toEqual([
      200,
      'GET /v4/swap/usdc-eth/quote',
      '100',
    ])
    const walletAddresses = { destinationWalletAddress: WALLET, refundWalletAddress: WALLET }
    const execute = await send('POST', '/demo/api/swap/execute', {
      body: { signature: quote.body.signature, externalTransactionId: 'demo-swap-1', walletAddresses },
      headers,
    })
    expect([execute.status, upstreamOf(execute)]).toEqual([200, 'POST /v4/swap/execute_quote'])
    const id: string = execute.body.transactionId
    await send('POST', '/demo/api/control/clock/advance', { body: { by: '5s' } })
    const deposit = await send('POST', '/demo/api/control/deposit', { body: { transaction: 'swap', id, amount: 80 } })
    expect([deposit.status, upstreamOf(deposit), deposit.body.data.status]).toEqual([
      200,
      `POST /__sandbox/swaps/${id}/deposit`,
      'screeningWalletAddress',
    ])
    await send('POST', '/demo/api/control/clock/advance', { body: { by: '10s' } })
    const screened = await send('GET', '/demo/api/swap/transaction', { query: { id }, headers })
    expect([screened.status, upstreamOf(screened), screened.body.status]).toEqual([
      200,
      `GET /v4/swap/transaction/${id}`,
      'reQuoteRequired',
    ])
    const requote = await send('GET', '/demo/api/swap/requote', { query: { id }, headers })
    expect([requote.status, upstreamOf(requote), requote.body.baseCurrencyAmount]).toEqual([
      200,
      `GET /v4/swap/transaction/${id}/requote`,
      '80',
    ])
    const rejected = await send('POST', '/demo/api/swap/reject-requote', {
      body: {
        signature: requote.body.signature,
        externalTransactionId: 'demo-swap-1',
        walletAddresses: { refundWalletAddress: WALLET },
      },
      headers,
    })
    expect([rejected.status, upstreamOf(rejected), rejected.body]).toEqual([
      200,
      'POST /v4/swap/reject_requote',
      { success: true },
    ])
    const failed = await send('GET', '/demo/api/swap/transaction', { query: { id }, headers })
    expect(failed.body).toMatchObject({ status: 'failed', failureReason: 'depositAmountIncorrect' })
  })

  it("passes the sandbox's own refusal on as it came: an unknown sell is the widget API's 404", async () => {
    const { send } = demoServer()
    const reply = await send('GET', '/demo/api/sell', { query: { id: 'sell_nope' } })
    expect(reply.status).toBe(404)
    expect(reply.body).toMatchObject({ type: 'NotFoundError' })
    expect(upstreamOf(reply)).toBe('GET /v3/sell_transactions/sell_nope')
  })

  const token = { authorization: 'Bearer at_x' }
  const swapBody = {
    signature: 'swq_x',
    externalTransactionId: 'demo-swap-1',
    walletAddresses: { destinationWalletAddress: WALLET, refundWalletAddress: WALLET },
  }
  it.each([
    ['a sell read without an id', 'GET', '/demo/api/sell', { query: {} }, 'id'],
    ['a sell id that is not a path segment', 'GET', '/demo/api/sell', { query: { id: '../clock' } }, 'id'],
    [
      'a deposit to a buy',
      'POST',
      '/demo/api/control/deposit',
      { body: { transaction: 'buy', id: 's', amount: 1 } },
      'transaction',
    ],
    [
      'a deposit of nothing',
      'POST',
      '/demo/api/control/deposit',
      { body: { transaction: 'sell', id: 's', amount: 0 } },
      'amount',
    ],
    [
      'a deposit in a bad mode',
      'POST',
      '/demo/api/control/deposit',
      { body: { mode: 'prod', transaction: 'sell', id: 's', amount: 1 } },
      'mode',
    ],
    [
      'a swap quote without the customer',
      'GET',
      '/demo/api/swap/quote',
      { query: { pair: 'usdc-eth', baseCurrencyAmount: '100' } },
      'authorization',
    ],
    [
      'a swap quote with a token that is not Bearer',
      'GET',
      '/demo/api/swap/quote',
      { query: { pair: 'usdc-eth', baseCurrencyAmount: '100' }, headers: { authorization: 'Basic eA==' } },
      'authorization',
    ],
    [
      'a swap quote of a bad pair',
      'GET',
      '/demo/api/swap/quote',
      { query: { pair: 'USDC/ETH', baseCurrencyAmount: '100' }, headers: token },
      'pair',
    ],
    [
      'a swap quote of no amount',
      'GET',
      '/demo/api/swap/quote',
      { query: { pair: 'usdc-eth', baseCurrencyAmount: 'lots' }, headers: token },
      'baseCurrencyAmount',
    ],
    [
      'an execution without a signature',
      'POST',
      '/demo/api/swap/execute',
      { body: { ...swapBody, signature: undefined }, headers: token },
      'signature',
    ],
    ['an execution without the customer', 'POST', '/demo/api/swap/execute', { body: swapBody }, 'authorization'],
    ['a swap read without an id', 'GET', '/demo/api/swap/transaction', { query: {}, headers: token }, 'id'],
    ['a requote without an id', 'GET', '/demo/api/swap/requote', { query: {}, headers: token }, 'id'],
    [
      'a refusal without its wallet',
      'POST',
      '/demo/api/swap/reject-requote',
      { body: { signature: 'swq_x', externalTransactionId: 'e' }, headers: token },
      'walletAddresses',
    ],
  ] as const)('answers 400 naming the field for %s', async (_name, method, path, options, field) => {
    const { send } = demoServer()
    const reply = await send(method, path, options)
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({
      code: 'invalid_body',
      errors: expect.arrayContaining([expect.objectContaining({ field })]),
    })
  })

  it('refuses a deposit or a swap call that is not application/json with 415, so another origin cannot send one without a preflight', async () => {
    const { send } = demoServer()
    for (const path of ['/demo/api/control/deposit', '/demo/api/swap/execute', '/demo/api/swap/reject-requote']) {
      const reply = await send('POST', path, { body: '{}', headers: { 'content-type': 'text/plain', ...token } })
      expect(reply.status).toBe(415)
    }
  })
})

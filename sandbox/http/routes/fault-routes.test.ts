import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiJournalEntry, Fault, PlatformError, WidgetError, dataOf } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import { magic, platformAccount } from './platform-test-kit.ts'
import { stagedPurchases } from './transaction-test-kit.ts'

let core: SandboxCore
beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7'
const buyQuoteBody = (code: string) => ({
  source: { asset: { code: 'usd' }, amount: 100 },
  destination: { asset: { code } },
  wallet: { address: WALLET },
  paymentMethod: { type: 'apple_pay' },
})

/** A fresh account with a connected active customer: its secret-key header and Bearer header. */
async function connected() {
  const account = platformAccount(core)
  const { connection } = await account.connect(magic.usNy)
  return { ...account, bearer: { authorization: `Bearer ${connection.credentials.accessToken}` } }
}

async function addFault(headers: Record<string, string>, body: Record<string, unknown>) {
  const response = await send(core, 'POST /__sandbox/faults', { headers, body })
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return conforms(dataOf(Fault), response.body).data
}

const sellQuote = (pk: string, amount = '0.5') =>
  send(core, `GET /v3/currencies/eth/sell_quote?apiKey=${pk}&quoteCurrencyCode=usd&baseCurrencyAmount=${amount}`)

describe('faults that match requests', () => {
  it('answers the buy quote for one asset 429 with the Retry-After it was given, and leaves the others alone', async () => {
    const { headers, bearer } = await connected()
    await addFault(headers, {
      method: 'POST',
      path: '/platform/v1/quotes/buy',
      body: { 'destination.asset.code': 'usdc' },
      status: 429,
      responseHeaders: { 'Retry-After': '2' },
    })
    expect(
      (await send(core, 'POST /platform/v1/quotes/buy', { headers: bearer, body: buyQuoteBody('eth') })).status,
    ).toBe(200)
    const limited = await send(core, 'POST /platform/v1/quotes/buy', { headers: bearer, body: buyQuoteBody('usdc') })
    expect(limited.status).toBe(429)
    expect(limited.headers['retry-after']).toBe('2')
    expect(conforms(PlatformError, limited.body).code).toBe('rate_limited')
  })

  it('matches a query parameter by regular expression and the kind of key', async () => {
    const { account, headers } = platformAccount(core)
    await addFault(headers, {
      path: '/v3/currencies/*/sell_quote',
      query: { baseCurrencyAmount: { matches: '^0\\.7' } },
      key: 'publishable',
      status: 503,
      times: 5,
    })
    expect((await sellQuote(`pk_test_${account}`, '0.5')).status).toBe(200)
    expect((await sellQuote(`pk_test_${account}`, '0.75')).status).toBe(503)
  })

  it('matches a header, present or by value', async () => {
    const { account, headers } = platformAccount(core)
    await addFault(headers, { path: '/v3/currencies', headers: { 'x-test-run': 'flaky' }, status: 500 })
    expect(
      (await send(core, `GET /v3/currencies?apiKey=pk_test_${account}`, { headers: { 'x-test-run': 'calm' } })).status,
    ).toBe(200)
    expect(
      (await send(core, `GET /v3/currencies?apiKey=pk_test_${account}`, { headers: { 'X-Test-Run': 'flaky' } })).status,
    ).toBe(500)
  })

  it('disarms a fault once its expiry passes on the tenant clock', async () => {
    const { account, headers } = platformAccount(core)
    await addFault(headers, { path: '/v3/currencies/*/sell_quote', status: 503, times: 100, expiresIn: '30s' })
    expect((await sellQuote(`pk_test_${account}`)).status).toBe(503)
    await send(core, 'POST /__sandbox/clock/advance', { headers, body: { by: '30s' } })
    expect((await sellQuote(`pk_test_${account}`)).status).toBe(200)
    expect((await send(core, 'GET /__sandbox/faults', { headers })).body).toEqual({ data: [] })
  })
})

describe('seeded failure rates', () => {
  /** Which of 60 sell quotes of a fresh account fail under a 10 % fault, on a core of `seed`. */
  async function failuresOf(sandbox: SandboxCore, account: string): Promise<number[]> {
    const headers = { 'x-api-key': `sk_test_${account}` }
    expect(
      (
        await send(sandbox, 'POST /__sandbox/faults', {
          headers,
          body: { method: 'GET', path: '/v3/currencies/*/sell_quote', rate: 0.1, status: 503 },
        })
      ).status,
    ).toBe(201)
    const failed: number[] = []
    for (let i = 0; i < 60; i++) {
      const reply = await send(
        sandbox,
        `GET /v3/currencies/eth/sell_quote?apiKey=pk_test_${account}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5`,
      )
      if (reply.status === 503) failed.push(i)
    }
    return failed
  }

  it('fails the same requests on every run, under any account name', async () => {
    const first = await failuresOf(core, 'rate_a')
    expect(first.length).toBeGreaterThan(0)
    expect(first.length).toBeLessThan(20)
    expect(await failuresOf(core, 'rate_b')).toEqual(first)
    expect(await failuresOf(createSandboxCore({ seed: 1 }), 'rate_c')).toEqual(first)
  })

  it('draws other failures under another seed', async () => {
    expect(await failuresOf(createSandboxCore({ seed: 2 }), 'rate_d')).not.toEqual(await failuresOf(core, 'rate_e'))
  })
})

describe('overridden answers', () => {
  it('answers a transaction read with the body it was given, and the journal marks it', async () => {
    const staged = await stagedPurchases()
    const transaction = await staged.read((await staged.buy()).id)
    const failed = {
      ...transaction,
      status: 'failed',
      failureCode: 'authorizationDeclined',
      failureReason: 'The card issuer declined the payment.',
    }
    const armed = await send(staged.core, 'POST /__sandbox/faults', {
      headers: staged.sk,
      body: { method: 'GET', path: '/platform/v1/transactions/*', status: 200, responseBody: { data: failed } },
    })
    expect(armed.status, JSON.stringify(armed.body)).toBe(201)
    expect(await staged.read(transaction.id)).toEqual(failed)
    const [entry] = conforms(
      dataOf(z.array(ApiJournalEntry)),
      (await send(staged.core, 'GET /__sandbox/journal?kind=api&since=0', { headers: staged.sk })).body,
    ).data.slice(-1)
    expect(entry).toMatchObject({
      path: `/platform/v1/transactions/${transaction.id}`,
      fault: 'fault_1',
      answeredByFault: true,
      key: 'accessToken',
    })
  })

  it('refuses a 2xx body that does not fit the route, naming the field', async () => {
    const { headers } = platformAccount(core)
    const response = await send(core, 'POST /__sandbox/faults', {
      headers,
      body: { method: 'GET', path: '/platform/v1/transactions/*', status: 200, responseBody: { data: { id: 5 } } },
    })
    expect(response.status).toBe(400)
    const body = conforms(PlatformError, response.body)
    expect(body.errors).toContainEqual({
      field: 'responseBody.data.id',
      message: 'responseBody.data.id must be a string',
    })
    expect(body.message).toContain('GET /platform/v1/transactions/:transactionId')
  })

  it('answers a contract-breaking body on purpose when unchecked', async () => {
    const { account, headers } = platformAccount(core)
    await addFault(headers, {
      method: 'GET',
      path: '/v3/currencies',
      status: 200,
      responseBody: { surprise: true },
      unchecked: true,
    })
    expect((await send(core, `GET /v3/currencies?apiKey=pk_test_${account}`)).body).toEqual({ surprise: true })
  })

  it("checks an error body against the route family's error shape", async () => {
    const { account, headers } = platformAccount(core)
    const platformShaped = { code: 'rate_limited', message: 'slow down' }
    const refused = await send(core, 'POST /__sandbox/faults', {
      headers,
      body: { path: '/v3/currencies', status: 429, responseBody: platformShaped },
    })
    expect(conforms(PlatformError, refused.body).errors?.map((e) => e.field)).toContain('responseBody.type')
    const widgetShaped = { message: 'slow down', type: 'TooManyRequestsError' }
    await addFault(headers, { path: '/v3/currencies', status: 429, responseBody: widgetShaped })
    expect(conforms(WidgetError, (await send(core, `GET /v3/currencies?apiKey=pk_test_${account}`)).body)).toEqual(
      widgetShaped,
    )
  })

  it('refuses a body for a path no API route answers, unless unchecked', async () => {
    const { headers } = platformAccount(core)
    const refused = await send(core, 'POST /__sandbox/faults', {
      headers,
      body: { path: '/nowhere', status: 500, responseBody: {} },
    })
    expect(conforms(PlatformError, refused.body).errors?.[0]?.field).toBe('responseBody')
    expect(
      (
        await send(core, 'POST /__sandbox/faults', {
          headers,
          body: { path: '/nowhere', status: 500, responseBody: {}, unchecked: true },
        })
      ).status,
    ).toBe(201)
  })

  it('does not mark a call a fault only delayed', async () => {
    const { account, headers } = platformAccount(core)
    await addFault(headers, { path: '/v3/currencies', latencyMs: 1 })
    await send(core, `GET /v3/currencies?apiKey=pk_test_${account}`)
    const [entry] = conforms(
      dataOf(z.array(ApiJournalEntry)),
      (await send(core, 'GET /__sandbox/journal?kind=api', { headers })).body,
    ).data.slice(-1)
    expect(entry).toMatchObject({ fault: 'fault_1', status: 200 })
    expect(entry!.answeredByFault).toBeUndefined()
  })
})

describe('bad faults', () => {
  it.each([
    ['an unknown matcher field', { path: '/x', status: 500, querry: {} }, 'querry'],
    [
      'an unknown field in a value matcher',
      { path: '/x', status: 500, body: { id: { matchs: 'x' } } },
      'body.id.matchs',
    ],
    [
      'a regular expression that does not compile',
      { path: '/x', status: 500, query: { a: { matches: '(' } } },
      'query.a.matches',
    ],
    [
      'a lookahead, which a linear-time matcher cannot run',
      { path: '/x', status: 500, query: { foo: { matches: '^(?=u)' } } },
      'query.foo.matches',
    ],
    [
      'a backreference in a header pattern',
      { path: '/x', status: 500, headers: { 'X-Id': { matches: '(a)\\1' } } },
      'headers.x-id.matches',
    ],
    [
      'a query field named __proto__',
      { path: '/x', status: 500, query: JSON.parse('{"__proto__": "x"}') },
      'query.__proto__',
    ],
    [
      'a header named __proto__, in any case',
      { path: '/x', status: 500, headers: JSON.parse('{"__PROTO__": {"present": true}}') },
      'headers.__PROTO__',
    ],
    [
      'a body field named __proto__',
      { path: '/x', status: 500, body: JSON.parse('{"__proto__": {"matches": "x"}}') },
      'body.__proto__',
    ],
    ['a rate above 1', { path: '/x', status: 500, rate: 1.5 }, 'rate'],
    ['an expiry that is not a duration', { path: '/x', status: 500, expiresIn: 'soon' }, 'expiresIn'],
    [
      'a framing response header',
      { path: '/x', status: 500, responseHeaders: { 'content-length': '3' } },
      'responseHeaders.content-length',
    ],
  ])('refuses %s with a 400 naming it', async (_name, body, field) => {
    const { headers } = platformAccount(core)
    const response = await send(core, 'POST /__sandbox/faults', { headers, body })
    expect(response.status).toBe(400)
    expect(conforms(PlatformError, response.body).errors?.map((e) => e.field)).toContain(field)
  })
})

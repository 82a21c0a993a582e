import { describe, expect, it } from 'vitest'
import { SellTransaction, SellTransactionList, WidgetError } from '#contract/index.ts'
import { conforms, send } from '../test-request.ts'
import { sellFlow } from './sell-test-kit.ts'

async function list(flow: Awaited<ReturnType<typeof sellFlow>>, query: string) {
  const response = await send(flow.core, `GET /v3/sell_transactions?${query}`, { headers: flow.sk })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return conforms(SellTransactionList, response.body)
}

async function expectBadRequest(flow: Awaited<ReturnType<typeof sellFlow>>, query: string, message: RegExp) {
  const response = await send(flow.core, `GET /v3/sell_transactions?${query}`, { headers: flow.sk })
  expect(response.status).toBe(400)
  const body = conforms(WidgetError, response.body)
  expect(body.type).toBe('BadRequestError')
  expect(body.message).toMatch(message)
}

describe('GET /v3/sell_transactions/{id}', () => {
  it("answers the sell with its currencies' objects", async () => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    const sell = conforms(
      SellTransaction,
      (await send(flow.core, `GET /v3/sell_transactions/${id}?apiKey=${flow.pk}`)).body,
    )
    expect(sell).toMatchObject({
      id,
      baseCurrency: { code: 'eth', type: 'crypto' },
      quoteCurrency: { code: 'usd', type: 'fiat' },
    })
  })

  it('names its currencies by id, the crypto as baseCurrencyId and the fiat as quoteCurrencyId', async () => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    const sell = conforms(
      SellTransaction,
      (await send(flow.core, `GET /v3/sell_transactions/${id}?apiKey=${flow.pk}`)).body,
    )
    expect([sell.baseCurrencyId, sell.quoteCurrencyId]).toEqual([sell.baseCurrency.id, sell.quoteCurrency.id])
    expect(sell.baseCurrencyId).not.toBe(sell.quoteCurrencyId)
  })

  it('answers 404 in the widget error shape for an unknown id', async () => {
    const flow = await sellFlow()
    const response = await send(flow.core, `GET /v3/sell_transactions/sell_nope?apiKey=${flow.pk}`)
    expect(response.status).toBe(404)
    expect(conforms(WidgetError, response.body)).toMatchObject({
      type: 'NotFoundError',
      message: expect.stringMatching(/sell_nope/),
    })
  })

  it('answers 401 without an apiKey', async () => {
    const response = await send((await sellFlow()).core, 'GET /v3/sell_transactions/sell_x')
    expect(response.status).toBe(401)
    expect(conforms(WidgetError, response.body).type).toBe('UnauthorizedError')
  })
})

describe('GET /v3/sell_transactions/ext/{externalTransactionId}', () => {
  it('answers every sell with that external id, as an array', async () => {
    const flow = await sellFlow()
    const first = await flow.create({ externalTransactionId: 'order-1' })
    const second = await flow.create({ externalTransactionId: 'order-1' })
    await flow.create({ externalTransactionId: 'order-2' })
    const found = conforms(
      SellTransactionList,
      (await send(flow.core, `GET /v3/sell_transactions/ext/order-1?apiKey=${flow.pk}`)).body,
    )
    expect(found.map((sell) => sell.id)).toEqual([first.id, second.id])
  })

  it('answers [] for an external id no sell has', async () => {
    const flow = await sellFlow()
    expect((await send(flow.core, `GET /v3/sell_transactions/ext/none?apiKey=${flow.pk}`)).body).toEqual([])
  })
})

describe('GET /v3/sell_transactions', () => {
  it('lists newest first, 10 by default, paged by limit and offset', async () => {
    const flow = await sellFlow()
    const ids = []
    for (let i = 0; i < 12; i++) ids.push((await flow.create()).id)
    const newest = [...ids].reverse()
    expect((await list(flow, '')).map((s) => s.id)).toEqual(newest.slice(0, 10))
    expect((await list(flow, 'limit=5&offset=10')).map((s) => s.id)).toEqual(newest.slice(10))
    expect(await list(flow, 'offset=12')).toEqual([])
  })

  it('keeps a sell in its place once it changed', async () => {
    const flow = await sellFlow()
    const first = await flow.create()
    const second = await flow.create()
    await flow.deposit(first.id, 0.5)
    expect((await list(flow, '')).map((s) => s.id)).toEqual([second.id, first.id])
  })

  it('filters by customerId, externalCustomerId and externalTransactionId', async () => {
    const flow = await sellFlow()
    const store = await flow.tenant.store()
    const gb = store.customerByEmail('active.gb@sandbox.test')!.id
    const a = await flow.create({ externalCustomerId: 'user-a', externalTransactionId: 'tx-1' })
    const b = await flow.create({ customerId: gb, externalCustomerId: 'user-b', externalTransactionId: 'tx-1' })
    expect((await list(flow, `customerId=${gb}`)).map((s) => s.id)).toEqual([b.id])
    expect((await list(flow, 'externalCustomerId=user-a')).map((s) => s.id)).toEqual([a.id])
    expect((await list(flow, 'externalTransactionId=tx-1')).map((s) => s.id)).toEqual([b.id, a.id])
    expect((await list(flow, `externalTransactionId=tx-1&customerId=${gb}`)).map((s) => s.id)).toEqual([b.id])
  })

  it('filters by startDate and endDate, both days included', async () => {
    const flow = await sellFlow()
    const first = await flow.create()
    await flow.advance(86_400_000)
    const second = await flow.create()
    const day = (sell: SellTransaction) => sell.createdAt.slice(0, 10)
    expect((await list(flow, `startDate=${day(second)}`)).map((s) => s.id)).toEqual([second.id])
    expect((await list(flow, `endDate=${day(first)}`)).map((s) => s.id)).toEqual([first.id])
    expect((await list(flow, `startDate=${day(first)}&endDate=${day(second)}`)).length).toBe(2)
  })

  it.each([
    ['limit=0', /limit must be from 1 to 50/],
    ['limit=51', /limit must be from 1 to 50/],
    ['offset=-1', /offset must be a non-negative integer/],
    ['startDate=2026-13-01', /startDate must be a day of the calendar/],
    ['endDate=yesterday', /endDate must be a date YYYY-MM-DD/],
    ['limit=1&limit=2', /limit must be given once/],
  ])('answers 400 naming the parameter for %s', async (query, message) => {
    await expectBadRequest(await sellFlow(), query, message)
  })

  it('answers 401 for a publishable key', async () => {
    const flow = await sellFlow()
    const response = await send(flow.core, `GET /v3/sell_transactions?apiKey=${flow.pk}`)
    expect(response.status).toBe(401)
    expect(conforms(WidgetError, response.body).type).toBe('UnauthorizedError')
  })

  it('takes the secret key as Authorization: Api-Key', async () => {
    const flow = await sellFlow()
    await flow.create()
    const response = await send(flow.core, 'GET /v3/sell_transactions', {
      headers: { authorization: `Api-Key ${flow.sk['x-api-key']}` },
    })
    expect(conforms(SellTransactionList, response.body)).toHaveLength(1)
  })
})

describe('DELETE /v3/sell_transactions', () => {
  it('answers 404 for an unknown id', async () => {
    const flow = await sellFlow()
    const response = await send(flow.core, 'DELETE /v3/sell_transactions/sell_nope', { headers: flow.sk })
    expect(response.status).toBe(404)
    expect(conforms(WidgetError, response.body).type).toBe('NotFoundError')
  })

  it('answers 401 for a publishable key', async () => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    expect((await send(flow.core, `DELETE /v3/sell_transactions/${id}?apiKey=${flow.pk}`)).status).toBe(401)
  })

  it('cancels by external id every sell with it still waiting, 204', async () => {
    const flow = await sellFlow()
    const a = await flow.create({ externalTransactionId: 'order-9' })
    const b = await flow.create({ externalTransactionId: 'order-9' })
    await flow.deposit(b.id, 0.5)
    expect((await send(flow.core, 'DELETE /v3/sell_transactions/ext/order-9', { headers: flow.sk })).status).toBe(204)
    expect((await flow.read(a.id)).failureReason).toBe('cancelled')
    expect((await flow.read(b.id)).status).toBe('pending')
  })

  it('answers 409 by external id when none with it can be cancelled, 404 when none has it', async () => {
    const flow = await sellFlow()
    const a = await flow.create({ externalTransactionId: 'order-10' })
    await flow.deposit(a.id, 0.5)
    const refused = await send(flow.core, 'DELETE /v3/sell_transactions/ext/order-10', { headers: flow.sk })
    expect(refused.status).toBe(409)
    expect(conforms(WidgetError, refused.body).type).toBe('ConflictError')
    expect((await send(flow.core, 'DELETE /v3/sell_transactions/ext/order-11', { headers: flow.sk })).status).toBe(404)
  })
})

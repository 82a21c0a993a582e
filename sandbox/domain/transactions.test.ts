import { beforeAll, describe, expect, it } from 'vitest'
import {
  BuyQuote,
  Connection,
  PlatformError,
  SessionCreated,
  Transaction,
  TransactionStatus,
  dataOf,
  pageOf,
  type PlatformError as PlatformErrorBody,
} from '#contract/index.ts'
import type { PlainReply } from '#http/plain-http.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { conforms, send } from '#http/test-request.ts'
import { HISTORY_PER_CUSTOMER } from '#fixtures/tenant-seed.ts'
import { signBuyQuote } from './buy-quote.ts'
import { executeBuyQuote } from './transactions.ts'

let core: SandboxCore
let suffix = 0

beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

const WALLET = { address: '0x52908400098527886E0F7030069857D2E4169EE7' }
const NY = { email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' }
const WA = { email: 'active.us-wa@sandbox.test', phoneNumber: '+12065550102' }

interface Client {
  sk: Record<string, string>
  bearer: Record<string, string>
  tenant: Tenant
  customerId: string
}

/** A fresh account and full credentials for an active magic customer (NY by default). */
async function connect(identity = NY): Promise<Client> {
  const account = `transactions${++suffix}`
  const sk = { 'x-api-key': `sk_test_${account}` }
  const session = await send(core, 'POST /platform/v1/sessions', {
    headers: sk,
    body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7', ...identity },
  })
  const { sessionToken } = conforms(dataOf(SessionCreated), session.body).data
  const connection = conforms(
    dataOf(Connection),
    (await send(core, 'POST /__sandbox/connections', { headers: sk, body: { sessionToken } })).body,
  ).data
  expect(connection.status).toBe('active')
  return {
    sk,
    bearer: { authorization: `Bearer ${connection.credentials.accessToken}` },
    tenant: core.tenants.get(account, 'test'),
    customerId: connection.customer!.id,
  }
}

async function liveCardOf(client: Client): Promise<string> {
  return (await client.tenant.store()).cards.filter(
    (card) => card.customerId === client.customerId && card.expiryYear > 2026,
  )[0]!.id
}

/** An executable, signed inclusive quote of 100 usd → eth. */
async function executableQuote(client: Client): Promise<BuyQuote> {
  const body = {
    source: { asset: { code: 'usd' }, amount: 100 },
    destination: { asset: { code: 'eth' } },
    wallet: WALLET,
    paymentMethod: { type: 'card', id: await liveCardOf(client) },
  }
  const response = await send(core, 'POST /platform/v1/quotes/buy', { headers: client.bearer, body })
  expect(response.status).toBe(200)
  const quote = conforms(dataOf(BuyQuote), response.body).data
  expect(quote.executable).toBe(true)
  return quote
}

async function page(client: Client, query = '') {
  const response = await send(core, `GET /platform/v1/transactions${query}`, { headers: client.bearer })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return conforms(pageOf(Transaction), response.body)
}

function refused(response: PlainReply): PlatformErrorBody {
  expect(response.status).toBe(400)
  const error = conforms(PlatformError, response.body)
  expect(error.code).toBe('invalid_request')
  return error
}

const isNewestFirst = (items: Transaction[]) => items.every((t, i) => i === 0 || items[i - 1]!.createdAt >= t.createdAt)

describe('a purchase, end to end', () => {
  it('walks session → active connection → three quotes → execution → pending → completed → first in a history paged to the end', async () => {
    // session and connection
    const sk = { 'x-api-key': `sk_test_transactions${++suffix}walk` }
    const session = await send(core, 'POST /platform/v1/sessions', {
      headers: sk,
      body: { externalCustomerId: 'walker', deviceIp: '203.0.113.7', ...NY },
    })
    expect(session.status).toBe(201)
    const { sessionToken } = conforms(dataOf(SessionCreated), session.body).data
    const connected = await send(core, 'POST /__sandbox/connections', { headers: sk, body: { sessionToken } })
    expect(connected.status).toBe(200)
    const connection = conforms(dataOf(Connection), connected.body).data
    expect(connection.status).toBe('active')
    expect(connection.credentials.accessToken).toMatch(/^at_/)
    const client: Client = {
      sk,
      bearer: { authorization: `Bearer ${connection.credentials.accessToken}` },
      tenant: core.tenants.get(`transactions${suffix}walk`, 'test'),
      customerId: connection.customer!.id,
    }
    const card = await liveCardOf(client)
    const buy = async (body: Record<string, unknown>) => {
      const response = await send(core, 'POST /platform/v1/quotes/buy', {
        headers: client.bearer,
        body: { wallet: WALLET, paymentMethod: { type: 'card', id: card }, ...body },
      })
      expect(response.status).toBe(200)
      return conforms(dataOf(BuyQuote), response.body).data
    }
    const fees = (q: BuyQuote) => Math.round((q.fees.network + q.fees.service + q.fees.ecosystem) * 100)

    // quotes: inclusive, exclusive, by destination amount
    const inclusive = await buy({
      source: { asset: { code: 'usd' }, amount: 100 },
      destination: { asset: { code: 'eth' } },
    })
    expect(inclusive).toMatchObject({ feeBehavior: 'inclusive', totalAmount: 100, executable: true })
    const exclusive = await buy({
      source: { asset: { code: 'usd' }, amount: 100 },
      destination: { asset: { code: 'eth' } },
      feeBehavior: 'exclusive',
    })
    expect(exclusive).toMatchObject({ feeBehavior: 'exclusive', executable: true })
    expect(Math.round(exclusive.totalAmount * 100)).toBe(10_000 + fees(exclusive))
    expect(exclusive.destination.amount).toBeGreaterThan(inclusive.destination.amount)
    const byDestination = await buy({
      source: { asset: { code: 'usd' } },
      destination: { asset: { code: 'eth' }, amount: 0.05 },
      feeBehavior: 'exclusive',
    })
    expect(byDestination).toMatchObject({ feeBehavior: 'inclusive', destination: { amount: 0.05 }, executable: true })
    expect(byDestination.totalAmount).toBe(byDestination.source.amount)

    // execution
    const store = await client.tenant.store()
    const executed = await executeBuyQuote(client.tenant, store, client.customerId, inclusive, {
      externalTransactionId: 'order-walk-1',
    })
    const read = async () => {
      const response = await send(core, `GET /platform/v1/transactions/${executed.id}`, { headers: client.bearer })
      expect(response.status).toBe(200)
      return conforms(dataOf(Transaction), response.body).data
    }
    expect(await read()).toMatchObject({
      id: executed.id,
      status: 'pending',
      externalTransactionId: 'order-walk-1',
      customerId: client.customerId,
      totalAmount: 100,
      destination: inclusive.destination,
    })

    // settlement
    const advanced = await send(core, 'POST /__sandbox/clock/advance', { headers: sk, body: { by: '20s' } })
    expect(advanced.status).toBe(200)
    expect((await read()).status).toBe('completed')

    // history: page 1, then every cursor to the end
    const first = await page(client)
    expect(first.data).toHaveLength(20)
    expect(first.data[0]).toMatchObject({ id: executed.id, status: 'completed' })
    expect(first.pageInfo.nextCursor).toEqual(expect.any(String))
    const seen = [...first.data]
    const sizes = [first.data.length]
    let cursor = first.pageInfo.nextCursor
    while (cursor !== null) {
      const next = await page(client, `?cursor=${encodeURIComponent(cursor)}`)
      seen.push(...next.data)
      sizes.push(next.data.length)
      cursor = next.pageInfo.nextCursor
      expect(sizes.length).toBeLessThan(10)
    }
    expect(sizes).toEqual([20, 20, 6])
    expect(seen).toHaveLength(HISTORY_PER_CUSTOMER + 1)
    expect(new Set(seen.map((t) => t.id)).size).toBe(46)
    expect(seen.every((t) => t.customerId === client.customerId)).toBe(true)
    expect(isNewestFirst(seen)).toBe(true)
  })
})

describe('executeBuyQuote', () => {
  it('returns the same transaction when executed twice with the same externalTransactionId', async () => {
    const client = await connect()
    const store = await client.tenant.store()
    const quote = await executableQuote(client)
    const once = await executeBuyQuote(client.tenant, store, client.customerId, quote, {
      externalTransactionId: 'order-1',
    })
    const twice = await executeBuyQuote(client.tenant, store, client.customerId, quote, {
      externalTransactionId: 'order-1',
    })
    expect(twice.id).toBe(once.id)
    expect(store.transactions.filter((t) => t.externalTransactionId === 'order-1')).toHaveLength(1)
  })

  it('refuses a quote 31 s after it was made, storing nothing', async () => {
    const client = await connect()
    const store = await client.tenant.store()
    const quote = await executableQuote(client)
    const before = store.transactions.all().length
    client.tenant.clock.advance(31_000)
    await expect(
      executeBuyQuote(client.tenant, store, client.customerId, quote, { externalTransactionId: 'late' }),
    ).rejects.toMatchObject({
      code: 'invalid_request',
      fieldErrors: [expect.objectContaining({ field: 'quote.expiresAt' })],
    })
    expect(store.transactions.all()).toHaveLength(before)
  })

  it('refuses a quote whose amount was changed, storing nothing', async () => {
    const client = await connect()
    const store = await client.tenant.store()
    const quote = await executableQuote(client)
    const before = store.transactions.all().length
    const tampered = { ...quote, destination: { ...quote.destination, amount: quote.destination.amount * 10 } }
    await expect(executeBuyQuote(client.tenant, store, client.customerId, tampered)).rejects.toMatchObject({
      code: 'invalid_request',
      fieldErrors: [expect.objectContaining({ field: 'quote.signature' })],
    })
    expect(store.transactions.all()).toHaveLength(before)
  })
})

describe('executeBuyQuote and the buy bounds', () => {
  it("refuses a signed quote whose amount bought is below the crypto's minBuyAmount, storing nothing", async () => {
    const client = await connect()
    const store = await client.tenant.store()
    const quote = await executableQuote(client)
    const before = store.transactions.all().length
    const small = { ...quote, destination: { ...quote.destination, amount: 0.0076 } }
    const signed = { ...small, signature: signBuyQuote(client.tenant, client.customerId, small) }
    await expect(executeBuyQuote(client.tenant, store, client.customerId, signed)).rejects.toMatchObject({
      code: 'invalid_request',
      fieldErrors: [
        {
          field: 'quote.destination.amount',
          message: 'the amount bought 0.0076 eth is below the minimum buy of 0.0085 eth',
        },
      ],
    })
    expect(store.transactions.all()).toHaveLength(before)
  })
})

describe('settlement on a realtime clock', () => {
  // A sandbox served with a wall clock (the node server) has no control call between
  // execution and the partner's read: the read itself must see the settled state.
  it('reports completed on the first read after the clock has passed settlement', async () => {
    let wall = 0
    const realtime = createSandboxCore({ seed: 1, wall: () => wall })
    const sk = { 'x-api-key': 'sk_test_transactionsrealtime' }
    const session = await send(realtime, 'POST /platform/v1/sessions', {
      headers: sk,
      body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7', ...NY },
    })
    const { sessionToken } = conforms(dataOf(SessionCreated), session.body).data
    const connection = conforms(
      dataOf(Connection),
      (await send(realtime, 'POST /__sandbox/connections', { headers: sk, body: { sessionToken } })).body,
    ).data
    const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
    const tenant = realtime.tenants.get('transactionsrealtime', 'test')
    const store = await tenant.store()
    const card = store.cards.filter((c) => c.customerId === connection.customer!.id && c.expiryYear > 2026)[0]!
    const quoted = await send(realtime, 'POST /platform/v1/quotes/buy', {
      headers: bearer,
      body: {
        source: { asset: { code: 'usd' }, amount: 100 },
        destination: { asset: { code: 'eth' } },
        wallet: WALLET,
        paymentMethod: { type: 'card', id: card.id },
      },
    })
    const executed = await executeBuyQuote(
      tenant,
      store,
      connection.customer!.id,
      conforms(dataOf(BuyQuote), quoted.body).data,
    )
    wall += 21_000
    const read = await send(realtime, `GET /platform/v1/transactions/${executed.id}`, { headers: bearer })
    expect(conforms(dataOf(Transaction), read.body).data.status).toBe('completed')
  })
})

describe('GET /platform/v1/transactions', () => {
  it('refuses limit 0', async () => {
    const error = refused(
      await send(core, 'GET /platform/v1/transactions?limit=0', { headers: (await connect()).bearer }),
    )
    expect(error.errors?.map((e) => e.field)).toEqual(['limit'])
  })

  it('refuses limit 101', async () => {
    const error = refused(
      await send(core, 'GET /platform/v1/transactions?limit=101', { headers: (await connect()).bearer }),
    )
    expect(error.errors?.map((e) => e.field)).toEqual(['limit'])
  })

  it('accepts limit 100 and returns the whole history in one page', async () => {
    const result = await page(await connect(), '?limit=100')
    expect(result.data).toHaveLength(HISTORY_PER_CUSTOMER)
    expect(result.pageInfo.nextCursor).toBeNull()
  })

  it('refuses a cursor with one character changed', async () => {
    const client = await connect()
    const cursor = (await page(client, '?limit=5')).pageInfo.nextCursor!
    const tampered = `${cursor.slice(0, 3)}${cursor[3] === 'A' ? 'B' : 'A'}${cursor.slice(4)}`
    const error = refused(
      await send(core, `GET /platform/v1/transactions?cursor=${encodeURIComponent(tampered)}`, {
        headers: client.bearer,
      }),
    )
    expect(error.errors?.map((e) => e.field)).toEqual(['cursor'])
  })

  it('keeps transactions created at or after startDate', async () => {
    const client = await connect()
    const all = (await page(client, '?limit=100')).data
    const startDate = all[10]!.createdAt
    const filtered = (await page(client, `?limit=100&startDate=${startDate}`)).data
    expect(filtered.length).toBeGreaterThan(0)
    expect(filtered.map((t) => t.id)).toEqual(all.filter((t) => t.createdAt >= startDate).map((t) => t.id))
  })

  it('keeps transactions created before endDate', async () => {
    const client = await connect()
    const all = (await page(client, '?limit=100')).data
    const endDate = all[10]!.createdAt
    const filtered = (await page(client, `?limit=100&endDate=${endDate}`)).data
    expect(filtered.length).toBeGreaterThan(0)
    expect(filtered.map((t) => t.id)).toEqual(all.filter((t) => t.createdAt < endDate).map((t) => t.id))
  })

  it('lists only the caller’s own transactions', async () => {
    const client = await connect()
    const all = (await page(client, '?limit=100')).data
    expect(all.every((t) => t.customerId === client.customerId)).toBe(true)
  })
})

describe('GET /platform/v1/transactions/:id', () => {
  it("answers 404 not_found for another customer's transaction", async () => {
    const client = await connect()
    const store = await client.tenant.store()
    const waCustomer = store.customerByEmail(WA.email)!
    const others = store.transactions.filter((t) => t.customerId === waCustomer.id)[0]!
    const response = await send(core, `GET /platform/v1/transactions/${others.id}`, { headers: client.bearer })
    expect(response.status).toBe(404)
    expect(conforms(PlatformError, response.body).code).toBe('not_found')
  })

  it("answers one of the customer's own history transactions", async () => {
    const client = await connect()
    const own = (await client.tenant.store()).transactions.filter((t) => t.customerId === client.customerId)[0]!
    const response = await send(core, `GET /platform/v1/transactions/${own.id}`, { headers: client.bearer })
    expect(response.status).toBe(200)
    expect(conforms(dataOf(Transaction), response.body).data.id).toBe(own.id)
  })
})

describe('transaction status', () => {
  it('has completed and never complete in its enum', () => {
    expect(TransactionStatus.options).toContain('completed')
    expect(TransactionStatus.options).not.toContain('complete')
    expect(TransactionStatus.safeParse('complete').success).toBe(false)
  })

  it('reports the seeded history as completed or failed', async () => {
    const result = await page(await connect(), '?limit=100')
    expect(new Set(result.data.map((t) => t.status))).toEqual(new Set(['completed', 'failed']))
  })
})

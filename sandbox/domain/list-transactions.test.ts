import { describe, expect, it } from 'vitest'
import { Connection, SessionCreated, Transaction, dataOf, pageOf } from '#contract/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import { HISTORY_PER_CUSTOMER } from '#fixtures/tenant-seed.ts'

const core = createSandboxCore({ seed: 1 })
let suffix = 0

const NY = { email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' }

/** The bearer header of an active magic customer (NY) on a fresh account: its history is the seeded 45 transactions. */
async function connect(): Promise<Record<string, string>> {
  const sk = { 'x-api-key': `sk_test_listtransactions${++suffix}` }
  const session = await send(core, 'POST /platform/v1/sessions', {
    headers: sk,
    body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7', ...NY },
  })
  const { sessionToken } = conforms(dataOf(SessionCreated), session.body).data
  const connection = conforms(
    dataOf(Connection),
    (await send(core, 'POST /__sandbox/connections', { headers: sk, body: { sessionToken } })).body,
  ).data
  expect(connection.status).toBe('active')
  return { authorization: `Bearer ${connection.credentials.accessToken}` }
}

async function page(bearer: Record<string, string>, query: Record<string, string | undefined>) {
  const text = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`)
    .join('&')
  const response = await send(core, `GET /platform/v1/transactions?${text}`, { headers: bearer })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return conforms(pageOf(Transaction), response.body)
}

/** Every page of a listing: the first, then one per nextCursor until it is null (at most 20 pages). */
async function allPages(bearer: Record<string, string>, query: Record<string, string | undefined>) {
  const pages = [await page(bearer, query)]
  while (pages.at(-1)!.pageInfo.nextCursor !== null && pages.length < 20) {
    pages.push(await page(bearer, { ...query, cursor: pages.at(-1)!.pageInfo.nextCursor! }))
  }
  return pages
}

/** The whole history, newest first (one page of 100). */
async function history(bearer: Record<string, string>): Promise<Transaction[]> {
  const all = (await page(bearer, { limit: '100' })).data
  expect(all).toHaveLength(HISTORY_PER_CUSTOMER)
  return all
}

/**
 * A window [startDate, endDate) holding exactly the history's items `from` to `to` (exclusive), newest first:
 * startDate is the oldest kept item's createdAt, endDate the createdAt of the newest item left out (none when `from` is 0).
 */
function windowOf(all: Transaction[], from: number, to: number) {
  // the bounds fall between distinct instants, so the window holds exactly these items
  if (to < all.length) expect(all[to - 1]!.createdAt > all[to]!.createdAt).toBe(true)
  if (from > 0) expect(all[from - 1]!.createdAt > all[from]!.createdAt).toBe(true)
  return {
    query: { startDate: all[to - 1]!.createdAt, endDate: from > 0 ? all[from - 1]!.createdAt : undefined },
    ids: all.slice(from, to).map((t) => t.id),
  }
}

const idsOf = (pages: { data: Transaction[] }[]) => pages.flatMap((p) => p.data.map((t) => t.id))
const sizesOf = (pages: { data: Transaction[] }[]) => pages.map((p) => p.data.length)
const cursorsOf = (pages: { pageInfo: { nextCursor: string | null } }[]) =>
  pages.map((p) => (p.pageInfo.nextCursor === null ? null : 'cursor'))

describe('paging transactions at the page boundary', () => {
  it('answers one empty page without a cursor for a window holding no transaction', async () => {
    const bearer = await connect()
    const pages = await allPages(bearer, { limit: '5', startDate: '2026-01-01T00:00:00.000Z' })
    expect(sizesOf(pages)).toEqual([0])
    expect(cursorsOf(pages)).toEqual([null])
  })

  it('answers one transaction on one page without a cursor for a window holding one', async () => {
    const bearer = await connect()
    const { query, ids } = windowOf(await history(bearer), 0, 1)
    const pages = await allPages(bearer, { limit: '5', ...query })
    expect(cursorsOf(pages)).toEqual([null])
    expect(idsOf(pages)).toEqual(ids)
  })

  it('answers exactly one full page without a cursor when the window holds as many transactions as the limit', async () => {
    const bearer = await connect()
    const { query, ids } = windowOf(await history(bearer), 0, 5)
    const pages = await allPages(bearer, { limit: '5', ...query })
    expect(sizesOf(pages)).toEqual([5])
    expect(cursorsOf(pages)).toEqual([null])
    expect(idsOf(pages)).toEqual(ids)
  })

  it('answers a single transaction at limit 1 without a cursor', async () => {
    const bearer = await connect()
    const { query, ids } = windowOf(await history(bearer), 0, 1)
    const pages = await allPages(bearer, { limit: '1', ...query })
    expect(cursorsOf(pages)).toEqual([null])
    expect(idsOf(pages)).toEqual(ids)
  })

  it('answers exactly two full pages, the cursor on the first only, for a window of twice the limit', async () => {
    const bearer = await connect()
    const { query, ids } = windowOf(await history(bearer), 3, 13) // between a startDate and an endDate
    const pages = await allPages(bearer, { limit: '5', ...query })
    expect(sizesOf(pages)).toEqual([5, 5])
    expect(cursorsOf(pages)).toEqual(['cursor', null])
    expect(idsOf(pages)).toEqual(ids)
  })

  it('answers a full page and a page of one for a window of one more than the limit', async () => {
    const bearer = await connect()
    const { query, ids } = windowOf(await history(bearer), 0, 6)
    const pages = await allPages(bearer, { limit: '5', ...query })
    expect(sizesOf(pages)).toEqual([5, 1])
    expect(cursorsOf(pages)).toEqual(['cursor', null])
    expect(idsOf(pages)).toEqual(ids)
  })

  it('pages the whole history of 45 in exactly three pages of 15, each transaction once', async () => {
    const bearer = await connect()
    const all = await history(bearer)
    const pages = await allPages(bearer, { limit: '15' })
    expect(sizesOf(pages)).toEqual([15, 15, 15])
    expect(cursorsOf(pages)).toEqual(['cursor', 'cursor', null])
    expect(idsOf(pages)).toEqual(all.map((t) => t.id))
  })

  it('answers the whole history in one page without a cursor at limit 45', async () => {
    const bearer = await connect()
    const all = await history(bearer)
    const pages = await allPages(bearer, { limit: String(HISTORY_PER_CUSTOMER) })
    expect(cursorsOf(pages)).toEqual([null])
    expect(idsOf(pages)).toEqual(all.map((t) => t.id))
  })
})

describe('a page asked again', () => {
  it('answers the same text while no transaction changes, and each transaction as it is now once one does', async () => {
    const bearer = await connect()
    const store = await core.tenants.get(`listtransactions${suffix}`, 'test').store()
    const line = 'GET /platform/v1/transactions?limit=5'
    const first = await send(core, line, { headers: bearer })
    expect((await send(core, line, { headers: bearer })).json).toBe(first.json)

    const [newest] = conforms(pageOf(Transaction), first.body).data
    const all = await history(bearer)
    const otherStatus = all.find((transaction) => transaction.status !== newest!.status)!.status
    await store.transactions.update(newest!.id, (draft) => {
      draft.status = otherStatus
    })
    const changed = await page(bearer, { limit: '5' })
    expect(changed.data[0]!.id).toBe(newest!.id)
    expect(changed.data[0]!.status).toBe(otherStatus)
  })

  it('answers another customer their own page for the same query', async () => {
    const one = await page(await connect(), { limit: '3' })
    const sk = { 'x-api-key': `sk_test_listtransactions${suffix}` }
    const gb = { email: 'active.gb@sandbox.test', phoneNumber: '+447700900104' }
    const session = await send(core, 'POST /platform/v1/sessions', {
      headers: sk,
      body: { externalCustomerId: 'u2', deviceIp: '203.0.113.7', ...gb },
    })
    const { sessionToken } = conforms(dataOf(SessionCreated), session.body).data
    const connection = conforms(
      dataOf(Connection),
      (await send(core, 'POST /__sandbox/connections', { headers: sk, body: { sessionToken } })).body,
    ).data
    const other = await page({ authorization: `Bearer ${connection.credentials.accessToken}` }, { limit: '3' })
    expect(one.data.length).toBe(3)
    expect(other.data.map((transaction) => transaction.id)).not.toEqual(one.data.map((transaction) => transaction.id))
  })
})

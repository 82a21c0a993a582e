import { beforeAll, describe, expect, it } from 'vitest'
import { FoundRequests, PlatformError, RequestCount, dataOf } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import { platformAccount } from './platform-test-kit.ts'

let core: SandboxCore
beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

/** `?name=value…` with JSON objects encoded, as a partner's curl `--data-urlencode` sends them. */
function queryOf(params: Record<string, unknown>): string {
  return Object.entries(params)
    .map(([name, value]) => `${name}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`)
    .join('&')
}

async function count(headers: Record<string, string>, params: Record<string, unknown>) {
  const response = await send(core, `GET /__sandbox/requests/count?${queryOf(params)}`, { headers })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return conforms(dataOf(RequestCount), response.body).data
}

describe('GET /__sandbox/requests/count', () => {
  it('counts the sessions created for one customer, by a body field', async () => {
    const account = platformAccount(core)
    await account.session({ externalCustomerId: 'u1' })
    await account.session({ externalCustomerId: 'u2' })
    await account.session({ externalCustomerId: 'u1' })
    expect(
      await count(account.headers, {
        method: 'POST',
        path: '/platform/v1/sessions',
        body: { externalCustomerId: 'u1' },
      }),
    ).toMatchObject({ count: 2, truncated: false })
    expect(
      await count(account.headers, {
        method: 'POST',
        path: '/platform/v1/sessions',
        body: { externalCustomerId: { matches: '^u' } },
      }),
    ).toMatchObject({ count: 3 })
    expect(await count(account.headers, { method: 'GET', path: '/platform/v1/sessions' })).toMatchObject({ count: 0 })
  })

  it('counts only the calls after since', async () => {
    const account = platformAccount(core)
    await account.session({ externalCustomerId: 'u1' })
    const { lastSeq } = await count(account.headers, { path: '/platform/**' })
    await account.session({ externalCustomerId: 'u1' })
    expect(await count(account.headers, { path: '/platform/v1/sessions', since: String(lastSeq) })).toMatchObject({
      count: 1,
    })
  })

  it('matches the kind of key, and headers: a credential only by whether it was sent', async () => {
    const account = platformAccount(core)
    await send(core, `GET /v3/currencies?apiKey=pk_test_${account.account}`, { headers: { 'x-request-id': 'r-1' } })
    await account.session()
    expect(await count(account.headers, { key: 'publishable' })).toMatchObject({ count: 1 })
    expect(await count(account.headers, { key: 'secret', headers: { 'x-api-key': { present: true } } })).toMatchObject({
      count: 1,
    })
    expect(await count(account.headers, { headers: { 'x-api-key': account.headers['x-api-key'] } })).toMatchObject({
      count: 0,
    })
    expect(await count(account.headers, { headers: { 'X-Request-Id': 'r-1' } })).toMatchObject({ count: 1 })
  })

  it('says the count may be short when the bounded journal dropped calls after since', async () => {
    const small = createSandboxCore({ seed: 1, journalSize: 3 })
    const headers = { 'x-api-key': 'sk_test_small' }
    for (let i = 0; i < 5; i++) await send(small, 'GET /v3/currencies?apiKey=pk_test_small')
    const reply = await send(small, 'GET /__sandbox/requests/count?path=/v3/currencies', { headers })
    expect(conforms(dataOf(RequestCount), reply.body).data).toEqual({ count: 3, lastSeq: 5, truncated: true })
  })
})

describe('GET /__sandbox/requests/find', () => {
  it('lists the first matching calls in order, with the count of all', async () => {
    const account = platformAccount(core)
    for (const id of ['a', 'b', 'c']) await account.session({ externalCustomerId: id })
    const reply = await send(
      core,
      `GET /__sandbox/requests/find?${queryOf({ method: 'post', path: '/platform/v1/sessions', limit: '2' })}`,
      { headers: account.headers },
    )
    const found = conforms(dataOf(FoundRequests), reply.body).data
    expect(found.count).toBe(3)
    expect(found.requests.map((r) => (r.requestBody as { externalCustomerId: string }).externalCustomerId)).toEqual([
      'a',
      'b',
    ])
    expect(found.requests[0]).toMatchObject({
      kind: 'api',
      status: 201,
      key: 'secret',
      headers: { 'x-api-key': '[redacted]' },
    })
  })
})

describe('bad verification queries', () => {
  it.each([
    ['an unknown parameter', { path: '/x', bodyy: '{}' }, 'bodyy'],
    ['a body matcher that is not JSON', { body: '{externalCustomerId:u1}' }, 'body'],
    ['an invalid regular expression', { body: { id: { matches: '[' } } }, 'body.id.matches'],
    [
      'a lookbehind, which a linear-time matcher cannot run',
      { query: { foo: { matches: '(?<=a)b' } } },
      'query.foo.matches',
    ],
    ['a query field named __proto__', { query: '{"__proto__":"x"}' }, 'query.__proto__'],
    ['a header named __proto__', { headers: '{"__proto__":{"present":true}}' }, 'headers.__proto__'],
    ['a body field named __proto__', { body: '{"__proto__":"u1"}' }, 'body.__proto__'],
    ['an unknown method', { method: 'FETCH' }, 'method'],
    ['an unknown key kind', { key: 'master' }, 'key'],
  ])('refuses %s with a 400 naming it', async (_name, params, field) => {
    const { headers } = platformAccount(core)
    const reply = await send(core, `GET /__sandbox/requests/count?${queryOf(params)}`, { headers })
    expect(reply.status).toBe(400)
    expect(conforms(PlatformError, reply.body).errors?.map((e) => e.field)).toContain(field)
  })
})

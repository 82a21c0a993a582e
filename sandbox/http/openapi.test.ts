import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { reply } from './plain-http.ts'
import type { Route } from './route.ts'
import { createSandboxCore } from './sandbox-core.ts'
import { send } from './test-request.ts'

const core = createSandboxCore()

async function document() {
  const response = await send(core, 'GET /openapi.json')
  expect(response.status).toBe(200)
  return response.body as {
    openapi: string
    tags: { name: string; description: string }[]
    paths: Record<string, Record<string, any>>
  }
}

/** Every operation of the document, named `METHOD /path`. */
async function operations() {
  const { paths } = await document()
  return Object.entries(paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  )
}

/** The documented schema of a query parameter. */
async function queryParameter(path: string, name: string) {
  const operation = (await document()).paths[path]!.get
  return operation.parameters.find((p: any) => p.in === 'query' && p.name === name).schema
}

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document', async () => {
    expect((await document()).openapi).toBe('3.1.0')
  })

  it('covers every route of the table', async () => {
    const { paths } = await document()
    const documented = Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    )
    const served = core.routes.map((r) => `${r.method} ${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`)
    expect(documented.sort()).toEqual(served.sort())
  })

  it('documents 415 on every operation that takes a JSON body, and only there', async () => {
    for (const { name, op } of await operations())
      expect(op.responses[415] !== undefined, name).toBe(
        op.requestBody !== undefined || name.startsWith('PUT /platform/v1/uploads/'),
      )
  })

  it('documents the fields of every JSON request body: none is an object without properties', async () => {
    const bare = (await operations())
      .filter(({ op }) => op.requestBody !== undefined)
      .filter(({ op }) => {
        const schema = op.requestBody.content['application/json'].schema
        return Object.keys(schema.properties ?? {}).length === 0 && !schema.oneOf && !schema.anyOf && !schema.allOf
      })
      .map(({ name }) => name)
    expect(bare).toEqual([])
  })

  it('documents the nested buy-quote request body, with the objects the flat shape lacks', async () => {
    const schema = (await document()).paths['/platform/v1/quotes/buy']!.post.requestBody.content['application/json']
      .schema
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['source', 'destination', 'wallet', 'paymentMethod']),
    )
    expect(schema.properties.source).toMatchObject({
      type: 'object',
      properties: { asset: { type: 'object' }, amount: { type: 'number' } },
    })
    expect(schema.properties.paymentMethod).toMatchObject({ type: 'object' })
  })

  it('documents the sell-quote query parameters from the contract', async () => {
    const operation = (await document()).paths['/v3/currencies/{currencyCode}/sell_quote']!.get
    const params = Object.fromEntries(operation.parameters.map((p: any) => [p.name, p]))
    expect(params.currencyCode.in).toBe('path')
    expect(params.quoteCurrencyCode.required).toBe(true)
    expect(params.baseCurrencyAmount.required).toBe(true)
    expect(params.extraFeePercentage.required).toBe(false)
    expect(params.payoutMethod.schema.enum).toEqual([
      'ach_bank_transfer',
      'credit_debit_card',
      'wallet_service',
      'gbp_bank_transfer',
      'gbp_open_banking_payment',
      'pix_instant_payment',
      'sepa_bank_transfer',
    ])
  })

  it('documents the narrower payoutMethod enum of the response', async () => {
    const operation = (await document()).paths['/v3/currencies/{currencyCode}/sell_quote']!.get
    const schema = operation.responses['200'].content['application/json'].schema
    expect(schema.properties.payoutMethod.enum).toEqual([
      'ach_bank_transfer',
      'credit_debit_card',
      'wallet_service',
      'gbp_bank_transfer',
      'sepa_bank_transfer',
    ])
  })

  it('documents the US-state enum of notAllowedUSStates', async () => {
    const operation = (await document()).paths['/v3/currencies/{currencyCode}/sell_quote']!.get
    const crypto = operation.responses['200'].content['application/json'].schema.properties.baseCurrency
    expect(crypto.properties.notAllowedUSStates.items.enum).toContain('TT')
    expect(crypto.properties.notAllowedUSStates.items.enum).toHaveLength(57)
  })

  it('names the sell quote getSellQuote under the spec tag Off-ramp', async () => {
    const operation = (await document()).paths['/v3/currencies/{currencyCode}/sell_quote']!.get
    expect(operation.operationId).toBe('getSellQuote')
    expect(operation.tags).toEqual(['Off-ramp'])
  })

  it('files account details under Account details and the DeFi token routes under DefiToken, as the spec groups them', async () => {
    const { paths } = await document()
    expect(paths['/v4/accounts/me']!.get.tags).toEqual(['Account details'])
    expect(paths['/v1/defi/token']!.get.tags).toEqual(['DefiToken'])
    expect(paths['/v1/defi/tokens']!.get.tags).toEqual(['DefiToken'])
  })

  it('files every swap route under Swaps, as the spec groups them', async () => {
    const { paths } = await document()
    const swaps = Object.entries(paths).filter(([path]) => path.startsWith('/v4/swap/'))
    expect(swaps.map(([path]) => path).sort()).toEqual([
      '/v4/swap/execute_quote',
      '/v4/swap/pairs',
      '/v4/swap/reject_requote',
      '/v4/swap/transaction/{transactionId}',
      '/v4/swap/transaction/{transactionId}/requote',
      '/v4/swap/{pair}/quote',
    ])
    for (const [path, operations] of swaps)
      for (const operation of Object.values(operations)) expect(operation.tags, path).toEqual(['Swaps'])
  })

  it('files the currencies under Data and buy quotes and transactions under On-ramp, as the spec groups them', async () => {
    const { paths } = await document()
    expect(paths['/v3/currencies']!.get.tags).toEqual(['Data'])
    expect(paths['/platform/v1/quotes/buy']!.post.tags).toEqual(['On-ramp'])
    expect(paths['/platform/v1/transactions']!.get.tags).toEqual(['On-ramp'])
    expect(paths['/platform/v1/transactions/{transactionId}']!.get.tags).toEqual(['On-ramp'])
  })

  it('files the countries and both IP checks under Data', async () => {
    const { paths } = await document()
    expect([
      paths['/v3/countries']!.get.tags,
      paths['/v3/ip_address']!.get.tags,
      paths['/v4/ip_address']!.get.tags,
    ]).toEqual([['Data'], ['Data'], ['Data']])
  })

  it('names the operations the spec names as SDK calls after them', async () => {
    const { paths } = await document()
    expect(paths['/platform/v1/quotes/buy']!.post.operationId).toBe('getQuote')
    expect(paths['/platform/v1/payment-methods']!.get.operationId).toBe('getPaymentMethods')
    expect(paths['/platform/v1/payment-methods/{paymentMethodId}']!.delete.operationId).toBe('deletePaymentMethod')
    expect(paths['/platform/v1/transactions/{transactionId}']!.get.operationId).toBe('getTransaction')
    expect(paths['/platform/v1/transactions']!.get.operationId).toBe('listTransactions')
  })

  it('gives every operation a unique camelCase operationId', async () => {
    const all = await operations()
    for (const { name, op } of all) expect(op.operationId, name).toMatch(/^[a-z][A-Za-z0-9]*$/)
    const ids = all.map(({ op }) => op.operationId)
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([])
  })

  it("tags every operation with exactly one tag of the document's described tag list", async () => {
    const doc = await document()
    const listed = new Map(doc.tags.map((t) => [t.name, t.description]))
    for (const { name, op } of await operations()) {
      expect(op.tags, name).toHaveLength(1)
      expect(listed.get(op.tags[0]), `${name}: tag ${op.tags[0]} is not in the document's tags`).toEqual(
        expect.any(String),
      )
    }
    for (const [tag, description] of listed) expect(description.length, tag).toBeGreaterThan(20)
  })

  it('spells the spec tags exactly as the spec does', async () => {
    const spec = ['Account details', 'On-ramp', 'Off-ramp', 'Swaps', 'Data', 'DefiToken']
    const names = (await document()).tags.map((t) => t.name)
    expect(names.filter((name) => spec.some((s) => s.toLowerCase() === name.toLowerCase()))).toEqual([
      'Account details',
      'Data',
      'On-ramp',
      'Off-ramp',
      'Swaps',
      'DefiToken',
    ])
  })

  it('types baseCurrencyAmount as a positive number', async () => {
    expect(await queryParameter('/v3/currencies/{currencyCode}/sell_quote', 'baseCurrencyAmount')).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
      description: expect.any(String),
    })
  })

  it('types extraFeePercentage as an integer from 0 to 10', async () => {
    expect(await queryParameter('/v3/currencies/{currencyCode}/sell_quote', 'extraFeePercentage')).toEqual({
      type: 'integer',
      minimum: 0,
      maximum: 10,
      description: expect.any(String),
    })
  })

  it('types the limit of the platform transaction list as an integer from 1 to 100', async () => {
    expect(await queryParameter('/platform/v1/transactions', 'limit')).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
    })
  })

  it('types every query parameter the contract parses into a number as number or integer, with no text keywords', async () => {
    const doc = await document()
    let numeric = 0
    for (const route of core.routes) {
      for (const [name, field] of Object.entries(route.query?.shape ?? {})) {
        const parsed = (field as z.ZodType).safeParse('1')
        if (!parsed.success || typeof parsed.data !== 'number') continue
        numeric++
        const path = route.path.replace(/:([A-Za-z]+)/g, '{$1}')
        const parameter = doc.paths[path]![route.method.toLowerCase()].parameters.find(
          (p: any) => p.in === 'query' && p.name === name,
        )
        const where = `${route.method} ${route.path} ?${name}`
        expect(['number', 'integer'], where).toContain(parameter.schema.type)
        expect(
          Object.keys(parameter.schema).filter((k) => ['pattern', 'minLength', 'maxLength', 'format'].includes(k)),
          where,
        ).toEqual([])
      }
    }
    expect(numeric).toBeGreaterThanOrEqual(5)
  })
})

describe('route typing', () => {
  it('makes a route without an operationId or with an unknown tag a type error', () => {
    // These lines are checked by `tsc` (npm test runs it first): each @ts-expect-error must meet an error.
    // @ts-expect-error operationId is required
    const missing: Route = {
      method: 'GET',
      path: '/x',
      family: 'meta',
      auth: 'none',
      tag: 'Sandbox meta',
      summary: 'x',
      responses: {},
      handle: () => reply(200),
    }
    const misspelled: Route = {
      method: 'GET',
      path: '/x',
      family: 'meta',
      auth: 'none',
      operationId: 'x',
      // @ts-expect-error `Offramp` is not a tag of the document (on its own line, where tsc reports it, however formatted)
      tag: 'Offramp',
      summary: 'x',
      responses: {},
      handle: () => reply(200),
    }
    expect([missing.path, misspelled.path]).toEqual(['/x', '/x'])
  })
})

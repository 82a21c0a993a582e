import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { PlatformError } from '#contract/index.ts'
import { issueExportConsent } from '#domain/customers/index.ts'
import { startServer, type RunningSandbox } from '#adapters/node-http/index.ts'
import { parseQueryString, type PlainQuery, type PlainRequest, type PlainResponse } from '../plain-http.ts'
import type { Route } from '../route.ts'
import { Router } from '../router.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'

/**
 * Property tests of every platform (`/platform/`) and control (`/__sandbox/`)
 * route, read from `core.routes` at run time so routes added later are fuzzed
 * too: garbage credentials, bodies, queries and path parameters never get a
 * 5xx, every 4xx is a `PlatformError`, every 2xx matches the route's documented
 * response. State is shared across cases (sessions are created, cards deleted,
 * clocks advanced …), as it would be for a real client; fast-check's seed
 * replays the whole sequence.
 */

/** The secret key of the tenant the fuzzer calls with. */
const FUZZ_KEY = 'sk_test_fuzz'
/**
 * The account whose session yields the real access token. Kept apart from
 * FUZZ_KEY's tenant so fuzzed resets, clock advances and revocations do not
 * void the token for the rest of the run.
 */
const BEARER_KEY = 'sk_test_fuzzbearer'

/** Scales the number of cases: `FUZZ_SCALE=20 npx vitest run …` for a long hunt (FUZZ_REPORT=1 prints statuses per route). */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1)
/** Thousands of requests take 10–40 s on a loaded 2-core machine: never vitest's 5 s default. */
const FUZZ_TIMEOUT_MS = 120_000 * SCALE

const fuzzedRoutes = (routes: Route[]) =>
  routes.filter((r) => r.path.startsWith('/platform/') || r.path.startsWith('/__sandbox/'))
const routeKey = (route: Route) => `${route.method} ${route.path}`
/** The path template and method of a route key. */
const templateOf = (key: string) => key.slice(key.indexOf(' ') + 1)
const methodOf = (key: string) => key.slice(0, key.indexOf(' '))

// ---------------------------------------------------------------------------
// Garbage

const HUGE = 'x'.repeat(200_000)
/** Large bodies, by name: cases hold the name, so counterexamples print short. */
const LARGE_BODIES = {
  deepArray: '['.repeat(2000) + ']'.repeat(2000),
  deepObject: `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  hugeString: JSON.stringify(HUGE),
  hugeField: JSON.stringify({ a: HUGE }),
  tooLarge: JSON.stringify('y'.repeat(1_000_001)),
}
type LargeBody = { large: keyof typeof LARGE_BODIES }
const textOf = (body: string | LargeBody | undefined) => (typeof body === 'object' ? LARGE_BODIES[body.large] : body)

/** encodeURIComponent, with lone surrogates replaced instead of thrown on. */
function encode(text: string): string {
  return encodeURIComponent(
    text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  )
}

/** Strings a careless or hostile client sends. */
const garbage = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'NaN',
    'Infinity',
    '-0',
    '1e400',
    '0x10',
    '１２３',
    '\u0000',
    '%00',
    '%',
    '%zz',
    '😀',
    '\ud800',
    'null',
    'undefined',
    '[]',
    '{}',
    'true',
    '..',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    '<script>',
    "' OR 1=1 --",
    '9'.repeat(400),
    'a'.repeat(4097),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.double().map(String),
  fc.integer().map(String),
  fc.nat(20).map((n) => 'x'.repeat(n * 500)),
)

/** Any JSON value, mostly small, sometimes awkward. */
const garbageJson: fc.Arbitrary<unknown> = fc.oneof(
  garbage,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1e308, 5e-324, Number.MAX_SAFE_INTEGER + 2, 1_000_000_000_001),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant(JSON.parse('{"__proto__": {"polluted": true}}') as unknown),
)

// ---------------------------------------------------------------------------
// Bodies derived from the route's zod schema

type JsonSchema = { [key: string]: unknown }

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema
  } catch {
    return {}
  }
}

const isEmpty = (schema: unknown) =>
  schema === undefined || (typeof schema === 'object' && schema !== null && Object.keys(schema).length === 0)

/**
 * The JSON Schema of a body: the input side, with the output side filling what
 * it hides (a pipe's input is its first stage, e.g. the buy-quote flat-shape check).
 */
function bodySchema(schema: z.ZodType): JsonSchema {
  const merge = (a: unknown, b: unknown): unknown => {
    if (isEmpty(a)) return b
    if (isEmpty(b) || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a
    const left = a as JsonSchema
    const right = b as JsonSchema
    const properties = { ...(right.properties as JsonSchema | undefined) }
    for (const [name, value] of Object.entries((left.properties as JsonSchema | undefined) ?? {}))
      properties[name] = merge(value, properties[name])
    return Object.keys(properties).length > 0 ? { ...right, ...left, properties } : left
  }
  return merge(jsonSchemaOf(schema, 'input'), jsonSchemaOf(schema, 'output')) as JsonSchema
}

/** Values shaped like a JSON Schema node, often wrong, sometimes right. */
function fromSchema(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 5 || typeof schema !== 'object' || schema === null) return garbageJson
  const node = schema as JsonSchema
  const typed: fc.Arbitrary<unknown>[] = []
  if (Array.isArray(node.enum) && node.enum.length > 0) typed.push(fc.constantFrom(...(node.enum as unknown[])))
  if ('const' in node) typed.push(fc.constant(node.const))
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(node[key])) for (const option of node[key] as unknown[]) typed.push(fromSchema(option, depth + 1))
  }
  const types = Array.isArray(node.type) ? (node.type as string[]) : typeof node.type === 'string' ? [node.type] : []
  for (const type of types) {
    if (type === 'object') {
      const properties = (node.properties as JsonSchema | undefined) ?? {}
      const fields = Object.fromEntries(
        Object.entries(properties).map(([name, value]) => [name, fromSchema(value, depth + 1)]),
      )
      typed.push(
        fc
          .tuple(
            fc.record(fields, { requiredKeys: [] }),
            fc.dictionary(fc.oneof(garbage, fc.constantFrom('__proto__', 'constructor')), garbageJson, { maxKeys: 2 }),
            fc.nat(9),
          )
          .map(([known, extra, coin]) => (coin === 0 ? { ...extra, ...known } : known)),
      )
    } else if (type === 'array') {
      typed.push(fc.array(fromSchema(node.items, depth + 1), { maxLength: 12 }))
    } else if (type === 'string') {
      typed.push(
        garbage,
        fc.constantFrom(
          '2026-01-01',
          '2026-01-01T00:00:00Z',
          '1990-02-29',
          '1899-12-31',
          'USA',
          'NY',
          'eth',
          'usd',
          'passport',
          'image/jpeg',
          '30s',
          '/platform/v1/nowhere',
        ),
      )
    } else if (type === 'number' || type === 'integer') {
      const bounds = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']
        .map((k) => node[k])
        .filter((v): v is number => typeof v === 'number')
      typed.push(
        fc.integer(),
        fc.double(),
        fc.constantFrom(0, -0, -1, 0.5, 1e308, 5e-324, ...bounds.flatMap((b) => [b - 1, b, b + 1, b + 0.5])),
      )
    } else if (type === 'boolean') {
      typed.push(fc.boolean())
    } else if (type === 'null') {
      typed.push(fc.constant(null))
    }
  }
  if (typed.length === 0) return garbageJson
  return fc.oneof({ arbitrary: fc.oneof(...typed), weight: 5 }, { arbitrary: garbageJson, weight: 1 })
}

/** Every path into a JSON value (`[]` is the value itself). */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const paths = [prefix]
  if (Array.isArray(value)) for (const [i, item] of value.entries()) paths.push(...pathsOf(item, [...prefix, i]))
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) paths.push(...pathsOf(v, [...prefix, k]))
  return paths
}

type Mutation = 'replace' | 'delete' | 'add'

/** A copy of `value` with one nested field replaced, deleted, or one unknown field added. */
function mutate(value: unknown, pick: number, op: Mutation, replacement: unknown, key: string): unknown {
  const copy = structuredClone(value)
  const paths = pathsOf(copy)
  const path = paths[pick % paths.length]!
  if (path.length === 0) return op === 'replace' ? replacement : copy
  let parent = copy as Record<string | number, unknown>
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>
  const last = path[path.length - 1]!
  if (op === 'replace') parent[last] = replacement
  else if (op === 'delete') delete parent[last]
  else {
    // Adds beside the field (or inside it, when it is an object); arrays get one more item, never a sparse index.
    const target =
      typeof parent[last] === 'object' && parent[last] !== null ? (parent[last] as Record<string, unknown>) : parent
    if (Array.isArray(target)) target.push(replacement)
    else
      Object.defineProperty(target, key, { value: replacement, enumerable: true, writable: true, configurable: true })
  }
  return copy
}

// ---------------------------------------------------------------------------
// Real values, so the fuzzer also gets past authentication and lookups

interface Upload {
  uploadId: string
  token: string
}

interface Fixtures {
  accessToken: string
  /** A session token of FUZZ_KEY's tenant (revocable by the fuzzer). */
  sessionToken: string
  customerIds: string[]
  /** Customers of the bearer tenant: not found under FUZZ_KEY. */
  otherCustomerIds: string[]
  cardIds: string[]
  transactionIds: string[]
  cursor: string
  uploads: Upload[]
  /** Email and phone of each customer of FUZZ_KEY's tenant that has them. */
  contacts: { email: string; phoneNumber: string }[]
}

async function call(
  core: SandboxCore,
  method: string,
  target: string,
  key: string | undefined,
  body?: unknown,
  auth?: string,
) {
  const url = new URL(target, 'http://sandbox.invalid')
  const headers: Record<string, string> = {}
  if (key) headers['x-api-key'] = key
  if (auth) headers.authorization = auth
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await core.handle({
    method,
    path: url.pathname,
    query: parseQueryString(url.search.slice(1)),
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (response.kind !== 'reply') throw new Error(`${method} ${target}: ${response.kind}`)
  return response as { status: number; body: any }
}

function expectStatus(response: { status: number; body: unknown }, status: number, what: string) {
  if (response.status !== status)
    throw new Error(`${what}: expected ${status}, got ${response.status} ${JSON.stringify(response.body)}`)
}

async function newUpload(
  core: SandboxCore,
  customerId: string,
  contentType = 'image/jpeg',
  size = 64,
  documentType = 'passport',
): Promise<{ upload?: Upload; status: number }> {
  const response = await call(core, 'POST', `/platform/v1/customers/${customerId}/files/upload-url`, FUZZ_KEY, {
    documentType,
    contentType,
    size,
  })
  if (response.status !== 201) return { status: response.status }
  const url = new URL(response.body.data.uploadUrl as string, 'http://sandbox.invalid')
  return {
    status: 201,
    upload: { uploadId: response.body.data.uploadId as string, token: url.searchParams.get('token')! },
  }
}

async function prepare(core: SandboxCore): Promise<Fixtures> {
  const session = await call(core, 'POST', '/platform/v1/sessions', BEARER_KEY, {
    externalCustomerId: 'fuzz-bearer',
    deviceIp: '203.0.113.7',
    email: 'active.us-ny@sandbox.test',
    phoneNumber: '+12125550101',
  })
  expectStatus(session, 201, 'session of the bearer tenant')
  const connection = await call(core, 'POST', '/__sandbox/connections', BEARER_KEY, {
    sessionToken: session.body.data.sessionToken,
  })
  expectStatus(connection, 200, 'connection')
  const accessToken = connection.body.data.credentials.accessToken as string
  const bearer = `Bearer ${accessToken}`

  const own = await call(core, 'POST', '/platform/v1/sessions', FUZZ_KEY, {
    externalCustomerId: 'fuzz-1',
    deviceIp: '::1',
  })
  expectStatus(own, 201, 'session of the fuzz tenant')

  const fixtures = await call(core, 'GET', '/__sandbox/fixtures', FUZZ_KEY)
  const otherFixtures = await call(core, 'GET', '/__sandbox/fixtures', BEARER_KEY)
  const methods = await call(core, 'GET', '/platform/v1/payment-methods', undefined, undefined, bearer)
  expectStatus(methods, 200, 'payment methods')
  const page = await call(core, 'GET', '/platform/v1/transactions?limit=5', undefined, undefined, bearer)
  expectStatus(page, 200, 'transactions')

  const customers = fixtures.body.data.customers as { id: string; email: string | null; phoneNumber: string | null }[]
  const customerIds = customers.map((c) => c.id)
  const uploads: Upload[] = []
  for (const id of customerIds.slice(0, 3)) {
    const { upload } = await newUpload(core, id)
    if (upload) uploads.push(upload)
  }
  return {
    accessToken,
    sessionToken: own.body.data.sessionToken,
    customerIds,
    otherCustomerIds: (otherFixtures.body.data.customers as { id: string }[]).map((c) => c.id),
    cardIds: (methods.body.data.paymentMethods as { id: string }[]).map((m) => m.id),
    transactionIds: (page.body.data as { id: string }[]).map((t) => t.id),
    cursor: page.body.pageInfo.nextCursor,
    uploads,
    contacts: customers.flatMap((c) =>
      c.email && c.phoneNumber ? [{ email: c.email, phoneNumber: c.phoneNumber }] : [],
    ),
  }
}

// ---------------------------------------------------------------------------
// Requests

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** The token with the character at `at` changed. */
function tamper(token: string, at: number, to: number): string {
  const i = at % token.length
  const alphabet = token[i] === '.' ? '.x' : BASE64URL
  let char = alphabet[to % alphabet.length]!
  if (char === token[i]) char = alphabet[(to + 1) % alphabet.length]!
  return token.slice(0, i) + char + token.slice(i + 1)
}

type HeaderSet = Record<string, string | string[]>

function headersArb(route: Route, fx: Fixtures): fc.Arbitrary<HeaderSet> {
  const token = fx.accessToken
  const valid: HeaderSet[] =
    route.auth === 'bearer'
      ? [{ authorization: `Bearer ${token}` }]
      : route.auth === 'secret-header'
        ? [{ 'x-api-key': FUZZ_KEY }, { authorization: `Api-Key ${FUZZ_KEY}` }]
        : [{}]
  const others = fc.oneof<fc.Arbitrary<HeaderSet>[]>(
    fc.constant({}),
    fc.constant({ 'x-api-key': FUZZ_KEY }),
    fc.constant({ authorization: `Api-Key ${FUZZ_KEY}` }),
    fc.constantFrom('pk_test_fuzz', 'pk_live_fuzz', 'pk_test_sandbox').map((key) => ({ 'x-api-key': key })),
    garbage.map((key) => ({ 'x-api-key': key })),
    garbage.map((value) => ({ authorization: `Bearer ${value}` })),
    fc.constant({ authorization: `Bearer ${token}` }),
    fc
      .constantFrom(
        `bearer ${token}`,
        `Bearer  ${token}`,
        `Bearer ${token} `,
        `Bearer ${token} extra`,
        token,
        `Basic ${token}`,
      )
      .map((authorization) => ({ authorization })),
    garbage.map((value) => ({ authorization: `Api-Key ${value}` })),
    fc.tuple(fc.nat(), fc.nat()).map(([at, to]) => ({ authorization: `Bearer ${tamper(token, at, to)}` })),
    fc.constant({ 'x-api-key': FUZZ_KEY, authorization: `Bearer ${token}` }),
    fc.constant({ 'x-api-key': [FUZZ_KEY, 'sk_test_other'], authorization: [`Bearer ${token}`, 'Bearer x'] }),
    fc
      .tuple(garbage, garbage)
      .map(([a, b]) => ({ authorization: a, 'x-api-key': b, origin: 'https://app.example.com' })),
  )
  // The route's own valid credentials half the time, so the fuzzer gets past authentication.
  return fc.oneof(fc.constantFrom(...valid), others)
}

/**
 * The Content-Type of a case: JSON most of the time, so bodies reach the handlers; sometimes absent, not JSON
 * (415), a JSON suffix type or a charset.
 */
const contentTypeArb: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      undefined,
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/merge-patch+json',
      'application/json; charset=latin1',
      'application/jsonx',
      'json',
      '',
    ),
    weight: 3,
  },
  { arbitrary: garbage, weight: 1 },
)

/** Plausible values of path parameters, by name. */
function plausibleParams(fx: Fixtures): Record<string, string[]> {
  return {
    customerId: [...fx.customerIds, ...fx.otherCustomerIds.slice(0, 2)],
    paymentMethodId: fx.cardIds,
    transactionId: fx.transactionIds,
    uploadId: fx.uploads.map((u) => u.uploadId),
  }
}

/** A path parameter: plausible (usually), percent-encoded garbage, or raw garbage that may not even route. */
function paramArb(name: string, fx: Fixtures): fc.Arbitrary<string> {
  const known = plausibleParams(fx)[name] ?? []
  return fc.oneof(
    { arbitrary: known.length > 0 ? fc.constantFrom(...known) : garbage.map(encode), weight: 4 },
    { arbitrary: garbage.filter((s) => s.length > 0).map(encode), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%E0%A4%A',
        '%FF',
        '..',
        '%2F',
        '%2e%2e',
        'a/b',
        '',
        ' ',
        'x?y',
        'x#y',
        '\u0000',
        '\ud800',
        '😀',
      ),
      weight: 1,
    },
    { arbitrary: garbage, weight: 1 },
  )
}

/** Plausible values of query parameters, by name. */
function plausibleQuery(fx: Fixtures): Record<string, string[]> {
  return {
    sessionToken: [fx.sessionToken, fx.accessToken],
    externalCustomerId: ['fuzz-1', 'fuzz-2', 'fuzz-bearer'],
    limit: ['1', '20', '100', '0', '101', '007'],
    cursor: [fx.cursor],
    startDate: ['2025-01-01T00:00:00Z', '2026-01-01T00:00:00+01:00'],
    endDate: ['2027-01-01T00:00:00Z', '2020-01-01T00:00:00.000Z'],
    since: ['0', '1', '999999999999999'],
    kind: ['api', 'state'],
    token: fx.uploads.map((u) => u.token),
  }
}

function queryArb(route: Route, fx: Fixtures): fc.Arbitrary<PlainQuery> {
  const known = plausibleQuery(fx)
  const names = Object.keys(route.query?.shape ?? {})
  const value = (name: string) => {
    const plausible = known[name]?.length ? fc.constantFrom(...known[name]!) : garbage
    return fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 3 },
      { arbitrary: plausible, weight: 3 },
      { arbitrary: garbage, weight: 2 },
      { arbitrary: fc.tuple(plausible, garbage).map(([a, b]) => [a, b]), weight: 1 },
    )
  }
  return fc
    .tuple(
      fc.record(
        Object.fromEntries(names.map((name) => [name, value(name)])) as Record<
          string,
          fc.Arbitrary<string | string[] | undefined>
        >,
      ),
      fc.oneof(
        { arbitrary: fc.constant({}), weight: 3 },
        {
          arbitrary: fc.dictionary(garbage, fc.oneof(garbage, fc.array(garbage, { maxLength: 3 })), { maxKeys: 3 }),
          weight: 1,
        },
      ),
    )
    .map(([declared, unknown]) => {
      // As parseQueryString builds it: every name an own property, `__proto__` included.
      const query: PlainQuery = {}
      const set = (name: string, v: string | string[]) =>
        Object.defineProperty(query, name, { value: v, enumerable: true, writable: true, configurable: true })
      for (const [name, v] of Object.entries(unknown)) set(name, v)
      for (const [name, v] of Object.entries(declared)) if (v !== undefined) set(name, v)
      return query
    })
}

/** Plausible JSON bodies, by `METHOD path` of the route. */
function plausibleBodies(fx: Fixtures): Record<string, unknown[]> {
  const session = [
    {
      externalCustomerId: 'fuzz-2',
      deviceIp: '198.51.100.1',
      email: 'active.us-ny@sandbox.test',
      phoneNumber: '+12125550101',
    },
    { externalCustomerId: 'fuzz-3', deviceIp: '2001:db8::1' },
    {
      externalCustomerId: 'fuzz-4',
      deviceIp: '10.0.0.1',
      customerId: fx.customerIds[0],
      termsAcceptedAt: '2026-01-01T00:00:00Z',
    },
    { externalCustomerId: 'fuzz-5', deviceIp: '10.0.0.1', email: 'nobody@sandbox.test', phoneNumber: '+447700900123' },
  ]
  const quote = { source: { asset: { code: 'usd' }, amount: 100 }, destination: { asset: { code: 'eth' } } }
  return {
    'POST /platform/v1/sessions': session,
    'POST /platform/v1/session': session,
    'DELETE /platform/v1/sessions': [
      { externalCustomerId: 'fuzz-2' },
      { sessionToken: fx.sessionToken },
      { externalCustomerId: 'fuzz-9', sessionToken: fx.sessionToken },
    ],
    'POST /platform/v1/quotes/buy': [
      quote,
      { source: { asset: { code: 'USD' } }, destination: { asset: { code: 'btc' }, amount: 0.01 } },
      {
        ...quote,
        wallet: { address: '0x0000000000000000000000000000000000000001' },
        paymentMethod: { type: 'card', id: fx.cardIds[0] },
        feeBehavior: 'exclusive',
      },
      {
        ...quote,
        paymentMethod: { type: 'apple_pay' },
        destination: { asset: { code: 'xrp' } },
        wallet: { address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', tag: '12345' },
      },
      { source: { asset: { code: 'eur' }, amount: 1e12 }, destination: { asset: { code: 'sol' } } },
      { sourceAmount: 100, sourceCurrencyCode: 'usd', destinationCurrencyCode: 'eth' },
    ],
    'POST /platform/v1/customers/:customerId/details': [
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        dateOfBirth: '1990-12-10',
        address: { line1: '1 Main St', city: 'Albany', postalCode: '12207', country: 'USA', administrativeArea: 'NY' },
      },
      {
        firstName: 'Ada',
        lastName: 'Approved',
        dateOfBirth: '2010-01-01',
        address: { line1: '1 Rue', city: 'Paris', postalCode: '75001', country: 'FRA' },
      },
    ],
    'POST /platform/v1/customers/:customerId/files/upload-url': [
      { documentType: 'passport', contentType: 'image/jpeg', size: 64 },
      { documentType: 'selfie', contentType: 'image/png', size: 1_000_000 },
      { documentType: 'national_id', contentType: 'application/pdf', size: 1_000_001 },
    ],
    'POST /platform/v1/customers/:customerId/files/confirm': [
      { uploadIds: fx.uploads.map((u) => u.uploadId) },
      { uploadIds: ['upl_nope'] },
    ],
    'POST /platform/v1/customers/:customerId/export': [{ consentToken: 'cx_nope' }, { consentToken: fx.accessToken }],
    'POST /__sandbox/clock/advance': [{ by: '30s' }, { by: '1h30m' }, { by: '366d' }, { by: '367d' }, { by: '0s' }],
    'POST /__sandbox/faults': [
      { path: '/platform/v1/nowhere', status: 503 },
      { method: 'get', path: '/platform/v1/nowhere/**', latencyMs: 10, times: 2 },
    ],
    'PUT /__sandbox/settings': [
      { defaultExtraFeePercentage: 3 },
      { allowedOrigins: ['http://localhost:*'] },
      { capabilities: { identity: false, guestCheckout: true } },
    ],
    'POST /__sandbox/connections': [{ sessionToken: fx.sessionToken }, { sessionToken: fx.accessToken }],
  }
}

/** A request body as text: absent, malformed, hostile, shaped by the schema, or plausible. */
function bodyArb(route: Route, fx: Fixtures): fc.Arbitrary<string | LargeBody | undefined> {
  const plausible = plausibleBodies(fx)[routeKey(route)] ?? []
  const shaped = route.body ? fromSchema(bodySchema(route.body)) : fc.constant({})
  const options: fc.WeightedArbitrary<string | LargeBody | undefined>[] = [
    {
      arbitrary: fc.constantFrom(undefined, '', '   ', '{}', '[]', 'null', '0', '-1', '1e999', 'true', '"text"', '""'),
      weight: 2,
    },
    {
      arbitrary: fc.constantFrom(
        '{',
        '{"a":',
        "{'a':1}",
        '{a:1}',
        'undefined',
        'NaN',
        '\u0000',
        '\ufeff{}',
        '{}{}',
        '{"a":1,}',
        '[1,]',
        '\ud800',
        '"\\ud800"',
      ),
      weight: 1,
    },
    {
      arbitrary: fc
        .constantFrom(...(Object.keys(LARGE_BODIES) as LargeBody['large'][]))
        .map((large): LargeBody => ({ large })),
      weight: 1,
    },
    { arbitrary: garbageJson.map((v) => JSON.stringify(v)), weight: 2 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 1 },
    { arbitrary: shaped.map((v) => JSON.stringify(v)), weight: route.body ? 5 : 1 },
  ]
  if (plausible.length > 0) {
    options.push(
      { arbitrary: fc.constantFrom(...plausible).map((v) => JSON.stringify(v)), weight: 4 },
      {
        arbitrary: fc
          .tuple(
            fc.constantFrom(...plausible),
            fc.nat(),
            fc.constantFrom<Mutation>('replace', 'delete', 'add'),
            garbageJson,
            fc.oneof(garbage, fc.constantFrom('__proto__', 'extra')),
          )
          .map(([body, pick, op, replacement, key]) => JSON.stringify(mutate(body, pick, op, replacement, key))),
        weight: 4,
      },
    )
  }
  return fc.oneof(...options)
}

const UPLOAD_ROUTE = 'PUT /platform/v1/uploads/:uploadId'

/** Raw upload bytes: magic numbers of each format, or not. */
const bytesArb = fc.oneof(
  fc.constant(undefined),
  fc.constant(new Uint8Array(0)),
  fc
    .tuple(
      fc.constantFrom(
        [0xff, 0xd8, 0xff, 0xe0],
        [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
        [...new TextEncoder().encode('%PDF-1.7\n')],
        [0xff, 0xd8],
      ),
      fc.constantFrom(1, 4, 63, 64, 65, 1000, 1_000_001),
    )
    .map(([head, size]) => {
      const bytes = new Uint8Array(size).fill(0x20)
      bytes.set(head.slice(0, size))
      return bytes
    }),
  fc.uint8Array({ maxLength: 300 }),
)

interface Case {
  /** `METHOD path` of the route (a key, so counterexamples print short). */
  key: string
  method: string
  params: Record<string, string>
  trailingSlash: boolean
  query: PlainQuery
  headers: HeaderSet
  body: string | LargeBody | undefined
  bytes: Uint8Array | undefined
  /** Run the route's setup first (a fresh upload URL, uploaded files, a session, a consent), seeded by this number. */
  setup: number | undefined
}

function caseArb(routes: Route[], fx: Fixtures): fc.Arbitrary<Case> {
  return fc.constantFrom(...routes).chain((route) => {
    const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => name!)
    const isUpload = routeKey(route) === UPLOAD_ROUTE
    const otherMethods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'get', 'TRACE'].filter(
      (m) => m !== route.method,
    )
    return fc.record({
      key: fc.constant(routeKey(route)),
      method: fc.oneof(
        { arbitrary: fc.constant(route.method), weight: 9 },
        { arbitrary: fc.constantFrom(...otherMethods), weight: 1 },
      ),
      params: fc.record(Object.fromEntries(names.map((name) => [name, paramArb(name, fx)]))),
      trailingSlash: fc.oneof(
        { arbitrary: fc.constant(false), weight: 9 },
        { arbitrary: fc.constant(true), weight: 1 },
      ),
      query: queryArb(route, fx),
      headers: fc
        .tuple(headersArb(route, fx), contentTypeArb)
        .map(([headers, type]): HeaderSet => (type === undefined ? headers : { ...headers, 'content-type': type })),
      body: bodyArb(route, fx),
      bytes: isUpload ? bytesArb : fc.constant(undefined),
      setup: SETUPS[routeKey(route)] ? fc.option(fc.nat(), { nil: undefined, freq: 2 }) : fc.constant(undefined),
    })
  })
}

function pathOf(testCase: Case): string {
  const path = templateOf(testCase.key).replace(/:([A-Za-z]+)/g, (_, name: string) => testCase.params[name] ?? '')
  return testCase.trailingSlash ? `${path}/` : path
}

const CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const
const MAGIC: Record<(typeof CONTENT_TYPES)[number], number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'application/pdf': [...new TextEncoder().encode('%PDF-1.7\n')],
}

async function setupCall(core: SandboxCore, method: string, target: string, body?: unknown, bytes?: Uint8Array) {
  const url = new URL(target, 'http://sandbox.invalid')
  const response = await core.handle({
    method,
    path: url.pathname,
    query: parseQueryString(url.search.slice(1)),
    headers: { 'x-api-key': FUZZ_KEY, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: bytes ? new TextDecoder().decode(bytes) : body === undefined ? undefined : JSON.stringify(body),
    bytes,
  })
  if (response.kind !== 'reply' || response.status >= 500)
    throw new Error(
      `setup ${method} ${target} failed: ${JSON.stringify(response)}${logged.length > 0 ? `\nlogged:\n${logged.join('\n')}` : ''}`,
    )
  return response as { status: number; body: any }
}

/** The path's customer when it is one of FUZZ_KEY's tenant, else one picked by `n`. */
function customerFor(fx: Fixtures, request: PlainRequest, n: number): string {
  const inPath = /^\/platform\/v1\/customers\/([^/]+)/.exec(request.path)?.[1]
  return inPath && fx.customerIds.includes(inPath) ? inPath : fx.customerIds[n % fx.customerIds.length]!
}

/** Uploads `count` files for a customer; their ids (fewer when the customer's state refuses them). */
async function uploadedFiles(core: SandboxCore, customerId: string, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const { upload } = await newUpload(core, customerId, 'image/jpeg', 64, i === 0 ? 'passport' : 'selfie')
    if (!upload) continue
    const bytes = new Uint8Array(64).fill(0x20)
    bytes.set(MAGIC['image/jpeg'])
    const put = await setupCall(
      core,
      'PUT',
      `/platform/v1/uploads/${upload.uploadId}?token=${encodeURIComponent(upload.token)}`,
      undefined,
      bytes,
    )
    if (put.status === 200) ids.push(upload.uploadId)
  }
  return ids
}

async function newSessionToken(core: SandboxCore, fx: Fixtures, n: number): Promise<string | undefined> {
  const contact = fx.contacts[n % fx.contacts.length]!
  const created = await setupCall(core, 'POST', '/platform/v1/sessions', {
    externalCustomerId: `fuzz-setup-${n % 7}`,
    deviceIp: '203.0.113.9',
    ...contact,
  })
  return created.status === 201 ? (created.body.data.sessionToken as string) : undefined
}

type Setup = (core: SandboxCore, fx: Fixtures, request: PlainRequest, n: number) => Promise<void>

/**
 * Run-time preparation of a case, by route: real, fresh values the fuzzer could
 * not guess, so it also reaches the success paths after earlier cases (resets,
 * clock advances, revocations) made the fixtures stale.
 */
const SETUPS: Record<string, Setup> = {
  [UPLOAD_ROUTE]: async (core, fx, request, n) => {
    const contentType = CONTENT_TYPES[n % 3]!
    const { upload } = await newUpload(
      core,
      fx.customerIds[n % fx.customerIds.length]!,
      contentType,
      [1, 64, 1000, 1_000_000][(n >> 2) % 4],
    )
    if (!upload) return
    request.path = templateOf(UPLOAD_ROUTE).replace(':uploadId', upload.uploadId)
    request.query.token = upload.token
    if ((n >> 4) % 2 === 0) {
      const bytes = new Uint8Array(64).fill(0x20)
      bytes.set(MAGIC[contentType])
      request.bytes = bytes
    }
  },
  'POST /platform/v1/customers/:customerId/files/confirm': async (core, fx, request, n) => {
    const ids = await uploadedFiles(core, customerFor(fx, request, n), 1 + (n % 2))
    request.body = JSON.stringify({ uploadIds: ids })
  },
  'POST /platform/v1/customers/:customerId/export': async (core, fx, request, n) => {
    const customerId = customerFor(fx, request, n)
    try {
      const { consentToken } = await issueExportConsent(
        core.tenants.get(FUZZ_KEY.slice('sk_test_'.length), 'test'),
        customerId,
      )
      request.body = JSON.stringify({ consentToken })
    } catch {
      // The customer is gone (a reset): the case runs with its generated body.
    }
  },
  'POST /__sandbox/connections': async (core, fx, request, n) => {
    const sessionToken = await newSessionToken(core, fx, n)
    if (sessionToken) request.body = JSON.stringify({ sessionToken })
  },
  'DELETE /platform/v1/sessions': async (core, fx, request, n) => {
    const sessionToken = await newSessionToken(core, fx, n)
    if (!sessionToken) return
    if (n % 2 === 0) request.body = JSON.stringify({ sessionToken })
    else request.query.sessionToken = sessionToken
  },
}

/** Prepares what a case needs at run time, and builds its plain request. */
async function requestOf(core: SandboxCore, fx: Fixtures, testCase: Case): Promise<PlainRequest> {
  const request: PlainRequest = {
    method: testCase.method,
    path: pathOf(testCase),
    query: { ...testCase.query },
    headers: { ...testCase.headers },
    body: textOf(testCase.body),
  }
  if (testCase.bytes) request.bytes = testCase.bytes
  if (testCase.setup !== undefined) await SETUPS[testCase.key]?.(core, fx, request, testCase.setup)
  if (request.bytes) request.body = new TextDecoder().decode(request.bytes)
  return request
}

// ---------------------------------------------------------------------------
// The property

/** The route the core will run for a request, if any (HEAD runs GET routes). */
function routeOf(router: Router, method: string, path: string): Route | undefined {
  try {
    const match = router.match(method === 'HEAD' ? 'GET' : method, path)
    return match.kind === 'found' ? match.route : undefined
  } catch {
    return undefined
  }
}

/** Unexpected errors the core logged: their stacks explain a 5xx. */
const logged: unknown[] = []
const logger = (message: string, error: unknown) =>
  logged.push(error instanceof Error ? error.stack : `${message}: ${String(error)}`)

function describeRequest(request: PlainRequest): string {
  const clip = (text: string | undefined) =>
    text === undefined
      ? 'undefined'
      : text.length > 300
        ? `${JSON.stringify(text.slice(0, 300))}… (${text.length} chars)`
        : JSON.stringify(text)
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([k, v]) => [
      k,
      typeof v === 'string' && v.length > 120 ? `${v.slice(0, 120)}…` : v,
    ]),
  )
  return `${request.method} ${clip(request.path)} query=${clip(JSON.stringify(request.query))} headers=${JSON.stringify(headers)} body=${clip(request.body)}${request.bytes ? ` bytes=${request.bytes.length}` : ''}`
}

/** The property: a reply, never 5xx, 4xx are PlatformErrors, 2xx match the documented response. */
function checkAnswer(
  router: Router,
  request: Pick<PlainRequest, 'method' | 'path'>,
  status: number,
  body: unknown,
  context: () => string,
  bodiless = false,
): void {
  const why = () =>
    `${context()}\n→ ${status} ${JSON.stringify(body)?.slice(0, 500)}${logged.length > 0 ? `\nlogged:\n${logged.join('\n')}` : ''}`
  expect(status, why()).toBeGreaterThanOrEqual(200)
  expect(status, why()).toBeLessThan(500)
  if (bodiless) return
  if (status >= 400) {
    const parsed = PlatformError.safeParse(body)
    expect(parsed.success, `${why()}\n${parsed.error?.message}`).toBe(true)
    return
  }
  if (request.method === 'OPTIONS') return
  const route = routeOf(router, request.method, request.path)
  expect(route, `${why()}\na 2xx from no route`).toBeDefined()
  const documented = route!.responses[status]
  expect(documented, `${why()}\n${status} is not documented for ${routeKey(route!)}`).toBeDefined()
  if (documented?.schema && body !== undefined) {
    const parsed = documented.schema.safeParse(body)
    expect(parsed.success, `${why()}\n${parsed.error?.message}`).toBe(true)
  }
}

/** Statuses seen per route, to check the fuzzer reached every route and got past its authentication. */
function tally(counts: Map<string, Map<number, number>>, key: string, status: number) {
  const statuses = counts.get(key) ?? new Map<number, number>()
  statuses.set(status, (statuses.get(status) ?? 0) + 1)
  counts.set(key, statuses)
}

function expectCoverage(routes: Route[], counts: Map<string, Map<number, number>>, minimum: number) {
  const summary = routes.map((route) => {
    const statuses = counts.get(routeKey(route)) ?? new Map<number, number>()
    return {
      route: routeKey(route),
      total: [...statuses.values()].reduce((a, b) => a + b, 0),
      statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    }
  })
  if (process.env.FUZZ_REPORT)
    console.log(
      summary
        .map((s) => `${String(s.total).padStart(5)}  ${s.route.padEnd(55)} ${JSON.stringify(s.statuses)}`)
        .join('\n'),
    )
  for (const { route, total, statuses } of summary) {
    expect(total, `${route} was fuzzed ${total} times`).toBeGreaterThanOrEqual(minimum)
    const pastAuth = Object.entries(statuses).filter(([status]) => status !== '401').length
    expect(pastAuth, `${route} never got past authentication: ${JSON.stringify(statuses)}`).toBeGreaterThan(0)
  }
}

/** Disarms faults the fuzzer armed: the property allows no injected faults. */
async function disarm(
  send: (request: PlainRequest) => Promise<unknown>,
  request: PlainRequest,
  route: Route | undefined,
  status: number,
) {
  if (route && routeKey(route) === 'POST /__sandbox/faults' && status === 201) {
    await send({ method: 'DELETE', path: '/__sandbox/faults', query: {}, headers: request.headers })
  }
}

describe('platform and control APIs under garbage input', () => {
  let core: SandboxCore
  let router: Router
  let routes: Route[]
  let fx: Fixtures

  beforeAll(async () => {
    core = createSandboxCore({ seed: 1, journalSize: 100, logger })
    router = new Router(core.routes)
    routes = fuzzedRoutes(core.routes)
    fx = await prepare(core)
  })

  it('fuzzes every platform and control route of the table', () => {
    expect(routes.length).toBeGreaterThan(10)
    expect(routes.map(routeKey)).toContain('POST /platform/v1/quotes/buy')
    expect(routes.map(routeKey)).toContain(UPLOAD_ROUTE)
  })

  it(
    'never answers 5xx in-process, and every answer matches the contract',
    async () => {
      const counts = new Map<string, Map<number, number>>()
      await fc.assert(
        fc.asyncProperty(caseArb(routes, fx), async (testCase) => {
          const request = await requestOf(core, fx, testCase)
          const response: PlainResponse = await core.handle(request)
          expect(response.kind, describeRequest(request)).toBe('reply')
          if (response.kind !== 'reply') return
          checkAnswer(router, request, response.status, response.body, () => describeRequest(request))
          tally(counts, testCase.key, response.status)
          await disarm(
            async (r) => core.handle(r),
            request,
            routeOf(router, request.method, request.path),
            response.status,
          )
        }),
        { numRuns: 5000 * SCALE },
      )
      expectCoverage(routes, counts, 50)
    },
    FUZZ_TIMEOUT_MS,
  )

  describe('over HTTP', () => {
    let sandbox: RunningSandbox
    let httpFx: Fixtures
    let httpRouter: Router

    beforeAll(async () => {
      sandbox = await startServer({ port: 0, framesPort: 0, journalSize: 100, logger })
      httpFx = await prepare(sandbox.core)
      httpRouter = new Router(sandbox.core.routes)
    })
    afterAll(() => sandbox.close())

    /** Header values fetch can send: visible ASCII and spaces (no CR, LF or NUL), up to ~8 KB. */
    const headerText = fc.oneof(
      fc
        .string({
          unit: fc.constantFrom(...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i))),
          maxLength: 60,
        })
        .map((s) => s.trim()),
      fc.nat(8000).map((n) => 'h'.repeat(n)),
    )
    const extraHeaders = fc.dictionary(
      fc.oneof(
        fc.constantFrom('x-api-key', 'authorization', 'content-type', 'origin', 'accept', 'x-request-id', 'cookie'),
        fc.stringMatching(/^x-fuzz-[a-z0-9-]{1,20}$/),
      ),
      headerText,
      { maxKeys: 3 },
    )

    it(
      'never answers 5xx for random requests and headers',
      async () => {
        const cases = fc.tuple(caseArb(fuzzedRoutes(sandbox.core.routes), httpFx), extraHeaders, fc.boolean())
        await fc.assert(
          fc.asyncProperty(cases, async ([testCase, extra, extraFirst]) => {
            const safe = {
              ...testCase,
              method: /^(GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS)$/.test(testCase.method)
                ? testCase.method
                : methodOf(testCase.key),
            }
            const request = await requestOf(sandbox.core, httpFx, safe)
            const headers = new Headers()
            const put = (name: string, value: string | string[] | undefined) => {
              for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
                if (/^[\t\x20-\x7e\x80-\xff]*$/.test(one)) headers.append(name, one.trim())
              }
            }
            if (extraFirst) for (const [name, value] of Object.entries(extra)) put(name, value)
            for (const [name, value] of Object.entries(request.headers)) put(name, value)
            if (!extraFirst) for (const [name, value] of Object.entries(extra)) put(name, value)
            const search = new URLSearchParams()
            for (const [name, value] of Object.entries(request.query))
              for (const one of Array.isArray(value) ? value : [value]) search.append(name, one)
            // Paths go on the wire as valid URL text: the raw-garbage parameters are encoded.
            const path = request.path
              .split('/')
              .map((segment) => (/^[A-Za-z0-9._~%!$&'()*+,;=:@-]*$/.test(segment) ? segment : encode(segment)))
              .join('/')
            const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
            const response = await fetch(`${sandbox.apiUrl}${path}${search.size > 0 ? `?${search}` : ''}`, {
              method: request.method,
              headers,
              body: hasBody ? ((request.bytes as Uint8Array<ArrayBuffer> | undefined) ?? request.body) : undefined,
            })
            const text = await response.text()
            const context = () =>
              `HTTP ${describeRequest({ ...request, path })} extra=${JSON.stringify(Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, v.length > 80 ? `${v.slice(0, 80)}… (${v.length})` : v])))}`
            let body: unknown
            try {
              body = text.length > 0 ? JSON.parse(text) : undefined
            } catch {
              throw new Error(`${context()}\n→ ${response.status} not JSON: ${text.slice(0, 300)}`)
            }
            // Node's URL parser normalizes the path (e.g. `..`); check against what the server saw.
            const served = new URL(`${sandbox.apiUrl}${path}`).pathname
            checkAnswer(
              httpRouter,
              { method: request.method, path: served },
              response.status,
              body,
              context,
              request.method === 'HEAD',
            )
            await disarm(
              async (r) => sandbox.core.handle(r),
              request,
              routeOf(httpRouter, request.method, served),
              response.status,
            )
          }),
          { numRuns: 400 * SCALE },
        )
      },
      FUZZ_TIMEOUT_MS,
    )

    it('takes query parameters named like Object.prototype members as parameters, not as repeated ones', async () => {
      const headers = { authorization: `Bearer ${httpFx.accessToken}` }
      const list = await fetch(
        `${sandbox.apiUrl}/platform/v1/transactions?limit=2&constructor=x&toString=y&__proto__=z&hasOwnProperty=w`,
        { headers },
      )
      expect(list.status).toBe(200)
      const journal = await fetch(`${sandbox.apiUrl}/__sandbox/journal?kind=api&constructor=x&__proto__=y`, {
        headers: { 'x-api-key': BEARER_KEY },
      })
      expect(journal.status).toBe(200)
      const body = await journal.json()
      checkAnswer(
        httpRouter,
        { method: 'GET', path: '/__sandbox/journal' },
        journal.status,
        body,
        () => 'GET /__sandbox/journal',
      )
      const last = body.data.at(-1)
      expect(last.path).toBe('/platform/v1/transactions')
      expect(last.query).toEqual(
        JSON.parse('{"limit":"2","constructor":"x","toString":"y","__proto__":"z","hasOwnProperty":"w"}'),
      )
    })

    it('answers oversized headers with a platform error, not a dropped connection', async () => {
      const response = await fetch(`${sandbox.apiUrl}/platform/v1/transactions`, {
        headers: { authorization: `Bearer ${'t'.repeat(20_000)}` },
      })
      expect(response.status).toBe(431)
      expect(PlatformError.safeParse(await response.json()).success).toBe(true)
    })
  })
})

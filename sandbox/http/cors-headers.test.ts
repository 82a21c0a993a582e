import { describe, expect, it } from 'vitest'
import { customerId, requestUpload } from './routes/customer-test-kit.ts'
import { magic, platformAccount } from './routes/platform-test-kit.ts'
import { createSandboxCore } from './sandbox-core.ts'
import { send } from './test-request.ts'

/** Allowed by every tenant until its settings say otherwise (DEFAULT_ALLOWED_ORIGINS). */
const ALLOWED = 'http://localhost:5173'
/** Matched by no default pattern. */
const FOREIGN = 'https://evil.example'
/** Allowed only by tenants that list it. */
const PARTNER = 'https://app.partner.example'

const core = createSandboxCore({ seed: 1 })

/** Every `access-control-*` header of an answer. */
const corsHeadersOf = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('access-control-')))

/** A connected customer's access token (full scope) in a fresh account. */
async function bearer() {
  const account = platformAccount(core)
  const { connection } = await account.connect(magic.usNy)
  return { account, authorization: `Bearer ${connection.credentials.accessToken}` }
}

const preflight = (path: string, origin: string, method: string, requestHeaders = 'authorization') =>
  send(core, `OPTIONS ${path}`, {
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': requestHeaders },
  })

describe('CORS of Bearer client calls', () => {
  it('echo an allowed Origin with Vary: Origin', async () => {
    const { authorization } = await bearer()
    const response = await send(core, 'GET /platform/v1/payment-methods', {
      headers: { authorization, origin: ALLOWED },
    })
    expect(response.status).toBe(200)
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED)
    expect(response.headers.vary).toBe('Origin')
  })

  it('send no Access-Control-Allow-Origin to a foreign Origin', async () => {
    const { authorization } = await bearer()
    const response = await send(core, 'GET /platform/v1/payment-methods', {
      headers: { authorization, origin: FOREIGN },
    })
    expect(response.status).toBe(200)
    expect(corsHeadersOf(response.headers)).toEqual({})
    expect(response.headers.vary).toBe('Origin')
  })

  it("hold the call to its own tenant's allowed origins, not another tenant's", async () => {
    const { account, authorization } = await bearer()
    await send(core, 'PUT /__sandbox/settings', { headers: account.headers, body: { allowedOrigins: [PARTNER] } })
    const other = platformAccount(core)
    await send(core, 'PUT /__sandbox/settings', {
      headers: other.headers,
      body: { allowedOrigins: ['https://other.example'] },
    })
    const fromPartner = await send(core, 'GET /platform/v1/payment-methods', {
      headers: { authorization, origin: PARTNER },
    })
    const fromDefault = await send(core, 'GET /platform/v1/payment-methods', {
      headers: { authorization, origin: ALLOWED },
    })
    const fromOther = await send(core, 'GET /platform/v1/payment-methods', {
      headers: { authorization, origin: 'https://other.example' },
    })
    expect(fromPartner.headers['access-control-allow-origin']).toBe(PARTNER)
    expect(fromDefault.headers['access-control-allow-origin']).toBeUndefined()
    expect(fromOther.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('let an allowed page read the 401 of a tampered token, and a foreign page not', async () => {
    const { authorization } = await bearer()
    const tampered = `${authorization.slice(0, -3)}${authorization.endsWith('AAA') ? 'BBB' : 'AAA'}`
    const allowed = await send(core, 'GET /platform/v1/payment-methods', {
      headers: { authorization: tampered, origin: ALLOWED },
    })
    const foreign = await send(core, 'GET /platform/v1/payment-methods', {
      headers: { authorization: tampered, origin: FOREIGN },
    })
    expect(allowed.status).toBe(401)
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED)
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('CORS of the widget API', () => {
  it('echoes an allowed Origin with Vary: Origin', async () => {
    const response = await send(core, 'GET /v3/currencies?apiKey=pk_test_corswidget', { headers: { origin: ALLOWED } })
    expect(response.status).toBe(200)
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED)
    expect(response.headers.vary).toBe('Origin')
  })

  it('sends no Access-Control-Allow-Origin to a foreign Origin', async () => {
    const response = await send(core, 'GET /v3/currencies?apiKey=pk_test_corswidget', { headers: { origin: FOREIGN } })
    expect(corsHeadersOf(response.headers)).toEqual({})
  })

  it("follows the publishable key's tenant settings", async () => {
    await send(core, 'PUT /__sandbox/settings', {
      headers: { 'x-api-key': 'sk_test_corswidget2' },
      body: { allowedOrigins: [PARTNER] },
    })
    const partner = await send(core, 'GET /v3/currencies?apiKey=pk_test_corswidget2', { headers: { origin: PARTNER } })
    const localhost = await send(core, 'GET /v3/currencies?apiKey=pk_test_corswidget2', {
      headers: { origin: ALLOWED },
    })
    expect(partner.headers['access-control-allow-origin']).toBe(PARTNER)
    expect(localhost.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('sends Vary: Origin also to a request without Origin, so caches keep the answers apart', async () => {
    const response = await send(core, 'GET /v3/currencies?apiKey=pk_test_corswidget')
    expect(response.headers.vary).toBe('Origin')
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('CORS of secret-key and control routes', () => {
  it('sends no CORS header on a secret-key route, even to an allowed Origin', async () => {
    const response = await send(core, 'POST /platform/v1/sessions', {
      headers: { 'x-api-key': 'sk_test_corssecret', origin: ALLOWED },
      body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7' },
    })
    expect(response.status).toBe(201)
    expect(corsHeadersOf(response.headers)).toEqual({})
  })

  it('sends no CORS header on the Customer API, even to an allowed Origin', async () => {
    const id = await customerId(core, 'corssecret', magic.usNy.email)
    const response = await send(core, `GET /platform/v1/customers/${id}`, {
      headers: { 'x-api-key': 'sk_test_corssecret', origin: ALLOWED },
    })
    expect(response.status).toBe(200)
    expect(corsHeadersOf(response.headers)).toEqual({})
  })

  it('sends no CORS header on the control API, even to an allowed Origin', async () => {
    for (const line of ['GET /__sandbox/journal', 'GET /__sandbox/fixtures', 'POST /__sandbox/reset']) {
      const response = await send(core, line, { headers: { 'x-api-key': 'sk_test_sandbox', origin: ALLOWED } })
      expect(response.status, line).toBe(200)
      expect(corsHeadersOf(response.headers), line).toEqual({})
    }
  })

  it('sends no CORS header on a refused control call either', async () => {
    const response = await send(core, 'GET /__sandbox/journal', { headers: { origin: ALLOWED } })
    expect(response.status).toBe(401)
    expect(corsHeadersOf(response.headers)).toEqual({})
  })
})

describe('CORS preflights', () => {
  it('allow a Bearer call from an origin the default patterns match: its method, Authorization and Content-Type, never X-Api-Key', async () => {
    const response = await preflight('/platform/v1/quotes/buy', ALLOWED, 'POST', 'authorization, content-type')
    expect(response.status).toBe(204)
    expect(corsHeadersOf(response.headers)).toEqual({
      'access-control-allow-origin': ALLOWED,
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'authorization, content-type',
      'access-control-max-age': '600',
    })
    expect(response.headers.vary).toContain('Origin')
  })

  it('refuse a Bearer call from an origin no tenant allows', async () => {
    const response = await preflight('/platform/v1/payment-methods', 'https://nobody.example', 'GET')
    expect(response.status).toBe(204)
    expect(corsHeadersOf(response.headers)).toEqual({})
  })

  it('allow a Bearer call from an origin some provisioned tenant allows (the token, and so the tenant, is not on a preflight)', async () => {
    const origin = 'https://preflight.partner.example'
    expect(corsHeadersOf((await preflight('/platform/v1/payment-methods', origin, 'GET')).headers)).toEqual({})
    const account = platformAccount(core)
    await send(core, 'PUT /__sandbox/settings', { headers: account.headers, body: { allowedOrigins: [origin] } })
    expect(
      (await preflight('/platform/v1/payment-methods', origin, 'GET')).headers['access-control-allow-origin'],
    ).toBe(origin)
    await send(core, 'POST /__sandbox/reset', { headers: account.headers })
    expect(corsHeadersOf((await preflight('/platform/v1/payment-methods', origin, 'GET')).headers)).toEqual({})
  })

  it('answer a secret-key route without any CORS header, even for an allowed origin', async () => {
    const response = await preflight('/platform/v1/sessions', ALLOWED, 'POST', 'x-api-key, content-type')
    expect(response.status).toBe(204)
    expect(corsHeadersOf(response.headers)).toEqual({})
  })

  it('answer the control API without any CORS header, even for an allowed origin', async () => {
    for (const [path, method] of [
      ['/__sandbox/journal', 'GET'],
      ['/__sandbox/reset', 'POST'],
      ['/__sandbox/faults', 'POST'],
    ] as const) {
      const response = await preflight(path, ALLOWED, method, 'x-api-key')
      expect(corsHeadersOf(response.headers), path).toEqual({})
    }
  })

  it('judge a widget call by the tenant its apiKey names, when that tenant exists', async () => {
    await send(core, 'PUT /__sandbox/settings', {
      headers: { 'x-api-key': 'sk_test_corspre' },
      body: { allowedOrigins: [PARTNER] },
    })
    const partner = await preflight('/v3/currencies?apiKey=pk_test_corspre', PARTNER, 'GET', 'x-custom')
    const localhost = await preflight('/v3/currencies?apiKey=pk_test_corspre', ALLOWED, 'GET', 'x-custom')
    expect(partner.headers['access-control-allow-origin']).toBe(PARTNER)
    expect(localhost.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('allow nothing for a method the path does not take', async () => {
    const response = await preflight('/platform/v1/payment-methods', ALLOWED, 'PUT')
    expect(response.status).toBe(204)
    expect(corsHeadersOf(response.headers)).toEqual({})
  })

  it('answer 404 on an unknown path', async () => {
    expect((await preflight('/platform/v1/nowhere', ALLOWED, 'GET')).status).toBe(404)
  })
})

describe('CORS of public and upload routes', () => {
  it('lets any origin read the OpenAPI document (public, no tenant data)', async () => {
    const response = await send(core, 'GET /openapi.json', { headers: { origin: FOREIGN } })
    expect(response.headers['access-control-allow-origin']).toBe('*')
  })

  it('sends no CORS header on the index', async () => {
    const response = await send(core, 'GET /', { headers: { origin: ALLOWED } })
    expect(corsHeadersOf(response.headers)).toEqual({})
  })

  it('judges an upload by the origins of the tenant its token names', async () => {
    const account = platformAccount(core)
    const id = await customerId(core, account.account, magic.usNy.email)
    const { uploadUrl } = await requestUpload(core, account.headers, id, 'passport')
    await send(core, 'PUT /__sandbox/settings', { headers: account.headers, body: { allowedOrigins: [PARTNER] } })
    const path = new URL(uploadUrl, 'http://sandbox.invalid')
    const target = `${path.pathname}${path.search}`
    const allowed = await preflight(target, PARTNER, 'PUT', 'content-type')
    const foreign = await preflight(target, ALLOWED, 'PUT', 'content-type')
    expect(allowed.headers['access-control-allow-origin']).toBe(PARTNER)
    expect(allowed.headers['access-control-allow-headers']).toBe('content-type')
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined()
    const put = await send(core, `PUT ${target}`, {
      headers: { origin: PARTNER, 'content-type': 'image/jpeg' },
      body: '\u00ff',
    })
    expect(put.headers['access-control-allow-origin']).toBe(PARTNER)
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { CountryList, IpAddressCheck, TenantFixtures, WidgetError } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'

let core: SandboxCore

beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

describe('GET /v3/countries', () => {
  it('lists countries matching the contract without a key', async () => {
    const response = await send(core, 'GET /v3/countries')
    expect(response.status).toBe(200)
    expect(conforms(CountryList, response.body).map((c) => c.alpha2)).toContain('US')
  })

  it('marks a restricted country not allowed', async () => {
    const list = conforms(CountryList, (await send(core, 'GET /v3/countries')).body)
    expect(list.find((c) => c.alpha3 === 'CUB')).toMatchObject({
      isAllowed: false,
      isBuyAllowed: false,
      isSellAllowed: false,
      supportedDocuments: [],
    })
  })

  it('answers the same list for another seed', async () => {
    const other = createSandboxCore({ seed: 2 })
    expect((await send(other, 'GET /v3/countries')).json).toBe((await send(core, 'GET /v3/countries')).json)
  })

  it('lets any origin read it', async () => {
    const response = await send(core, 'GET /v3/countries', { headers: { origin: 'https://partner.example' } })
    expect(response.headers['access-control-allow-origin']).toBe('*')
  })
})

describe('GET /v3/ip_address', () => {
  it('answers a restricted country for an address in 198.51.100.0/24', async () => {
    const response = await send(core, 'GET /v3/ip_address?apiKey=pk_test_data1&ipAddress=198.51.100.7')
    expect(response.status).toBe(200)
    expect(conforms(IpAddressCheck, response.body)).toEqual({
      alpha2: 'CU',
      alpha3: 'CUB',
      country: 'Cuba',
      state: null,
      ipAddress: '198.51.100.7',
      isAllowed: false,
      isBuyAllowed: false,
      isSellAllowed: false,
      isNftAllowed: false,
    })
  })

  it('answers an allowed US state for an address in 203.0.113.64/26', async () => {
    const body = conforms(
      IpAddressCheck,
      (await send(core, 'GET /v3/ip_address?apiKey=pk_test_data2&ipAddress=203.0.113.70')).body,
    )
    expect(body).toMatchObject({ alpha2: 'US', state: 'WA', isAllowed: true, isBuyAllowed: true, isSellAllowed: true })
  })

  it("checks the caller's address when ipAddress is absent", async () => {
    const response = await send(core, 'GET /v3/ip_address?apiKey=pk_test_data3', {
      remoteAddress: '::ffff:203.0.113.200',
    })
    expect(conforms(IpAddressCheck, response.body)).toMatchObject({
      ipAddress: '203.0.113.200',
      state: 'HI',
      isAllowed: false,
    })
  })

  it('answers 127.0.0.1, allowed, when the request carries no address', async () => {
    const body = conforms(IpAddressCheck, (await send(core, 'GET /v3/ip_address?apiKey=pk_test_data4')).body)
    expect(body).toMatchObject({ ipAddress: '127.0.0.1', alpha3: 'USA', state: null, isAllowed: true })
  })

  it('answers 400 naming ipAddress when it is no address', async () => {
    const response = await send(core, 'GET /v3/ip_address?apiKey=pk_test_data5&ipAddress=300.1.2.3')
    expect(response.status).toBe(400)
    expect(conforms(WidgetError, response.body)).toEqual({
      message: 'ipAddress must be an IPv4 or IPv6 address',
      type: 'BadRequestError',
    })
  })

  it('answers 401 in the widget shape without an apiKey', async () => {
    const response = await send(core, 'GET /v3/ip_address?ipAddress=192.0.2.1')
    expect(response.status).toBe(401)
    expect(conforms(WidgetError, response.body).type).toBe('UnauthorizedError')
  })
})

describe('GET /v3/ip_address in the tenant machinery', () => {
  it('journals the call with its answer', async () => {
    await send(core, 'GET /v3/ip_address?apiKey=pk_test_data8&ipAddress=192.0.2.1')
    const journal = await send(core, 'GET /__sandbox/journal?kind=api', { headers: { 'x-api-key': 'sk_test_data8' } })
    const entries = (journal.body as { data: { path: string; status: number; responseBody?: { alpha3?: string } }[] })
      .data
    expect(entries.find((e) => e.path === '/v3/ip_address')).toMatchObject({
      status: 200,
      responseBody: { alpha3: 'USA' },
    })
  })

  it('answers an injected fault in the widget shape', async () => {
    const headers = { 'x-api-key': 'sk_test_data9' }
    await send(core, 'POST /__sandbox/faults', {
      headers,
      body: { method: 'GET', path: '/v4/ip_address', status: 503 },
    })
    const response = await send(core, 'GET /v4/ip_address?apiKey=pk_test_data9')
    expect(response.status).toBe(503)
    expect(conforms(WidgetError, response.body).type).toEqual(expect.any(String))
  })
})

describe('GET /v4/ip_address', () => {
  it('answers as /v3 does', async () => {
    const v3 = await send(core, 'GET /v3/ip_address?apiKey=pk_test_data6&ipAddress=2001:db8:1::5')
    const v4 = await send(core, 'GET /v4/ip_address?apiKey=pk_test_data6&ipAddress=2001:db8:1::5')
    expect(v4.status).toBe(200)
    expect(v4.body).toEqual(v3.body)
  })

  it('answers 401 in the widget shape without an apiKey', async () => {
    const response = await send(core, 'GET /v4/ip_address')
    expect(conforms(WidgetError, response.body)).toEqual({
      message: 'apiKey query parameter is required',
      type: 'UnauthorizedError',
    })
  })
})

describe('GET /__sandbox/fixtures', () => {
  it('lists the IP map', async () => {
    const response = await send(core, 'GET /__sandbox/fixtures', { headers: { 'x-api-key': 'sk_test_data7' } })
    const { ipRanges } = conforms(TenantFixtures, (response.body as { data: unknown }).data)
    expect(ipRanges).toContainEqual(
      expect.objectContaining({ range: '198.51.100.0/26', alpha3: 'CUB', isAllowed: false }),
    )
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  ClockState,
  Fault,
  JournalEntry,
  PlatformError,
  SellQuote,
  TenantFixtures,
  TenantSettings,
  WidgetError,
  dataOf,
} from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import { peekToken } from '#portable/peek-token.ts'
import { magic, platformAccount } from './platform-test-kit.ts'

let core: SandboxCore
let suffix = 0
/** A fresh account per test, as `{pk, sk}`. */
function freshAccount() {
  const account = `control${++suffix}`
  return { pk: `pk_test_${account}`, sk: `sk_test_${account}`, headers: { 'x-api-key': `sk_test_${account}` } }
}

beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

const sellQuote = (pk: string) =>
  send(core, `GET /v3/currencies/eth/sell_quote?apiKey=${pk}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5`)

describe('control API authentication', () => {
  it('answers 401 without a key', async () => {
    const response = await send(core, 'GET /__sandbox/clock')
    expect(response.status).toBe(401)
    expect(conforms(PlatformError, response.body).code).toBe('unauthorized')
  })

  it('refuses a publishable key', async () => {
    const response = await send(core, 'GET /__sandbox/clock', { headers: { 'x-api-key': 'pk_test_sandbox' } })
    expect(response.status).toBe(401)
    expect(conforms(PlatformError, response.body).message).toBe('X-Api-Key header must be a secret key (sk_...)')
  })

  it('accepts Authorization: Api-Key', async () => {
    const response = await send(core, 'GET /__sandbox/clock', { headers: { authorization: 'Api-Key sk_test_sandbox' } })
    expect(response.status).toBe(200)
  })
})

describe('POST /__sandbox/clock/advance', () => {
  it('moves the tenant clock', async () => {
    const { headers } = freshAccount()
    const response = await send(core, 'POST /__sandbox/clock/advance', { headers, body: { by: '1h30m' } })
    expect(response.status).toBe(200)
    expect(conforms(dataOf(ClockState), response.body).data).toMatchObject({
      now: '2026-01-01T01:30:00.000Z',
      advancedMs: 5_400_000,
    })
    const clock = conforms(dataOf(ClockState), (await send(core, 'GET /__sandbox/clock', { headers })).body)
    expect(clock.data.now).toBe('2026-01-01T01:30:00.000Z')
  })

  it('refuses an advance past 9999-01-01, and at that instant sessions and their expiries still serialise', async () => {
    const late = createSandboxCore({ clockStart: '9998-01-02T00:00:00.000Z' })
    const headers = { 'x-api-key': 'sk_test_lateclock' }
    const refused = await send(late, 'POST /__sandbox/clock/advance', { headers, body: { by: '366d' } })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(
        /^by would move the clock past 9999-01-01T00:00:00.000Z, the last instant it may reach/,
      ),
    })
    expect((await send(late, 'POST /__sandbox/clock/advance', { headers, body: { by: '364d' } })).status).toBe(200)
    const session = await send(late, 'POST /platform/v1/sessions', {
      headers,
      body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7' },
    })
    expect(session.status).toBe(201)
    expect((await send(late, 'POST /__sandbox/clock/advance', { headers, body: { by: '1ms' } })).status).toBe(400)
  })

  it('refuses a duration it cannot read, naming the field', async () => {
    const { headers } = freshAccount()
    const response = await send(core, 'POST /__sandbox/clock/advance', { headers, body: { by: 'soon' } })
    expect(response.status).toBe(400)
    expect(conforms(PlatformError, response.body).errors).toEqual([
      { field: 'by', message: 'by must be a duration such as 30s, 5m, 1h30m or 250ms' },
    ])
  })

  it('refuses a body that is not JSON', async () => {
    const { headers } = freshAccount()
    const response = await send(core, 'POST /__sandbox/clock/advance', { headers, body: '{by:' })
    expect(response.status).toBe(400)
    expect(conforms(PlatformError, response.body).errors).toEqual([
      { field: 'body', message: 'body must be valid JSON' },
    ])
  })

  it('refuses unknown fields', async () => {
    const { headers } = freshAccount()
    const response = await send(core, 'POST /__sandbox/clock/advance', { headers, body: { by: '1s', until: 'x' } })
    expect(conforms(PlatformError, response.body).errors?.[0]).toEqual({
      field: 'until',
      message: 'until is not a known field',
    })
  })
})

describe('GET /__sandbox/journal', () => {
  it('records each API call with its status, in order', async () => {
    const { pk, headers } = freshAccount()
    await sellQuote(pk)
    await send(core, `GET /v3/currencies/nope/sell_quote?apiKey=${pk}&quoteCurrencyCode=usd&baseCurrencyAmount=1`)
    const journal = conforms(
      dataOf(z.array(JournalEntry)),
      (await send(core, 'GET /__sandbox/journal?kind=api', { headers })).body,
    )
    expect(journal.data.map((e) => (e.kind === 'api' ? `${e.status} ${e.path}` : e.event))).toEqual([
      '200 /v3/currencies/eth/sell_quote',
      '404 /v3/currencies/nope/sell_quote',
    ])
    const first = journal.data[0]!
    expect(first.kind === 'api' && conforms(SellQuote, first.responseBody).baseCurrencyCode).toBe('eth')
  })

  it('names the session whose access token made a platform call', async () => {
    const account = platformAccount(core)
    const { connection } = await account.connect(magic.usNy)
    await send(core, 'GET /platform/v1/payment-methods', {
      headers: { authorization: `Bearer ${connection.credentials.accessToken}` },
    })
    const journal = conforms(
      dataOf(z.array(JournalEntry)),
      (await send(core, 'GET /__sandbox/journal?kind=api', { headers: account.headers })).body,
    )
    const [session, , methods] = journal.data
    expect(session).toMatchObject({ path: '/platform/v1/sessions' })
    expect(session!.kind === 'api' && session!.session).toBeUndefined()
    expect(methods).toMatchObject({
      path: '/platform/v1/payment-methods',
      status: 200,
      session: peekToken(connection.credentials.accessToken)!.session,
    })
  })

  it('lists entries after a seq', async () => {
    const { pk, headers } = freshAccount()
    await sellQuote(pk)
    await sellQuote(pk)
    const journal = conforms(
      dataOf(z.array(JournalEntry)),
      (await send(core, 'GET /__sandbox/journal?since=1', { headers })).body,
    )
    expect(journal.data.map((e) => e.seq)).toEqual([2])
  })

  it('records state changes as noun:verb events', async () => {
    const { headers } = freshAccount()
    await send(core, 'POST /__sandbox/clock/advance', { headers, body: { by: '30s' } })
    const journal = conforms(
      dataOf(z.array(JournalEntry)),
      (await send(core, 'GET /__sandbox/journal?kind=state', { headers })).body,
    )
    expect(journal.data).toEqual([
      expect.objectContaining({ event: 'clock:advanced', detail: { byMs: 30_000, firedTimers: 0 } }),
    ])
  })

  it('refuses an unknown kind', async () => {
    const { headers } = freshAccount()
    const response = await send(core, 'GET /__sandbox/journal?kind=everything', { headers })
    expect(response.status).toBe(400)
    expect(conforms(PlatformError, response.body).errors?.[0]?.field).toBe('kind')
  })
})

describe('POST /__sandbox/faults', () => {
  it('answers the injected status in the API family shape, N times', async () => {
    const { pk, headers } = freshAccount()
    const armed = await send(core, 'POST /__sandbox/faults', {
      headers,
      body: { method: 'GET', path: '/v3/currencies/*/sell_quote', times: 1, status: 503 },
    })
    expect(armed.status).toBe(201)
    expect(conforms(dataOf(Fault), armed.body).data.remaining).toBe(1)
    const faulted = await sellQuote(pk)
    expect(faulted.status).toBe(503)
    expect(faulted.headers['retry-after']).toBe('1')
    expect(conforms(WidgetError, faulted.body).type).toBe('InternalServerError')
    expect((await sellQuote(pk)).status).toBe(200)
  })

  it('drops the connection for a network error', async () => {
    const { pk, headers } = freshAccount()
    await send(core, 'POST /__sandbox/faults', { headers, body: { path: '/v3/currencies', networkError: true } })
    const response = await core.handle({ method: 'GET', path: '/v3/currencies', query: { apiKey: pk }, headers: {} })
    expect(response.kind).toBe('network-error')
  })

  it('delays the answer by latencyMs and then answers normally', async () => {
    const { pk, headers } = freshAccount()
    await send(core, 'POST /__sandbox/faults', {
      headers,
      body: { path: '/v3/currencies/eth/sell_quote', latencyMs: 5 },
    })
    expect((await sellQuote(pk)).status).toBe(200)
    const journal = conforms(
      dataOf(z.array(JournalEntry)),
      (await send(core, 'GET /__sandbox/journal?kind=api', { headers })).body,
    )
    expect(journal.data.at(-1)).toMatchObject({ path: '/v3/currencies/eth/sell_quote', status: 200, fault: 'fault_1' })
  })

  it('names the field of an invalid fault', async () => {
    const { headers } = freshAccount()
    const response = await send(core, 'POST /__sandbox/faults', { headers, body: { path: '/x', status: 600 } })
    expect(conforms(PlatformError, response.body).errors).toEqual([
      { field: 'status', message: 'status must be at most 599' },
    ])
  })

  it('disarms every fault on DELETE', async () => {
    const { pk, headers } = freshAccount()
    await send(core, 'POST /__sandbox/faults', { headers, body: { path: '/v3/**', times: 5, status: 500 } })
    expect((await send(core, 'DELETE /__sandbox/faults', { headers })).status).toBe(204)
    expect((await sellQuote(pk)).status).toBe(200)
  })
})

describe('PUT /__sandbox/settings', () => {
  it('changes the default extra fee used by quotes', async () => {
    const { pk, headers } = freshAccount()
    const response = await send(core, 'PUT /__sandbox/settings', { headers, body: { defaultExtraFeePercentage: 0 } })
    expect(conforms(dataOf(TenantSettings), response.body).data.defaultExtraFeePercentage).toBe(0)
    expect(conforms(SellQuote, (await sellQuote(pk)).body).extraFeeAmount).toBe(0)
  })

  it('turns Google Pay availability off and back on, keeping the other settings', async () => {
    const { headers } = freshAccount()
    const off = conforms(
      dataOf(TenantSettings),
      (await send(core, 'PUT /__sandbox/settings', { headers, body: { googlePayAvailable: false } })).body,
    ).data
    expect(off.googlePayAvailable).toBe(false)
    const on = conforms(
      dataOf(TenantSettings),
      (await send(core, 'PUT /__sandbox/settings', { headers, body: { defaultExtraFeePercentage: 0 } })).body,
    ).data
    expect(on).toMatchObject({ googlePayAvailable: false, defaultExtraFeePercentage: 0 })
    expect(
      conforms(
        dataOf(TenantSettings),
        (await send(core, 'PUT /__sandbox/settings', { headers, body: { googlePayAvailable: true } })).body,
      ).data.googlePayAvailable,
    ).toBe(true)
  })

  it('shows when *_updated webhooks fire, everyChange without a failure by default, and keeps what PUT chose (decision 0090)', async () => {
    const { headers } = freshAccount()
    const read = async () =>
      conforms(dataOf(TenantSettings), (await send(core, 'GET /__sandbox/settings', { headers })).body).data
    expect(await read()).toMatchObject({ webhookUpdatedEvents: 'everyChange', webhookUpdatedOnFailure: false })
    expect(
      (
        await send(core, 'PUT /__sandbox/settings', {
          headers,
          body: { webhookUpdatedEvents: 'statusChange', webhookUpdatedOnFailure: true },
        })
      ).status,
    ).toBe(200)
    expect(
      (await send(core, 'PUT /__sandbox/settings', { headers, body: { defaultExtraFeePercentage: 0 } })).status,
    ).toBe(200)
    expect(await read()).toMatchObject({ webhookUpdatedEvents: 'statusChange', webhookUpdatedOnFailure: true })
  })

  it.each([
    [
      { webhookUpdatedEvents: 'statusChanges' },
      'webhookUpdatedEvents',
      /webhookUpdatedEvents must be everyChange .* or statusChange/,
    ],
    [{ webhookUpdatedOnFailure: 'yes' }, 'webhookUpdatedOnFailure', /webhookUpdatedOnFailure must be true or false/],
  ])('refuses %j with a 400 naming the field and its values', async (body, field, message) => {
    const { headers } = freshAccount()
    const response = await send(core, 'PUT /__sandbox/settings', { headers, body })
    expect(response.status).toBe(400)
    const error = conforms(PlatformError, response.body).errors?.[0]
    expect(error?.field).toBe(field)
    expect(error?.message).toMatch(message)
  })

  it('refuses a googlePayAvailable that is not a boolean, naming it', async () => {
    const { headers } = freshAccount()
    const response = await send(core, 'PUT /__sandbox/settings', { headers, body: { googlePayAvailable: 'no' } })
    expect(response.status).toBe(400)
    expect(conforms(PlatformError, response.body).errors?.[0]?.field).toBe('googlePayAvailable')
  })

  it('refuses an origin that is not an origin', async () => {
    const { headers } = freshAccount()
    const response = await send(core, 'PUT /__sandbox/settings', {
      headers,
      body: { allowedOrigins: ['javascript:alert(1)'] },
    })
    expect(response.status).toBe(400)
    expect(conforms(PlatformError, response.body).errors?.[0]?.field).toBe('allowedOrigins.0')
  })
})

describe('POST /__sandbox/reset', () => {
  it('restores the clock, journal, faults and settings', async () => {
    const { pk, headers } = freshAccount()
    await send(core, 'POST /__sandbox/clock/advance', { headers, body: { by: '1d' } })
    await send(core, 'POST /__sandbox/faults', { headers, body: { path: '/v3/**', times: 5, status: 500 } })
    await send(core, 'PUT /__sandbox/settings', { headers, body: { defaultExtraFeePercentage: 9 } })
    expect((await send(core, 'POST /__sandbox/reset', { headers })).status).toBe(200)
    const fixtures = conforms(
      dataOf(TenantFixtures),
      (await send(core, 'GET /__sandbox/fixtures', { headers })).body,
    ).data
    expect(fixtures.clock.now).toBe('2026-01-01T00:00:00.000Z')
    expect(fixtures.settings.defaultExtraFeePercentage).not.toBe(9)
    expect((await sellQuote(pk)).status).toBe(200)
    const journal = conforms(
      dataOf(z.array(JournalEntry)),
      (await send(core, 'GET /__sandbox/journal', { headers })).body,
    )
    expect(journal.data.map((e) => (e.kind === 'api' ? e.path : e.event))).toEqual([
      'tenant:reset',
      '/__sandbox/reset',
      '/v3/currencies/eth/sell_quote',
    ])
  })
})

describe('GET /__sandbox/fixtures', () => {
  it("lists the tenant's keys, settings, currencies and prices", async () => {
    const { headers } = freshAccount()
    const fixtures = conforms(
      dataOf(TenantFixtures),
      (await send(core, 'GET /__sandbox/fixtures', { headers })).body,
    ).data
    expect(fixtures.keys).toEqual({ publishable: `pk_test_control${suffix}`, secret: `sk_test_control${suffix}` })
    expect(fixtures.currencies.length).toBe(core.catalog.currencies.length)
    expect(fixtures.customers.map((c) => c.email)).toContain('active.us-ny@sandbox.test')
    expect(fixtures.triggers).toEqual(
      expect.arrayContaining([expect.objectContaining({ amount: 48 }), expect.objectContaining({ amount: 49 })]),
    )
  })

  it('lists the sandbox triggers at their amounts with 13 cents, the spec ones at 48 and 49', async () => {
    const { headers } = freshAccount()
    const fixtures = conforms(
      dataOf(TenantFixtures),
      (await send(core, 'GET /__sandbox/fixtures', { headers })).body,
    ).data
    expect(fixtures.triggers.map((t) => [t.amount, t.source])).toEqual([
      [41.13, 'sandbox'],
      [42.13, 'sandbox'],
      [43.13, 'sandbox'],
      [44.13, 'sandbox'],
      [45.13, 'sandbox'],
      [46.13, 'sandbox'],
      [47.13, 'sandbox'],
      [48, 'spec'],
      [49, 'spec'],
      [50.13, 'sandbox'],
      [51.13, 'sandbox'],
      [52.13, 'sandbox'],
    ])
  })
})

describe('tenant isolation', () => {
  it('keeps clocks apart', async () => {
    const a = freshAccount()
    const b = freshAccount()
    await send(core, 'POST /__sandbox/clock/advance', { headers: a.headers, body: { by: '2h' } })
    const clock = conforms(dataOf(ClockState), (await send(core, 'GET /__sandbox/clock', { headers: b.headers })).body)
    expect(clock.data.now).toBe('2026-01-01T00:00:00.000Z')
  })

  it('keeps journals apart', async () => {
    const a = freshAccount()
    const b = freshAccount()
    await sellQuote(a.pk)
    const journal = conforms(
      dataOf(z.array(JournalEntry)),
      (await send(core, 'GET /__sandbox/journal', { headers: b.headers })).body,
    )
    expect(journal.data).toEqual([])
  })

  it('keeps faults apart', async () => {
    const a = freshAccount()
    const b = freshAccount()
    await send(core, 'POST /__sandbox/faults', { headers: a.headers, body: { path: '/v3/**', times: 10, status: 500 } })
    expect((await sellQuote(b.pk)).status).toBe(200)
    expect((await sellQuote(a.pk)).status).toBe(500)
  })

  it('keeps test and live modes of one account apart', async () => {
    await send(core, 'POST /__sandbox/clock/advance', { headers: { 'x-api-key': 'sk_test_modes' }, body: { by: '1h' } })
    const live = conforms(
      dataOf(ClockState),
      (await send(core, 'GET /__sandbox/clock', { headers: { 'x-api-key': 'sk_live_modes' } })).body,
    )
    expect(live.data.now).toBe('2026-01-01T00:00:00.000Z')
  })
})

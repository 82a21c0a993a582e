import { beforeAll, describe, expect, it } from 'vitest'
import { demoRoutes } from '#demo/demo-routes.ts'
import { runEffect } from '#frames/effects/index.ts'
import { resolveFrameContext } from '#frames/effects/frame-context.ts'
import { framesHandler } from '#frames/server/frames-test-kit.ts'
import { framesClient } from '#frames/server/frames-test-kit.ts'
import { internalValuesIn } from './internal-values-test-kit.ts'
import type { PlainReply } from './plain-http.ts'
import { magic, platformAccount } from './routes/platform-test-kit.ts'
import { createSandboxCore } from './sandbox-core.ts'
import { send } from './test-request.ts'

/**
 * Every name a plain object answers without owning it: a dispatcher that looks an outside name up on a plain object
 * finds these (`constructor` is `Object`, which hands back the frame context it is called with, secrets and all).
 */
const PROTOTYPE_NAMES = [
  ...new Set([
    ...Object.getOwnPropertyNames(Object.prototype),
    ...Object.getOwnPropertyNames(Function.prototype),
    'prototype',
    '__proto__',
  ]),
]

const SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90'
const BOOT_ID = 'boot-prototype-names'
const core = createSandboxCore({
  secret: SECRET,
  bootId: BOOT_ID,
  origins: { api: 'http://127.0.0.1:4010', frames: 'http://127.0.0.1:4011' },
})
const frames = framesHandler(core)

/** Fails unless the answer is a 4xx holding nothing internal. */
function expectRefused(reply: PlainReply, what: string): void {
  expect
    .soft(reply.status, `${what} answered ${reply.status}: ${JSON.stringify(reply.body)}`)
    .toBeGreaterThanOrEqual(400)
  expect.soft(reply.status, `${what} answered ${reply.status}: ${JSON.stringify(reply.body)}`).toBeLessThan(500)
  expect.soft(internalValuesIn(core, reply.body), what).toEqual([])
}

const { call: framesCall, ticketOf: pageTicket } = framesClient(frames)
const ticketOf = (frame: string, query: Record<string, string>) => pageTicket(frame, query, 'proto-1')

describe('a name from outside that only Object.prototype holds', () => {
  const account = platformAccount(core)
  const publishable = `pk_test_${account.account}`
  let resetTicket: string
  let buyTicket: string
  let accessToken: string

  beforeAll(async () => {
    const { connection } = await account.connect(magic.usNy)
    accessToken = connection.credentials.accessToken
    resetTicket = await ticketOf('reset', { apiKey: publishable })
    buyTicket = await ticketOf('buy', { clientToken: connection.credentials.clientToken, quote: 'x' }).catch(() =>
      ticketOf('apple-pay', { clientToken: connection.credentials.clientToken, quote: 'x' }),
    )
  }, 60_000)

  it('is no frame effect: 400 naming the type its path gives, from a served frame', async () => {
    for (const name of PROTOTYPE_NAMES) {
      for (const ticket of [resetTicket, buyTicket]) {
        const reply = await framesCall('POST', `/__frames/effects/${encodeURIComponent(name)}`, {
          ticket,
          effect: { type: name },
        })
        expectRefused(reply, `effect ${name}`)
        expect
          .soft(reply.body, `effect ${name}`)
          .toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/^type must be one of /) })
      }
    }
  })

  it('is no frame effect in process either: ok false, invalid_request, nothing internal', async () => {
    const context = await resolveFrameContext(core, 'reset', { channelId: 'proto-2', apiKey: publishable })
    for (const name of PROTOTYPE_NAMES) {
      const result = await runEffect(context, { type: name })
      expect.soft(result, `effect ${name}`).toEqual({
        effect: name,
        ok: false,
        error: { code: 'invalid_request', message: `no effect handler for ${name}` },
      })
      expect.soft(internalValuesIn(core, result), `effect ${name}`).toEqual([])
    }
  })

  it('is no frame event direction, outbound or inbound message kind', async () => {
    for (const name of PROTOTYPE_NAMES) {
      expectRefused(
        await framesCall('POST', '/__frames/event', {
          ticket: resetTicket,
          direction: name,
          message: { kind: 'handshake' },
        }),
        `direction ${name}`,
      )
      expectRefused(
        await framesCall('POST', '/__frames/event', { ticket: resetTicket, direction: 'out', message: { kind: name } }),
        `out kind ${name}`,
      )
      expectRefused(
        await framesCall('POST', '/__frames/event', { ticket: resetTicket, direction: 'in', message: { kind: name } }),
        `in kind ${name}`,
      )
    }
  })

  it('is no frame page, and no frame parameter', async () => {
    for (const name of PROTOTYPE_NAMES) {
      expectRefused(
        await framesCall('GET', `/platform/v1/${encodeURIComponent(name)}?channelId=proto-3&apiKey=${publishable}`),
        `frame ${name}`,
      )
      expectRefused(await framesCall('POST', `/__frames/${encodeURIComponent(name)}`, {}), `frames endpoint ${name}`)
      const page = await framesCall(
        'GET',
        `/platform/v1/reset?channelId=proto-3&apiKey=${publishable}&${encodeURIComponent(name)}=1`,
      )
      expect.soft(String(page.body), `parameter ${name}`).toContain('"code":"invalid_parameters"')
      expect.soft(internalValuesIn(core, page.body), `parameter ${name}`).toEqual([])
    }
  })

  it('is no route, path parameter or method', async () => {
    const keyed = { headers: { 'x-api-key': `sk_test_${account.account}` } }
    const bearer = { headers: { authorization: `Bearer ${accessToken}` } }
    for (const name of PROTOTYPE_NAMES) {
      const segment = encodeURIComponent(name)
      const calls: Array<[string, { headers: Record<string, string> }]> = [
        [`GET /${segment}`, keyed],
        [`GET /v3/${segment}?apiKey=${publishable}`, keyed],
        [`GET /v3/currencies/${segment}/sell_quote?apiKey=${publishable}&baseCurrencyAmount=1`, keyed],
        [`POST /platform/v1/${segment}`, keyed],
        [`GET /platform/v1/transactions/${segment}`, bearer],
        [`GET /platform/v1/payment-methods/${segment}`, bearer],
        [`GET /platform/v1/uploads/${segment}`, keyed],
        [`${name} /v3/currencies?apiKey=${publishable}`, keyed],
        [`${name} /platform/v1/sessions`, keyed],
      ]
      for (const [line, options] of calls) expectRefused(await send(core, line, options), line)
    }
  })

  it('is no demo route or method', async () => {
    const demo = demoRoutes(core, { api: 'http://127.0.0.1:4010', frames: 'http://127.0.0.1:4011' })
    for (const name of PROTOTYPE_NAMES) {
      for (const [method, path] of [
        ['GET', `/demo/${name}`],
        ['POST', `/demo/api/${name}`],
        [name, '/demo'],
        [name, '/demo/api/session'],
      ]) {
        const response = await demo({ method: method!, path: path!, query: {}, headers: {} })
        if (response?.kind !== 'reply') throw new Error(`${method} ${path} answered ${response?.kind}`)
        expectRefused(response, `${method} ${path}`)
      }
    }
  })

  it('is no control action, fault, setting, journal kind or clock field', async () => {
    const keyed = { headers: { 'x-api-key': `sk_test_${account.account}` } }
    for (const name of PROTOTYPE_NAMES) {
      const bodies: Array<[string, unknown]> = [
        [`POST /__sandbox/${encodeURIComponent(name)}`, {}],
        ['POST /__sandbox/faults', { method: name, path: '/v3/currencies', status: 503 }],
        ['POST /__sandbox/faults', { path: '/v3/currencies', status: 503, [name]: 1 }],
        ['PUT /__sandbox/settings', JSON.parse(`{${JSON.stringify(name)}: 1}`)],
        ['POST /__sandbox/clock/advance', { by: name }],
        ['POST /__sandbox/connections', { sessionToken: name }],
        [`GET /__sandbox/journal?kind=${encodeURIComponent(name)}`, undefined],
      ]
      for (const [line, body] of bodies)
        expectRefused(await send(core, line, { ...keyed, body }), `${line} ${JSON.stringify(body)}`)
    }
  })

  it('is no trigger: a buy amount named so is refused by the quote, and by a frame checking a quote', async () => {
    for (const name of PROTOTYPE_NAMES) {
      const body = {
        source: { asset: { code: 'usd' }, amount: name },
        destination: { asset: { code: 'eth' } },
        wallet: { address: '0x'.padEnd(42, '1') },
        paymentMethod: { type: 'card' },
      }
      expectRefused(
        await send(core, 'POST /platform/v1/quotes/buy', { headers: { authorization: `Bearer ${accessToken}` }, body }),
        `quote amount ${name}`,
      )
      const check = await framesCall('POST', '/__frames/effects/quote.check', {
        ticket: buyTicket,
        effect: { type: 'quote.check', quote: { source: { amount: name } } },
      })
      expect.soft(check.body, `quote.check ${name}`).toMatchObject({ ok: false, error: { code: 'invalid_quote' } })
      expect.soft(internalValuesIn(core, check.body), `quote.check ${name}`).toEqual([])
    }
  })
})

describe('an internal object serialised by mistake', () => {
  it('gives what it is, never the secret, the boot id or a signing key: the core, a tenant, the registry, a frame context', async () => {
    const context = await resolveFrameContext(core, 'reset', { channelId: 'proto-4', apiKey: 'pk_test_serialised' })
    expect(JSON.parse(JSON.stringify(context))).toMatchObject({
      core: { internal: 'sandbox core', seed: 1 },
      tenant: { internal: 'tenant', id: 'serialised:test' },
      frame: 'reset',
    })
    expect(JSON.parse(JSON.stringify(core.tenants))).toEqual({
      internal: 'tenant registry',
      accounts: core.tenants.size,
    })
    const leaked = JSON.stringify(context)
    for (const value of [SECRET, BOOT_ID]) expect(leaked).not.toContain(value)
  })
})

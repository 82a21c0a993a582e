import { describe, expect, it } from 'vitest'
import {
  eventTypesOf,
  SandboxSnapshot,
  SavedTenantSettings,
  StoreSnapshot,
  TenantSettings,
  TriggeredWebhook,
  WebhookApiKeyView,
  WebhookDelivery,
  WebhookEndpointWithSecret,
  dataOf,
} from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import { verifyWebhook } from '#kernel/webhook-signature.ts'
import { handlerTransport, type WebhookTransport } from '#kernel/webhook-transport.ts'

/** What a receiver in process saw: each request's headers and body, in arrival order. */
interface Seen {
  headers: Headers
  body: string
}

let accounts = 0

/** A core whose webhooks go to a handler in process, and a fresh account with helpers to drive it. */
function sandbox(options: { seed?: number; transport?: WebhookTransport; name?: string } = {}) {
  const seen: Seen[] = []
  const transport =
    options.transport ??
    handlerTransport(async (request) => void seen.push({ headers: request.headers, body: await request.text() }))
  const core = createSandboxCore({ seed: options.seed ?? 1, webhookTransport: transport })
  return { core, seen, ...account(core, options.name) }
}

/** A fresh account of `core`: its secret-key headers, tenant and calls. */
function account(core: SandboxCore, name = `controls${++accounts}`) {
  const headers = { 'x-api-key': `sk_test_${name}` }
  const tenant = core.tenants.get(name, 'test')
  const post = (line: string, body?: unknown) => send(core, `POST ${line}`, { headers, body })
  return {
    headers,
    tenant,
    post,
    endpoint: async (body: Record<string, unknown>) => {
      const response = await post('/__sandbox/webhooks/endpoints', { url: 'http://127.0.0.1:9/hooks', ...body })
      expect(response.status).toBe(201)
      return conforms(dataOf(WebhookEndpointWithSecret), response.body).data
    },
    trigger: async (body: Record<string, unknown> = { type: 'transaction_updated' }) => {
      const response = await post('/__sandbox/webhooks/trigger', body)
      expect(response.status).toBe(201)
      return conforms(dataOf(TriggeredWebhook), response.body).data
    },
    advance: async (by: string) => {
      expect((await post('/__sandbox/clock/advance', { by })).status).toBe(200)
      await tenant.background.settled()
    },
    deliveries: async () =>
      conforms(
        dataOf(WebhookDelivery.array()),
        (await send(core, 'GET /__sandbox/webhooks/deliveries', { headers })).body,
      ).data,
  }
}

/** The event id a delivery carries in the sandbox's header (a widget body has none). */
const eventIdOf = ({ headers }: Seen) => headers.get('x-sandbox-event-id')

describe('the signature header setting', () => {
  it('signs into the headers the tenant names, as verifyWebhook checks with headerName (the key) and legacyHeaderName (the secret)', async () => {
    const hooks = sandbox()
    const names = { webhookSignatureHeader: 'x-ramp-signature-v2', webhookLegacySignatureHeader: 'x-ramp-signature' }
    expect((await send(hooks.core, 'PUT /__sandbox/settings', { headers: hooks.headers, body: names })).status).toBe(
      200,
    )
    const endpoint = await hooks.endpoint({})
    const key = conforms(
      dataOf(WebhookApiKeyView),
      (await send(hooks.core, 'GET /__sandbox/webhooks/key', { headers: hooks.headers })).body,
    ).data
    expect(key).toMatchObject({ header: 'x-ramp-signature-v2', legacyHeader: 'x-ramp-signature' })
    await hooks.trigger()
    await hooks.tenant.background.settled()
    const [{ headers, body }] = hooks.seen as [Seen]
    expect(headers.get('moonpay-signature-v2')).toBeNull()
    expect(headers.get('moonpay-signature')).toBeNull()
    const now = Math.floor(hooks.tenant.clock.now() / 1000)
    expect(() =>
      verifyWebhook(body, headers, key.webhookApiKey, { headerName: 'x-ramp-signature-v2', now }),
    ).not.toThrow()
    expect(() =>
      verifyWebhook(body, headers, endpoint.secret, { legacyHeaderName: 'x-ramp-signature', now }),
    ).not.toThrow()
  })

  it('keeps the headers sent with each attempt in the delivery log: the two signatures and the sandbox event and delivery ids, never a key', async () => {
    const hooks = sandbox()
    const endpoint = await hooks.endpoint({})
    await hooks.trigger()
    await hooks.tenant.background.settled()
    const [delivery] = await hooks.deliveries()
    const signature = expect.stringMatching(/^t=\d+,s=[0-9a-f]{64}$/)
    expect(delivery!.attempts[0]!.requestHeaders).toEqual({
      'moonpay-signature-v2': signature,
      'moonpay-signature': signature,
      'user-agent': 'ramp-sandbox-webhooks',
      'x-sandbox-event-id': delivery!.eventId,
      'x-sandbox-delivery-id': delivery!.id,
    })
    const key = conforms(
      dataOf(WebhookApiKeyView),
      (await send(hooks.core, 'GET /__sandbox/webhooks/key', { headers: hooks.headers })).body,
    ).data.webhookApiKey
    const journal = JSON.stringify((await send(hooks.core, 'GET /__sandbox/journal', { headers: hooks.headers })).body)
    expect(journal).toContain('webhook:attempted')
    expect(journal).not.toContain(key)
    expect(journal).not.toContain(key.slice('wk_test_'.length))
    expect(JSON.stringify(delivery)).not.toContain(endpoint.secret)
  })

  it.each([
    ['upper case', 'X-Signature'],
    ['a space', 'x signature'],
    ['a standard scheme name', 'webhook-signature'],
    ['content-type', 'content-type'],
    ['an empty name', ''],
  ])('refuses %s with 400 naming webhookSignatureHeader or webhookLegacySignatureHeader', async (_, name) => {
    const hooks = sandbox()
    for (const field of ['webhookSignatureHeader', 'webhookLegacySignatureHeader']) {
      const response = await send(hooks.core, 'PUT /__sandbox/settings', {
        headers: hooks.headers,
        body: { [field]: name },
      })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ errors: [expect.objectContaining({ field })] })
    }
  })

  it('refuses one name for both signature headers with 400 naming the field changed', async () => {
    const hooks = sandbox()
    const legacy = await send(hooks.core, 'PUT /__sandbox/settings', {
      headers: hooks.headers,
      body: { webhookLegacySignatureHeader: 'moonpay-signature-v2' },
    })
    expect(legacy.status).toBe(400)
    expect(legacy.body).toMatchObject({
      errors: [
        expect.objectContaining({
          field: 'webhookLegacySignatureHeader',
          message: expect.stringContaining('must differ'),
        }),
      ],
    })
    const v2 = await send(hooks.core, 'PUT /__sandbox/settings', {
      headers: hooks.headers,
      body: { webhookSignatureHeader: 'moonpay-signature' },
    })
    expect(v2.body).toMatchObject({ errors: [expect.objectContaining({ field: 'webhookSignatureHeader' })] })
    // Swapping both at once is one change, and allowed.
    const swapped = await send(hooks.core, 'PUT /__sandbox/settings', {
      headers: hooks.headers,
      body: { webhookSignatureHeader: 'moonpay-signature', webhookLegacySignatureHeader: 'moonpay-signature-v2' },
    })
    expect(swapped.status).toBe(200)
  })

  it("reads settings saved before either header setting with the reference's header names", () => {
    const saved = {
      defaultExtraFeePercentage: 0,
      allowedOrigins: [],
      capabilities: { identity: true, guestCheckout: true },
      googlePayAvailable: true,
    }
    expect(TenantSettings.parse(saved)).toMatchObject({
      webhookSignatureHeader: 'moonpay-signature-v2',
      webhookLegacySignatureHeader: 'moonpay-signature',
    })
    expect(SavedTenantSettings.parse(saved)).toMatchObject({
      webhookSignatureHeader: 'moonpay-signature-v2',
      webhookLegacySignatureHeader: 'moonpay-signature',
    })
  })

  it("moves the one header a state file saved before the legacy header named (the endpoint secret's) to the legacy header, so its receiver still verifies", async () => {
    const saved = {
      defaultExtraFeePercentage: 0,
      allowedOrigins: [],
      capabilities: { identity: true, guestCheckout: true },
      googlePayAvailable: true,
      webhookSignatureHeader: 'x-webhook-signature',
    }
    expect(SavedTenantSettings.parse(saved)).toMatchObject({
      webhookSignatureHeader: 'moonpay-signature-v2',
      webhookLegacySignatureHeader: 'x-webhook-signature',
    })
    const current = { ...saved, webhookSignatureHeader: 'x-a', webhookLegacySignatureHeader: 'x-b' }
    expect(SavedTenantSettings.parse(current)).toMatchObject({
      webhookSignatureHeader: 'x-a',
      webhookLegacySignatureHeader: 'x-b',
    })
    // Through a whole state file: the restored account signs the old header with the endpoint's secret.
    const hooks = sandbox()
    const endpoint = await hooks.endpoint({})
    const snapshot = JSON.parse(JSON.stringify(await hooks.core.snapshot())) as {
      tenants: Array<{ account: string; settings: Record<string, unknown> }>
    }
    const tenant = snapshot.tenants.find((each) => each.account === hooks.tenant.account.account)!
    delete tenant.settings.webhookLegacySignatureHeader
    tenant.settings.webhookSignatureHeader = 'x-webhook-signature'
    const seen: Seen[] = []
    const restored = createSandboxCore({
      seed: 1,
      webhookTransport: handlerTransport(
        async (request) => void seen.push({ headers: request.headers, body: await request.text() }),
      ),
    })
    await restored.restore(SandboxSnapshot.parse(snapshot))
    expect(
      (
        await send(restored, 'POST /__sandbox/webhooks/trigger', {
          headers: hooks.headers,
          body: { type: 'transaction_updated' },
        })
      ).status,
    ).toBe(201)
    await restored.tenants.get(hooks.tenant.account.account, 'test').background.settled()
    const [{ headers, body }] = seen as [Seen]
    expect(() =>
      verifyWebhook(body, headers, endpoint.secret, {
        legacyHeaderName: 'x-webhook-signature',
        now: Math.floor(restored.tenants.get(hooks.tenant.account.account, 'test').clock.now() / 1000),
      }),
    ).not.toThrow()
  })
})

describe('the duplicate switch', () => {
  it('delivers every event twice: two deliveries with the same event id and body', async () => {
    const hooks = sandbox()
    await hooks.endpoint({ duplicate: true })
    const { eventId, deliveries } = await hooks.trigger()
    await hooks.tenant.background.settled()
    expect(deliveries.map((delivery) => delivery.origin)).toEqual(['trigger', 'duplicate'])
    expect(deliveries[1]!.copyOf).toBe(deliveries[0]!.id)
    expect(hooks.seen.map(eventIdOf)).toEqual([eventId, eventId])
    expect(hooks.seen[0]!.body).toBe(hooks.seen[1]!.body)
  })
})

describe('the delay switch', () => {
  it('holds the first attempt until the tenant clock passes the delay', async () => {
    const hooks = sandbox()
    await hooks.endpoint({ delay: '30s' })
    const { deliveries } = await hooks.trigger()
    expect(deliveries[0]).toMatchObject({ status: 'pending', heldBy: 'delay', attempts: [] })
    await hooks.advance('29s')
    expect(hooks.seen).toHaveLength(0)
    await hooks.advance('1s')
    expect(hooks.seen).toHaveLength(1)
    expect((await hooks.deliveries())[0]).toMatchObject({ status: 'delivered', heldBy: null })
  })

  it('keeps the held attempt as a scheduled job through a snapshot', async () => {
    const hooks = sandbox()
    await hooks.endpoint({ delay: '1m' })
    await hooks.trigger()
    const snapshot = await hooks.core.snapshot()
    expect(snapshot.tenants[0]!.jobs).toEqual([expect.objectContaining({ kind: 'webhook:attempt' })])
    const seen: string[] = []
    const restored = createSandboxCore({
      webhookTransport: handlerTransport(async (request) => void seen.push(await request.text())),
    })
    await restored.restore(snapshot)
    const again = account(restored, snapshot.tenants[0]!.account)
    await again.advance('1m')
    expect(seen).toHaveLength(1)
  })

  it.each([
    ['a delay that is not a duration', { delay: 'soon' }, 'delay'],
    ['a delay of nothing', { delay: '0s' }, 'delay'],
    ['a window longer than a day', { shuffleWindow: '2d' }, 'shuffleWindow'],
    ['a duplicate that is not a boolean', { duplicate: 'yes' }, 'duplicate'],
    ['an enabled that is not a boolean', { enabled: 'yes' }, 'enabled'],
    ['an unknown scheme', { scheme: 'svix' }, 'scheme'],
    ['events that are not a list', { events: 'transaction_created' }, 'events'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    const hooks = sandbox()
    const response = await hooks.post('/__sandbox/webhooks/endpoints', { url: 'http://127.0.0.1:9/hooks', ...body })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ errors: expect.arrayContaining([expect.objectContaining({ field })]) })
  })
})

describe('the shuffle switch', () => {
  async function shuffled(seed: number, name?: string) {
    const hooks = sandbox({ seed, name })
    await hooks.endpoint({ shuffleWindow: '2s' })
    const emitted: string[] = []
    for (let i = 0; i < 6; i++) emitted.push((await hooks.trigger()).eventId)
    expect(hooks.seen).toHaveLength(0)
    await hooks.advance('2s')
    return { emitted, delivered: hooks.seen.map(eventIdOf) }
  }

  it('holds the events of a window and delivers each of them once the window closes, in an order the seed decides', async () => {
    const { emitted, delivered } = await shuffled(1)
    expect([...delivered].sort()).toEqual([...emitted].sort())
    expect(delivered).not.toEqual(emitted)
  })

  it('delivers in the same order under the same seed', async () => {
    const first = await shuffled(7, 'shuffled')
    const again = await shuffled(7, 'shuffled')
    expect(again.delivered).toEqual(first.delivered)
  })

  it('opens a new window for an event after the last one closed', async () => {
    const hooks = sandbox()
    await hooks.endpoint({ shuffleWindow: '2s' })
    await hooks.trigger()
    await hooks.advance('2s')
    await hooks.trigger()
    await hooks.advance('1s')
    expect(hooks.seen).toHaveLength(1)
    await hooks.advance('1s')
    expect(hooks.seen).toHaveLength(2)
  })
})

describe('resend', () => {
  it('makes a new delivery of the same event and body to the same endpoint, attempted at once', async () => {
    const hooks = sandbox()
    await hooks.endpoint({})
    const {
      deliveries: [original],
    } = await hooks.trigger()
    const response = await hooks.post(`/__sandbox/webhooks/deliveries/${original!.id}/resend`)
    expect(response.status).toBe(201)
    const resent = conforms(dataOf(WebhookDelivery), response.body).data
    await hooks.tenant.background.settled()
    expect(resent).toMatchObject({
      eventId: original!.eventId,
      endpointId: original!.endpointId,
      body: original!.body,
      origin: 'resend',
      copyOf: original!.id,
    })
    expect(resent.id).not.toBe(original!.id)
    expect(hooks.seen.map(({ body }) => body)).toEqual([original!.body, original!.body])
  })

  it('answers 404 for a delivery the account does not have', async () => {
    const response = await sandbox().post('/__sandbox/webhooks/deliveries/whd_nope/resend')
    expect(response.status).toBe(404)
    expect(response.body).toMatchObject({ message: expect.stringContaining('whd_nope') })
  })

  it("answers 404 for another account's delivery", async () => {
    const hooks = sandbox()
    await hooks.endpoint({})
    const {
      deliveries: [theirs],
    } = await hooks.trigger()
    expect((await account(hooks.core).post(`/__sandbox/webhooks/deliveries/${theirs!.id}/resend`)).status).toBe(404)
  })

  it('answers 409 saying why when the endpoint is disabled or removed', async () => {
    const hooks = sandbox()
    const endpoint = await hooks.endpoint({})
    const {
      deliveries: [original],
    } = await hooks.trigger()
    await hooks.post(`/__sandbox/webhooks/endpoints/${endpoint.id}`, { enabled: false })
    const disabled = await hooks.post(`/__sandbox/webhooks/deliveries/${original!.id}/resend`)
    expect(disabled).toMatchObject({ status: 409, body: { message: expect.stringContaining('is disabled') } })
    await send(hooks.core, `DELETE /__sandbox/webhooks/endpoints/${endpoint.id}`, { headers: hooks.headers })
    const removed = await hooks.post(`/__sandbox/webhooks/deliveries/${original!.id}/resend`)
    expect(removed).toMatchObject({ status: 409, body: { message: expect.stringContaining('was removed') } })
  })
})

describe('trigger', () => {
  it("fires transaction_failed for the account's newest transaction, its widget view (GET /v1/transactions/{id}) deep-merged with the overrides", async () => {
    const hooks = sandbox()
    await hooks.endpoint({ events: ['transaction_failed'] })
    const newest = (await hooks.tenant.store()).transactions.all().at(-1)!
    const read = await send(
      hooks.core,
      `GET /v1/transactions/${newest.id}?apiKey=${hooks.headers['x-api-key'].replace('sk_', 'pk_')}`,
    )
    const widget = read.body as Record<string, unknown> & { baseCurrency: Record<string, unknown> }
    const overrides = { status: 'failed', failureReason: 'declined in a test', baseCurrency: { name: 'Test dollar' } }
    const { eventId, deliveries } = await hooks.trigger({ type: 'transaction_failed', data: overrides })
    await hooks.tenant.background.settled()
    expect(deliveries).toHaveLength(1)
    expect(eventIdOf(hooks.seen[0]!)).toBe(eventId)
    expect(JSON.parse(hooks.seen[0]!.body)).toEqual({
      type: 'transaction_failed',
      data: { ...widget, ...overrides, baseCurrency: { ...widget.baseCurrency, name: 'Test dollar' } },
    })
  })

  it('fires transaction.updated for a named transaction as GET /platform/v1/transactions/{id} shows it, in the platform envelope', async () => {
    const hooks = sandbox()
    await hooks.endpoint({ family: 'platform' })
    const newest = (await hooks.tenant.store()).transactions.all().at(-1)!
    const { eventId } = await hooks.trigger({ type: 'transaction.updated', transactionId: newest.id })
    await hooks.tenant.background.settled()
    const [delivery] = await hooks.deliveries()
    expect(JSON.parse(hooks.seen[0]!.body)).toEqual({
      id: eventId,
      type: 'transaction.updated',
      timestamp: delivery!.createdAt,
      data: newest,
    })
  })

  it('fires customer.identity_status_updated for a named customer as the Customer API reads it', async () => {
    const hooks = sandbox()
    await hooks.endpoint({ family: 'platform' })
    const customer = (await hooks.tenant.store()).customers.all()[0]!
    await hooks.trigger({ type: 'customer.identity_status_updated', customerId: customer.id })
    await hooks.tenant.background.settled()
    const read = await send(hooks.core, `GET /platform/v1/customers/${customer.id}`, { headers: hooks.headers })
    const envelope = JSON.parse(hooks.seen[0]!.body) as { data: unknown }
    if (read.status === 200) expect(envelope.data).toEqual((read.body as { data: unknown }).data)
    expect(envelope.data).toMatchObject({ id: customer.id })
  })

  it.each([
    ['overrides that break the schema', { type: 'transaction_updated', data: { status: 'exploded' } }, 'data.status'],
    [
      'an override nested under a field',
      { type: 'transaction_updated', data: { baseCurrency: { precision: 'lots' } } },
      'data.baseCurrency.precision',
    ],
    ['a field the object does not have', { type: 'transaction_updated', data: { colour: 'red' } }, 'data.colour'],
    ['a customerId for a transaction event', { type: 'transaction_created', customerId: 'cus_x' }, 'customerId'],
    [
      'a transactionId for a customer event',
      { type: 'customer.identity_status_updated', transactionId: 'txn_x' },
      'transactionId',
    ],
    [
      'a transaction the account does not have',
      { type: 'transaction_created', transactionId: 'txn_nope' },
      'transactionId',
    ],
    ['an unknown event type', { type: 'transaction_exploded' }, 'type'],
    ['data that is not an object', { type: 'transaction_created', data: [1] }, 'data'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    const hooks = sandbox()
    const response = await hooks.post('/__sandbox/webhooks/trigger', body)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ code: 'invalid_request', errors: [expect.objectContaining({ field })] })
  })

  it('answers no deliveries when no enabled endpoint wants the type', async () => {
    const hooks = sandbox()
    await hooks.endpoint({ events: ['transaction_created'] })
    expect((await hooks.trigger({ type: 'transaction_failed' })).deliveries).toEqual([])
  })
})

describe('a restore', () => {
  it('attempts again a first attempt that was in flight when the snapshot was taken', async () => {
    const hanging: WebhookTransport = { post: () => new Promise(() => undefined) }
    const hooks = sandbox({ transport: hanging })
    await hooks.endpoint({})
    const {
      deliveries: [inFlight],
    } = await hooks.trigger()
    const snapshot = StoreSnapshot.parse(JSON.parse(JSON.stringify((await hooks.core.snapshot()).tenants[0]!.store)))
    expect(snapshot.webhookDeliveries[0]).toMatchObject({ id: inFlight!.id, status: 'pending', attempts: [] })
    const seen: string[] = []
    const restored = createSandboxCore({
      webhookTransport: handlerTransport(async (request) => void seen.push(await request.text())),
    })
    await restored.restore(await hooks.core.snapshot())
    const again = account(restored, hooks.tenant.account.account)
    await again.tenant.background.settled()
    expect(seen).toEqual([inFlight!.body])
    expect((await again.deliveries())[0]).toMatchObject({ id: inFlight!.id, status: 'delivered' })
  })

  it('leaves a delivery whose retry is scheduled to its job', async () => {
    const hooks = sandbox({ transport: handlerTransport(() => new Response(null, { status: 500 })) })
    await hooks.endpoint({})
    await hooks.trigger()
    await hooks.tenant.background.settled()
    const seen: string[] = []
    const restored = createSandboxCore({
      webhookTransport: handlerTransport(async (request) => void seen.push(await request.text())),
    })
    await restored.restore(await hooks.core.snapshot())
    const again = account(restored, hooks.tenant.account.account)
    await again.tenant.background.settled()
    expect(seen).toHaveLength(0)
    await again.advance('30s')
    expect(seen).toHaveLength(1)
  })

  it('reads deliveries and endpoints saved before the delivery controls, with their defaults', () => {
    const at = '2026-01-01T00:00:00.000Z'
    const endpoint = {
      id: 'we_1',
      url: 'http://127.0.0.1/h',
      events: ['transaction_created'],
      enabled: true,
      scheme: 'sandbox',
      secretVersion: 1,
      createdAt: at,
      updatedAt: at,
    }
    const attempt = { at, status: 200, error: null, durationMs: 3 }
    const delivery = {
      id: 'whd_1',
      eventId: 'evt_1',
      endpointId: 'we_1',
      type: 'transaction_created',
      url: endpoint.url,
      status: 'delivered',
      attempts: [attempt],
      nextAttemptAt: null,
      createdAt: at,
      body: '{}',
    }
    const store = StoreSnapshot.parse({
      customers: [],
      sessions: [],
      cards: [],
      transactions: [],
      uploads: [],
      challenges: [],
      webhookEndpoints: [endpoint],
      webhookDeliveries: [delivery],
      usedConsents: [],
      counters: [],
      seeded: { customers: 0, cards: 0, transactions: 0 },
    })
    expect(store.webhookEndpoints[0]).toMatchObject({
      duplicate: false,
      shuffleWindow: null,
      delay: null,
      family: 'widget',
    })
    expect(store.webhookDeliveries[0]).toMatchObject({
      origin: 'event',
      copyOf: null,
      heldBy: null,
      attempts: [{ requestHeaders: {} }],
    })
  })
})

describe('endpoint families', () => {
  it('reads an endpoint saved before families under the families of its events, the old customer_verification_updated as customer.identity_status_updated', () => {
    const at = '2026-01-01T00:00:00.000Z'
    const saved = (id: string, events: string[]) => ({
      id,
      url: 'http://127.0.0.1/h',
      events,
      enabled: true,
      scheme: 'sandbox',
      secretVersion: 1,
      createdAt: at,
      updatedAt: at,
    })
    const every = ['transaction_created', 'transaction_updated', 'transaction_failed', 'customer_verification_updated']
    const store = StoreSnapshot.parse({
      customers: [],
      sessions: [],
      cards: [],
      transactions: [],
      uploads: [],
      challenges: [],
      webhookEndpoints: [saved('we_1', every), saved('we_2', ['customer_verification_updated'])],
      webhookDeliveries: [],
      usedConsents: [],
      counters: [],
      seeded: { customers: 0, cards: 0, transactions: 0 },
    })
    expect(store.webhookEndpoints.map(({ family, events }) => ({ family, events }))).toEqual([
      {
        family: 'both',
        events: [
          'transaction_created',
          'transaction_updated',
          'transaction_failed',
          'customer.identity_status_updated',
        ],
      },
      { family: 'platform', events: ['customer.identity_status_updated'] },
    ])
  })

  it.each([
    [{}, 'widget', eventTypesOf('widget')],
    [{ family: 'platform' }, 'platform', eventTypesOf('platform')],
    [{ events: ['transaction.updated'] }, 'platform', ['transaction.updated']],
    [{ events: ['transaction_failed', 'transaction.updated'] }, 'both', ['transaction_failed', 'transaction.updated']],
  ])('registers %j as family %s with events %j', async (body, family, events) => {
    const hooks = sandbox()
    expect(await hooks.endpoint(body)).toMatchObject({ family, events })
  })

  it('takes every event of a new family given alone on update, and the families of new events given alone', async () => {
    const hooks = sandbox()
    const { id } = await hooks.endpoint({})
    expect((await hooks.post(`/__sandbox/webhooks/endpoints/${id}`, { family: 'both' })).body).toMatchObject({
      data: { family: 'both', events: expect.arrayContaining(['transaction_created', 'transaction.updated']) },
    })
    expect(
      (await hooks.post(`/__sandbox/webhooks/endpoints/${id}`, { events: ['customer.identity_status_updated'] })).body,
    ).toMatchObject({ data: { family: 'platform', events: ['customer.identity_status_updated'] } })
  })

  it('refuses events outside the family given, naming the entry, on create and update', async () => {
    const hooks = sandbox()
    const created = await hooks.post('/__sandbox/webhooks/endpoints', {
      url: 'http://127.0.0.1:9/hooks',
      family: 'widget',
      events: ['transaction_created', 'transaction.updated'],
    })
    expect(created.status).toBe(400)
    expect(created.body).toMatchObject({
      errors: [{ field: 'events.1', message: expect.stringContaining('transaction.updated is a platform event') }],
    })
    const { id } = await hooks.endpoint({})
    expect(
      (await hooks.post(`/__sandbox/webhooks/endpoints/${id}`, { family: 'platform', events: ['transaction_created'] }))
        .status,
    ).toBe(400)
  })

  it('fires customer.identity_status_updated for a trigger naming the old customer_verification_updated', async () => {
    const hooks = sandbox()
    await hooks.endpoint({ family: 'platform' })
    const customer = (await hooks.tenant.store()).customers.all()[0]!
    const { deliveries } = await hooks.trigger({ type: 'customer_verification_updated', customerId: customer.id })
    expect(deliveries.map((delivery) => delivery.type)).toEqual(['customer.identity_status_updated'])
  })

  it('sends an endpoint only the events of its family', async () => {
    const hooks = sandbox()
    await hooks.endpoint({ family: 'platform' })
    expect((await hooks.trigger({ type: 'transaction_updated' })).deliveries).toEqual([])
    expect((await hooks.trigger({ type: 'transaction.updated' })).deliveries).toHaveLength(1)
  })
})

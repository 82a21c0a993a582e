import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, it } from 'vitest'
import {
  BuyQuote,
  Connection,
  SessionCreated,
  Transaction,
  WidgetTransaction,
  WebhookDelivery,
  WebhookEndpointWithSecret,
  dataOf,
} from '#contract/index.ts'
import { createSandboxCore, type SandboxCore, type SandboxOptions } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import { readCustomer, readyCustomer } from '#http/routes/customer-test-kit.ts'
import { fetchTransport } from '#kernel/webhook-transport.ts'
import { executeBuyQuote } from './transactions.ts'
import { WEBHOOK_RETRY_DELAYS_MS } from './webhook-attempts.ts'

/** A partner's receiver, outside the sandbox's code: it keeps what arrives and answers the statuses it is told to, then 200. */
interface Receiver {
  url: string
  received: Array<{ headers: IncomingHttpHeaders; body: string }>
}

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

async function receiver(statuses: number[] = []): Promise<Receiver> {
  const received: Receiver['received'] = []
  const server = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body })
      response.writeHead(statuses.shift() ?? 200).end()
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received }
}

let accounts = 0

/** A fresh account with an endpoint at the receiver, and an executable quote for an active customer. */
async function purchaseSetup(core: SandboxCore, endpoint: Record<string, unknown>) {
  const account = `hooks${++accounts}`
  const sk = { 'x-api-key': `sk_test_${account}` }
  const registered = conforms(
    dataOf(WebhookEndpointWithSecret),
    (await send(core, 'POST /__sandbox/webhooks/endpoints', { headers: sk, body: endpoint })).body,
  ).data
  const session = conforms(
    dataOf(SessionCreated),
    (
      await send(core, 'POST /platform/v1/sessions', {
        headers: sk,
        body: {
          externalCustomerId: 'u1',
          deviceIp: '203.0.113.7',
          email: 'active.us-ny@sandbox.test',
          phoneNumber: '+12125550101',
        },
      })
    ).body,
  ).data
  const connection = conforms(
    dataOf(Connection),
    (await send(core, 'POST /__sandbox/connections', { headers: sk, body: { sessionToken: session.sessionToken } }))
      .body,
  ).data
  const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
  const tenant = core.tenants.get(account, 'test')
  const customerId = connection.customer!.id
  const card = (await tenant.store()).cards.filter((c) => c.customerId === customerId && c.expiryYear > 2026)[0]!.id
  const body = {
    source: { asset: { code: 'usd' }, amount: 100 },
    destination: { asset: { code: 'eth' } },
    wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
    paymentMethod: { type: 'card', id: card },
  }
  const quote = conforms(
    dataOf(BuyQuote),
    (await send(core, 'POST /platform/v1/quotes/buy', { headers: bearer, body })).body,
  ).data
  const buy = async () => executeBuyQuote(tenant, await tenant.store(), customerId, quote)
  const advance = async (by: number) => {
    const advanced = await send(core, 'POST /__sandbox/clock/advance', { headers: sk, body: { by: `${by}ms` } })
    expect(advanced.status).toBe(200)
    await tenant.background.settled()
  }
  const deliveries = async () =>
    conforms(
      dataOf(WebhookDelivery.array()),
      (await send(core, 'GET /__sandbox/webhooks/deliveries', { headers: sk })).body,
    ).data
  return { sk, bearer, tenant, endpoint: registered, buy, advance, deliveries }
}

const envelopeOf = (body: string) =>
  JSON.parse(body) as { id?: string; type: string; timestamp?: string; data: unknown }

describe('webhook deliveries', () => {
  it('delivers each buy change in both families to an endpoint taking both: the widget event {type, data} with the buy as GET /v1/transactions/{id} shows it, transaction.updated {id, type, timestamp, data} with it as GET /platform/v1/transactions/{id} shows it, signed t=…,s=… as plain node:crypto computes', async () => {
    const core = createSandboxCore()
    const hooks = await receiver()
    const flow = await purchaseSetup(core, { url: hooks.url, family: 'both' })
    const transaction = await flow.buy()
    await flow.tenant.background.settled()
    await flow.advance(20_000)
    const log = (await flow.deliveries()).reverse()
    const pairs = (widget: string) => [widget, 'transaction.updated']
    expect(log.map((delivery) => delivery.type)).toEqual([
      ...pairs('transaction_created'),
      ...pairs('transaction_updated'),
      ...pairs('transaction_updated'),
      ...pairs('transaction_updated'),
    ])
    expect(hooks.received.map(({ body }) => body).sort()).toEqual(log.map(({ body }) => body).sort())
    for (const { headers, body } of hooks.received) {
      const [, t, s] = /^t=(\d+),s=([0-9a-f]{64})$/.exec(String(headers['moonpay-signature']))!
      expect(s).toBe(createHmac('sha256', flow.endpoint.secret).update(`${t}.${body}`).digest('hex'))
    }
    const pk = flow.sk['x-api-key'].replace('sk_', 'pk_')
    const widget = conforms(
      WidgetTransaction,
      (await send(core, `GET /v1/transactions/${transaction.id}?apiKey=${pk}`)).body,
    )
    const platform = conforms(
      dataOf(Transaction),
      (await send(core, `GET /platform/v1/transactions/${transaction.id}`, { headers: flow.bearer })).body,
    ).data
    expect(platform.status).toBe('completed')
    expect(JSON.parse(log[6]!.body)).toEqual({ type: 'transaction_updated', data: widget })
    expect(JSON.parse(log[7]!.body)).toEqual({
      id: log[7]!.eventId,
      type: 'transaction.updated',
      timestamp: log[7]!.createdAt,
      data: platform,
    })
    expect(JSON.parse(log[0]!.body)).toEqual({
      type: 'transaction_created',
      data: expect.objectContaining({
        id: transaction.id,
        status: 'waitingAuthorization',
        walletAddress: transaction.wallet.address,
      }),
    })
  })

  it('sends a widget-only endpoint (the default) the widget events alone', async () => {
    const core = createSandboxCore()
    const hooks = await receiver()
    const flow = await purchaseSetup(core, { url: hooks.url })
    expect(flow.endpoint.family).toBe('widget')
    await flow.buy()
    await flow.tenant.background.settled()
    expect((await flow.deliveries()).map((delivery) => delivery.type)).toEqual(['transaction_created'])
  })

  it('signs in the Standard Webhooks scheme, stamped with the time the transport gives, as the standardwebhooks library verifies', async () => {
    const options: SandboxOptions = {
      webhookTransport: { post: fetchTransport.post, nowSeconds: () => Math.floor(Date.now() / 1000) },
    }
    const core = createSandboxCore(options)
    const hooks = await receiver()
    const flow = await purchaseSetup(core, { url: hooks.url, scheme: 'standard', events: ['transaction_created'] })
    await flow.buy()
    await flow.tenant.background.settled()
    const [{ headers, body }] = hooks.received as [Receiver['received'][number]]
    const verified = new Webhook(flow.endpoint.secret).verify(body, {
      'webhook-id': String(headers['webhook-id']),
      'webhook-timestamp': String(headers['webhook-timestamp']),
      'webhook-signature': String(headers['webhook-signature']),
    })
    expect(verified).toEqual({
      type: 'transaction_created',
      data: expect.objectContaining({ status: 'waitingAuthorization' }),
    })
    expect(headers['webhook-id']).toBe((await flow.deliveries())[0]!.eventId)
  })

  it('retries a receiver that answers 500 on the tenant clock, and delivers on the third attempt', async () => {
    const core = createSandboxCore()
    const hooks = await receiver([500, 503])
    const flow = await purchaseSetup(core, { url: hooks.url, events: ['transaction_created'] })
    await flow.buy()
    await flow.tenant.background.settled()
    const [first] = await flow.deliveries()
    expect(first).toMatchObject({ status: 'pending', attempts: [{ status: 500, error: null }] })
    await flow.advance(WEBHOOK_RETRY_DELAYS_MS[0] - 1_000)
    expect(hooks.received).toHaveLength(1)
    await flow.advance(1_000)
    expect(hooks.received).toHaveLength(2)
    await flow.advance(WEBHOOK_RETRY_DELAYS_MS[1])
    const [done] = await flow.deliveries()
    expect(done).toMatchObject({
      status: 'delivered',
      nextAttemptAt: null,
      attempts: [{ status: 500 }, { status: 503 }, { status: 200 }],
    })
    expect(new Set(hooks.received.map(({ body }) => body)).size).toBe(1)
  })

  it('fails a delivery after five attempts at a receiver that refuses connections', async () => {
    const core = createSandboxCore()
    const hooks = await receiver()
    await new Promise((resolve) => servers.pop()!.close(resolve))
    const flow = await purchaseSetup(core, { url: hooks.url, events: ['transaction_created'] })
    await flow.buy()
    await flow.tenant.background.settled()
    for (const delay of WEBHOOK_RETRY_DELAYS_MS) await flow.advance(delay)
    const [failed] = await flow.deliveries()
    expect(failed!.status).toBe('failed')
    expect(failed!.attempts).toHaveLength(5)
    expect(
      failed!.attempts.every((attempt) => attempt.status === null && attempt.error?.startsWith('connection failed')),
    ).toBe(true)
  })

  it('sends nothing to a disabled endpoint, and to an endpoint only the event types it wants', async () => {
    const core = createSandboxCore()
    const wanted = await receiver()
    const disabled = await receiver()
    const flow = await purchaseSetup(core, { url: wanted.url, events: ['transaction_updated'] })
    await send(core, 'POST /__sandbox/webhooks/endpoints', {
      headers: flow.sk,
      body: { url: disabled.url, enabled: false },
    })
    await flow.buy()
    await flow.advance(20_000)
    expect(wanted.received.map(({ body }) => envelopeOf(body).type)).toEqual([
      'transaction_updated',
      'transaction_updated',
      'transaction_updated',
    ])
    expect(disabled.received).toEqual([])
  })

  it('delivers customer.identity_status_updated in the platform envelope as the Customer API reads the customer (pending when submitted, approved when decided) to an endpoint registered under the old name customer_verification_updated', async () => {
    const core = createSandboxCore()
    const hooks = await receiver()
    const { headers, id, tenant } = await readyCustomer(core, 'hookskyc')
    const registered = await send(core, 'POST /__sandbox/webhooks/endpoints', {
      headers,
      body: { url: hooks.url, events: ['customer_verification_updated'] },
    })
    expect(registered.body).toMatchObject({
      data: { family: 'platform', events: ['customer.identity_status_updated'] },
    })
    expect((await send(core, `POST /platform/v1/customers/${id}/verify`, { headers })).status).toBe(200)
    await tenant.background.settled()
    expect((await send(core, 'POST /__sandbox/clock/advance', { headers, body: { by: '60s' } })).status).toBe(200)
    await tenant.background.settled()
    const envelopes = hooks.received.map(({ body }) => envelopeOf(body))
    expect(envelopes.map((envelope) => (envelope.data as { kyc: { status: string } }).kyc.status)).toEqual([
      'pending',
      'approved',
    ])
    expect(envelopes.map((envelope) => Object.keys(envelope))).toEqual([
      ['id', 'type', 'timestamp', 'data'],
      ['id', 'type', 'timestamp', 'data'],
    ])
    expect(envelopes.every((envelope) => envelope.type === 'customer.identity_status_updated')).toBe(true)
    expect(envelopes[1]!.data).toEqual(await readCustomer(core, id, headers))
  })
})

import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, it } from 'vitest'
import { BuyQuote, Connection, SessionCreated, Transaction, WebhookDelivery, WebhookEndpointWithSecret, dataOf } from '../contract/index.ts'
import { createSandboxCore, type SandboxCore, type SandboxOptions } from '../http/sandbox-core.ts'
import { conforms, send } from '../http/test-request.ts'
import { readCustomer, readyCustomer } from '../http/routes/customer-test-kit.ts'
import { fetchTransport } from '../kernel/webhook-transport.ts'
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
  const registered = conforms(dataOf(WebhookEndpointWithSecret), (await send(core, 'POST /__sandbox/webhooks/endpoints', { headers: sk, body: endpoint })).body).data
  const session = conforms(dataOf(SessionCreated), (await send(core, 'POST /platform/v1/sessions', { headers: sk, body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } })).body).data
  const connection = conforms(dataOf(Connection), (await send(core, 'POST /__sandbox/connections', { headers: sk, body: { sessionToken: session.sessionToken } })).body).data
  const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
  const tenant = core.tenants.get(account, 'test')
  const customerId = connection.customer!.id
  const card = (await tenant.store()).cards.filter((c) => c.customerId === customerId && c.expiryYear > 2026)[0]!.id
  const body = { source: { asset: { code: 'usd' }, amount: 100 }, destination: { asset: { code: 'eth' } }, wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' }, paymentMethod: { type: 'card', id: card } }
  const quote = conforms(dataOf(BuyQuote), (await send(core, 'POST /platform/v1/quotes/buy', { headers: bearer, body })).body).data
  const buy = async () => executeBuyQuote(tenant, await tenant.store(), customerId, quote)
  const advance = async (by: number) => {
    const advanced = await send(core, 'POST /__sandbox/clock/advance', { headers: sk, body: { by: `${by}ms` } })
    expect(advanced.status).toBe(200)
    await tenant.background.settled()
  }
  const deliveries = async () => conforms(dataOf(WebhookDelivery.array()), (await send(core, 'GET /__sandbox/webhooks/deliveries', { headers: sk })).body).data
  return { sk, bearer, tenant, endpoint: registered, buy, advance, deliveries }
}

const envelopeOf = (body: string) => JSON.parse(body) as { id: string; type: string; createdAt: string; data: unknown }

describe('webhook deliveries', () => {
  it("delivers transaction_created, then transaction_updated at each stage and once the clock settles it, signed t=…,s=… as plain node:crypto computes, data as GET /platform/v1/transactions/{id} shows it", async () => {
    const core = createSandboxCore()
    const hooks = await receiver()
    const flow = await purchaseSetup(core, { url: hooks.url })
    const transaction = await flow.buy()
    await flow.tenant.background.settled()
    await flow.advance(20_000)
    expect(hooks.received.map(({ body }) => envelopeOf(body).type)).toEqual(['transaction_created', 'transaction_updated', 'transaction_updated', 'transaction_updated'])
    for (const { headers, body } of hooks.received) {
      const [, t, s] = /^t=(\d+),s=([0-9a-f]{64})$/.exec(String(headers['moonpay-signature']))!
      expect(s).toBe(createHmac('sha256', flow.endpoint.secret).update(`${t}.${body}`).digest('hex'))
    }
    const read = conforms(dataOf(Transaction), (await send(core, `GET /platform/v1/transactions/${transaction.id}`, { headers: flow.bearer })).body).data
    expect(envelopeOf(hooks.received[3]!.body)).toMatchObject({ type: 'transaction_updated', data: read })
    expect(read.status).toBe('completed')
    expect(envelopeOf(hooks.received[0]!.body).data).toMatchObject({ id: transaction.id, status: 'pending' })
  })

  it('signs in the Standard Webhooks scheme, stamped with the time the transport gives, as the standardwebhooks library verifies', async () => {
    const options: SandboxOptions = { webhookTransport: { post: fetchTransport.post, nowSeconds: () => Math.floor(Date.now() / 1000) } }
    const core = createSandboxCore(options)
    const hooks = await receiver()
    const flow = await purchaseSetup(core, { url: hooks.url, scheme: 'standard', events: ['transaction_created'] })
    await flow.buy()
    await flow.tenant.background.settled()
    const [{ headers, body }] = hooks.received as [Receiver['received'][number]]
    const verified = new Webhook(flow.endpoint.secret).verify(body, { 'webhook-id': String(headers['webhook-id']), 'webhook-timestamp': String(headers['webhook-timestamp']), 'webhook-signature': String(headers['webhook-signature']) })
    expect(verified).toMatchObject({ type: 'transaction_created', id: headers['webhook-id'] })
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
    expect(done).toMatchObject({ status: 'delivered', nextAttemptAt: null, attempts: [{ status: 500 }, { status: 503 }, { status: 200 }] })
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
    expect(failed!.attempts.every((attempt) => attempt.status === null && attempt.error?.startsWith('connection failed'))).toBe(true)
  })

  it('sends nothing to a disabled endpoint, and to an endpoint only the event types it wants', async () => {
    const core = createSandboxCore()
    const wanted = await receiver()
    const disabled = await receiver()
    const flow = await purchaseSetup(core, { url: wanted.url, events: ['transaction_updated'] })
    await send(core, 'POST /__sandbox/webhooks/endpoints', { headers: flow.sk, body: { url: disabled.url, enabled: false } })
    await flow.buy()
    await flow.advance(20_000)
    expect(wanted.received.map(({ body }) => envelopeOf(body).type)).toEqual(['transaction_updated', 'transaction_updated', 'transaction_updated'])
    expect(disabled.received).toEqual([])
  })

  it('delivers customer_verification_updated as the Customer API reads the customer: pending when submitted, approved when decided', async () => {
    const core = createSandboxCore()
    const hooks = await receiver()
    const { headers, id, tenant } = await readyCustomer(core, 'hookskyc')
    await send(core, 'POST /__sandbox/webhooks/endpoints', { headers, body: { url: hooks.url, events: ['customer_verification_updated'] } })
    expect((await send(core, `POST /platform/v1/customers/${id}/verify`, { headers })).status).toBe(200)
    await tenant.background.settled()
    expect((await send(core, 'POST /__sandbox/clock/advance', { headers, body: { by: '60s' } })).status).toBe(200)
    await tenant.background.settled()
    const envelopes = hooks.received.map(({ body }) => envelopeOf(body))
    expect(envelopes.map((envelope) => (envelope.data as { kyc: { status: string } }).kyc.status)).toEqual(['pending', 'approved'])
    expect(envelopes.every((envelope) => envelope.type === 'customer_verification_updated')).toBe(true)
    expect(envelopes[1]!.data).toEqual(await readCustomer(core, id, headers))
  })
})

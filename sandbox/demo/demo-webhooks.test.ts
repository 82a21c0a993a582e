import { describe, expect, it } from 'vitest'
import {
  BuyQuote,
  Connection,
  WebhookApiKeyView,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  dataOf,
} from '#contract/index.ts'
import { executeBuyQuote } from '#domain/transactions.ts'
import { createSandboxCore } from '#http/index.ts'
import type { PlainReply, PlainRequest } from '#http/plain-http.ts'
import { conforms, send } from '#http/test-request.ts'
import { handlerTransport } from '#kernel/webhook-transport.ts'
import { signWebhook } from '#kernel/webhook-signature.ts'
import { demoRoutes } from './demo-routes.ts'
import { DEMO_WEBHOOK_PATH, type ReceivedWebhook } from './demo-webhooks.ts'

const origins = { api: 'http://127.0.0.1:4010', frames: 'http://127.0.0.1:4011' }

/** A fetch Request as the demo's routes take it (the node adapter's work, in process). */
async function plain(request: Request): Promise<PlainRequest> {
  const url = new URL(request.url)
  return {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: Object.fromEntries(request.headers),
    body: await request.text(),
  }
}

// The sandbox delivers to the demo's own route in process, stamped with the wall clock as the node server does.
let demo: ReturnType<typeof demoRoutes>
const core = createSandboxCore({
  origins,
  webhookTransport: handlerTransport(
    async (request) => new Response(null, { status: ((await demo(await plain(request))) as PlainReply).status }),
    { nowSeconds: () => Math.floor(Date.now() / 1000) },
  ),
})
demo = demoRoutes(core, origins)
const sk = { 'x-api-key': 'sk_test_demo' }

async function call(
  method: string,
  path: string,
  body?: unknown,
  query: Record<string, string> = {},
): Promise<PlainReply> {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' }
  return (await demo({
    method,
    path,
    query,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })) as PlainReply
}

const received = async (after = 0) =>
  (await call('GET', DEMO_WEBHOOK_PATH, undefined, { mode: 'test', after: String(after) })).body as {
    data: { webhooks: ReceivedWebhook[]; last: number }
  }
const endpoints = async () =>
  conforms(
    dataOf(WebhookEndpoint.array()),
    (await send(core, 'GET /__sandbox/webhooks/endpoints', { headers: sk })).body,
  ).data

/** A card buy of the demo tenant, as the page's flow makes one: session (the demo's route), connection, quote, payment. */
async function buy() {
  const session = (
    await call('POST', '/demo/api/session', { email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' })
  ).body as { data: { sessionToken: string } }
  const connection = conforms(
    dataOf(Connection),
    (
      await send(core, 'POST /__sandbox/connections', {
        headers: sk,
        body: { sessionToken: session.data.sessionToken },
      })
    ).body,
  ).data
  const tenant = core.tenants.get('demo', 'test')
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
    (
      await send(core, 'POST /platform/v1/quotes/buy', {
        headers: { authorization: `Bearer ${connection.credentials.accessToken}` },
        body,
      })
    ).body,
  ).data
  await executeBuyQuote(tenant, await tenant.store(), customerId, quote)
  await tenant.background.settled()
}

describe("the demo partner server's webhooks", () => {
  it('registers one endpoint per mode on its own route, however often the page asks, and again after a reset', async () => {
    await received()
    await received()
    expect((await endpoints()).map((endpoint) => endpoint.url)).toEqual([
      `${origins.api}${DEMO_WEBHOOK_PATH}?mode=test`,
    ])
    expect((await call('POST', '/demo/api/control/reset', {})).status).toBe(200)
    expect(await endpoints()).toHaveLength(1)
    await received()
    expect(await endpoints()).toHaveLength(1)
  })

  it("receives a buy's transaction_created and transaction.updated (it takes both families), verified with the endpoint's secret, and gives them to the page after a seq", async () => {
    const { last } = (await received()).data
    await buy()
    const { webhooks } = (await received(last)).data
    expect(webhooks).toHaveLength(2)
    expect(webhooks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          verified: true,
          event: { type: 'transaction_created', data: expect.objectContaining({ status: 'waitingAuthorization' }) },
        }),
        expect.objectContaining({
          verified: true,
          event: {
            id: expect.stringMatching(/^evt_/),
            type: 'transaction.updated',
            data: expect.objectContaining({ status: 'pending' }),
          },
        }),
      ]),
    )
    expect((await received(Math.max(...webhooks.map((webhook) => webhook.seq)))).data.webhooks).toEqual([])
    const deliveries = (await send(core, 'GET /__sandbox/webhooks/deliveries', { headers: sk })).body as {
      data: Array<{ status: string; attempts: Array<{ status: number }> }>
    }
    expect(deliveries.data[0]).toMatchObject({ status: 'delivered', attempts: [{ status: 200 }] })
    // The demo's own registration is its server's plumbing: a recorded scenario leaves it out.
    const recorded = String((await call('GET', '/demo/api/record', undefined, { mode: 'test' })).body)
    expect(recorded).toContain('createSession')
    expect(recorded).not.toContain('/__sandbox/webhooks')
  })

  /** The demo endpoint's secret and the account's webhook key, as the sandbox shows them. */
  async function keys() {
    await received()
    const endpoint = (await endpoints()).find((each) => each.url.endsWith(`${DEMO_WEBHOOK_PATH}?mode=test`))!
    const { secret } = conforms(
      dataOf(WebhookEndpointWithSecret),
      (await send(core, `GET /__sandbox/webhooks/endpoints/${endpoint.id}/secret`, { headers: sk })).body,
    ).data
    const { webhookApiKey } = conforms(
      dataOf(WebhookApiKeyView),
      (await send(core, 'GET /__sandbox/webhooks/key', { headers: sk })).body,
    ).data
    return { secret, webhookApiKey }
  }

  /** Posts a `transaction_created` signed with `signers` to the demo's route; its reply. */
  async function post(signers: string[]): Promise<PlainReply> {
    const body = JSON.stringify({ type: 'transaction_created', data: {} })
    const headers = signWebhook(body, signers, { timestamp: Math.floor(Date.now() / 1000) })
    return (await demo({
      method: 'POST',
      path: DEMO_WEBHOOK_PATH,
      query: { mode: 'test' },
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    })) as PlainReply
  }

  const OTHER_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`
  const OTHER_KEY = `wk_test_${'B'.repeat(43)}`

  it.each([
    [
      'its legacy header signed with another secret, its V2 header good',
      'legacy',
      'the legacy header moonpay-signature',
    ],
    ['its V2 header signed with another key, its legacy header good', 'v2', 'the V2 header moonpay-signature-v2'],
  ])(
    'answers 400 to a webhook with %s, and shows it to the page as rejected, naming the header',
    async (_name, bad, header) => {
      const { secret, webhookApiKey } = await keys()
      const { last } = (await received()).data
      expect((await post([webhookApiKey, secret])).status).toBe(200)
      const reply = await post(bad === 'v2' ? [OTHER_KEY, secret] : [webhookApiKey, OTHER_SECRET])
      expect(reply.status).toBe(400)
      expect(reply.body).toMatchObject({ code: 'invalid_signature', message: expect.stringContaining(header) })
      expect((await received(last)).data.webhooks).toEqual([
        expect.objectContaining({ verified: true }),
        expect.objectContaining({
          verified: false,
          error: { code: 'signature_mismatch', message: expect.stringMatching(new RegExp(`^${header}: `)) },
        }),
      ])
    },
  )

  it.each([
    ['a bad mode', { mode: 'prod' }, 'mode'],
    ['a bad after', { mode: 'test', after: '-1' }, 'after'],
    ['an unknown parameter', { mode: 'test', secret: 'x' }, 'secret'],
  ])('answers 400 naming the field for %s', async (_name, query, field) => {
    const reply = await call('GET', DEMO_WEBHOOK_PATH, undefined, query)
    expect(reply.status).toBe(400)
    expect((reply.body as { message: string }).message).toContain(field)
  })
})

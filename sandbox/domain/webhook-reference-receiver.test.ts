import { createHmac, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, it } from 'vitest'
import { TriggeredWebhook, WebhookApiKeyView, WebhookEndpointWithSecret, dataOf } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import { fetchTransport } from '#kernel/webhook-transport.ts'

/**
 * A partner's receiver written from `../shared/reference/webhooks.md` §2 alone, with node:crypto: split the header on
 * `,`, each part on `=`; HMAC-SHA256 keyed with the key, over `<t>.` and the raw body bytes, hex; constant-time
 * compare; 400 when the header is missing, when t or s is missing, or when the digest differs.
 */
function referenceReceiver(header: string | string[] | undefined, rawBody: Buffer, key: string): 200 | 400 {
  if (typeof header !== 'string' || header === '') return 400
  const parts = new Map(
    header.split(',').map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)]),
  )
  const t = parts.get('t')
  const s = parts.get('s')
  if (!t || !s) return 400
  const expected = createHmac('sha256', key).update(`${t}.`).update(rawBody).digest()
  const given = Buffer.from(s, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected) ? 200 : 400
}

/** What a loopback server got: each request's headers and raw body bytes (not decoded: the signature is over the bytes). */
const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

async function rawReceiver() {
  const received: Array<{ headers: IncomingHttpHeaders; raw: Buffer }> = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, raw: Buffer.concat(chunks) })
      response.writeHead(204).end()
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received }
}

let accounts = 0

/** A fresh account of `core` with an endpoint at `url`: its secret key, the endpoint (and secret), the account's webhook API key. */
async function account(core: SandboxCore, endpoint: Record<string, unknown>) {
  const sk = `sk_test_receiver${++accounts}`
  const headers = { 'x-api-key': sk }
  const registered = conforms(
    dataOf(WebhookEndpointWithSecret),
    (await send(core, 'POST /__sandbox/webhooks/endpoints', { headers, body: endpoint })).body,
  ).data
  const key = conforms(dataOf(WebhookApiKeyView), (await send(core, 'GET /__sandbox/webhooks/key', { headers })).body)
    .data.webhookApiKey
  const trigger = async (body: Record<string, unknown>) => {
    const response = await send(core, 'POST /__sandbox/webhooks/trigger', { headers, body })
    expect(response.status).toBe(201)
    conforms(dataOf(TriggeredWebhook), response.body)
    await core.tenants.get(sk.slice('sk_test_'.length), 'test').background.settled()
  }
  return { sk, endpoint: registered, key, trigger }
}

describe('a receiver written from the reference alone', () => {
  it('verifies both headers of real deliveries over loopback: the V2 one with the webhook API key, the legacy one with the endpoint secret', async () => {
    const hooks = await rawReceiver()
    const flow = await account(createSandboxCore(), { url: hooks.url })
    await flow.trigger({ type: 'transaction_created' })
    await flow.trigger({ type: 'transaction_failed', data: { status: 'failed' } })
    expect(hooks.received).toHaveLength(2)
    for (const { headers, raw } of hooks.received) {
      expect(referenceReceiver(headers['moonpay-signature-v2'], raw, flow.key)).toBe(200)
      expect(referenceReceiver(headers['moonpay-signature'], raw, flow.endpoint.secret)).toBe(200)
    }
  })

  it('refuses each header under the other keys and the sk_ key: the V2 key, the endpoint secret and sk_ are three keys', async () => {
    const hooks = await rawReceiver()
    const flow = await account(createSandboxCore(), { url: hooks.url, events: ['transaction_created'] })
    await flow.trigger({ type: 'transaction_created' })
    const [{ headers, raw }] = hooks.received as [(typeof hooks.received)[number]]
    expect(new Set([flow.key, flow.endpoint.secret, flow.sk]).size).toBe(3)
    for (const wrong of [flow.endpoint.secret, flow.sk])
      expect(referenceReceiver(headers['moonpay-signature-v2'], raw, wrong)).toBe(400)
    for (const wrong of [flow.key, flow.sk])
      expect(referenceReceiver(headers['moonpay-signature'], raw, wrong)).toBe(400)
  })

  it('signs the raw bytes sent: multi-byte UTF-8 verifies as received, a re-serialised body does not', async () => {
    const hooks = await rawReceiver()
    const flow = await account(createSandboxCore(), { url: hooks.url, events: ['transaction_created'] })
    await flow.trigger({ type: 'transaction_created', data: { walletAddress: 'Grüße 😀 ключ' } })
    const [{ headers, raw }] = hooks.received as [(typeof hooks.received)[number]]
    expect(raw.toString('utf8')).toContain('Grüße 😀 ключ')
    expect(raw.length).toBeGreaterThan(raw.toString('utf8').length)
    expect(referenceReceiver(headers['moonpay-signature-v2'], raw, flow.key)).toBe(200)
    // What a framework's body parser hands back, serialised again (another spacing), or the text read as latin1: not the bytes signed.
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString('utf8')), null, 2))
    expect(referenceReceiver(headers['moonpay-signature-v2'], reserialised, flow.key)).toBe(400)
    expect(
      referenceReceiver(headers['moonpay-signature-v2'], Buffer.from(raw.toString('utf8'), 'latin1'), flow.key),
    ).toBe(400)
  })

  it('answers 400 for a missing header, a header without t or s, and a digest that differs', () => {
    const raw = Buffer.from('{"type":"transaction_created","data":{}}')
    const key = `wk_test_${'A'.repeat(43)}`
    const t = '1767225600'
    const s = createHmac('sha256', key).update(`${t}.`).update(raw).digest('hex')
    expect(referenceReceiver(`t=${t},s=${s}`, raw, key)).toBe(200)
    for (const header of [
      undefined,
      '',
      `s=${s}`,
      `t=${t}`,
      `t=${t},s=${s.replace(/^./, (c) => (c === '0' ? '1' : '0'))}`,
    ])
      expect(referenceReceiver(header, raw, key)).toBe(400)
  })

  it('still verifies, on a standard-scheme endpoint, the Standard Webhooks headers with the standardwebhooks library, beside both reference headers', async () => {
    const hooks = await rawReceiver()
    const core = createSandboxCore({
      webhookTransport: { post: fetchTransport.post, nowSeconds: () => Math.floor(Date.now() / 1000) },
    })
    const flow = await account(core, { url: hooks.url, scheme: 'standard', events: ['transaction_created'] })
    await flow.trigger({ type: 'transaction_created' })
    const [{ headers, raw }] = hooks.received as [(typeof hooks.received)[number]]
    const body = raw.toString('utf8')
    expect(
      new Webhook(flow.endpoint.secret).verify(body, {
        'webhook-id': String(headers['webhook-id']),
        'webhook-timestamp': String(headers['webhook-timestamp']),
        'webhook-signature': String(headers['webhook-signature']),
      }),
    ).toMatchObject({ type: 'transaction_created' })
    expect(referenceReceiver(headers['moonpay-signature-v2'], raw, flow.key)).toBe(200)
    expect(referenceReceiver(headers['moonpay-signature'], raw, flow.endpoint.secret)).toBe(200)
  })
})

/** The node:crypto receiver of docs/webhooks.md (the ```ts block after "without the package"), as a function of header, raw body and key to `valid`. */
function readmeReceiver(): (header: string | undefined, rawBody: Buffer, webhookApiKey: string) => boolean {
  const readme = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8')
  const block = /Or, without the package, with `node:crypto`[^\n]*\n\n```ts\n([\s\S]*?)```/.exec(readme)?.[1]
  if (block === undefined)
    throw new Error('docs/webhooks.md has no node:crypto receiver block after "Or, without the package"')
  const code = block.replace(/^import .*\n/m, '')
  const run = new Function(
    'createHmac',
    'timingSafeEqual',
    'header',
    'rawBody',
    'webhookApiKey',
    `${code}\nreturn valid`,
  ) as (...args: unknown[]) => boolean
  return (header, rawBody, key) => run(createHmac, timingSafeEqual, header, rawBody, key)
}

describe("the webhooks guide's node:crypto receiver", () => {
  it('verifies the V2 header of a real delivery, and refuses a changed body or another key', async () => {
    const hooks = await rawReceiver()
    const core = createSandboxCore({
      webhookTransport: { post: fetchTransport.post, nowSeconds: () => Math.floor(Date.now() / 1000) },
    })
    const flow = await account(core, { url: hooks.url, events: ['transaction_created'] })
    await flow.trigger({ type: 'transaction_created' })
    const [{ headers, raw }] = hooks.received as [(typeof hooks.received)[number]]
    const valid = readmeReceiver()
    const header = String(headers['moonpay-signature-v2'])
    expect(valid(header, raw, flow.key)).toBe(true)
    expect(valid(header, Buffer.concat([raw, Buffer.from(' ')]), flow.key)).toBe(false)
    expect(valid(header, raw, flow.endpoint.secret)).toBe(false)
    expect(valid(`s=${'a'.repeat(64)}`, raw, flow.key)).toBe(false)
  })
})

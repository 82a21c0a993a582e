import { describe, expect, it } from 'vitest'
import { eventTypesOf, WebhookApiKeyView, WebhookEndpoint, WebhookEndpointWithSecret, dataOf } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'

const SK = { headers: { 'x-api-key': 'sk_test_hooks' } }
const ENDPOINTS = 'POST /__sandbox/webhooks/endpoints'
const SECRET = 'ab'.repeat(32)

async function create(core: SandboxCore, body: unknown) {
  return send(core, ENDPOINTS, { ...SK, body })
}

async function created(core: SandboxCore, body: unknown = { url: 'http://127.0.0.1:3000/hooks' }) {
  const response = await create(core, body)
  expect(response.status).toBe(201)
  return conforms(dataOf(WebhookEndpointWithSecret), response.body).data
}

describe('webhook endpoints', () => {
  it('registers a loopback endpoint for every widget event type, enabled, signed in the sandbox scheme, and shows its secret once made', async () => {
    const endpoint = await created(createSandboxCore())
    expect(endpoint).toMatchObject({
      url: 'http://127.0.0.1:3000/hooks',
      family: 'widget',
      events: eventTypesOf('widget'),
      enabled: true,
      scheme: 'sandbox',
    })
    expect(endpoint.id).toMatch(/^we_[A-Za-z0-9]{16}$/)
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
  })

  it('lists the endpoints without their secrets', async () => {
    const core = createSandboxCore()
    const first = await created(core)
    const second = await created(core, {
      url: 'http://localhost:4000/in',
      events: ['transaction_failed'],
      scheme: 'standard',
    })
    const list = conforms(
      dataOf(WebhookEndpoint.array()),
      (await send(core, 'GET /__sandbox/webhooks/endpoints', SK)).body,
    ).data
    expect(list.map((endpoint) => endpoint.id)).toEqual([first.id, second.id])
    expect(JSON.stringify(list)).not.toContain('whsec_')
  })

  it.each([
    [
      'a host the sandbox does not allow',
      { url: 'https://partner.example/hooks' },
      'url',
      'url must be on a loopback host',
    ],
    ['a URL that is not one', { url: 'not a url' }, 'url', 'url must be an absolute URL'],
    ['a scheme other than http(s)', { url: 'ftp://127.0.0.1/hooks' }, 'url', 'url must be http or https'],
    [
      'credentials in the URL',
      { url: 'http://user:pw@127.0.0.1/hooks' },
      'url',
      'url must not carry a user name or password',
    ],
    [
      'an unknown event type',
      { url: 'http://127.0.0.1/hooks', events: ['transaction_exploded'] },
      'events.0',
      'events.0',
    ],
    [
      'an event type twice',
      { url: 'http://127.0.0.1/hooks', events: ['transaction_failed', 'transaction_failed'] },
      'events',
      'events must name each event type once',
    ],
    ['a field it does not know', { url: 'http://127.0.0.1/hooks', secret: 'whsec_x' }, 'secret', 'secret'],
  ])('refuses %s with 400 naming the field', async (_, body, field, message) => {
    const response = await create(createSandboxCore(), body)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ code: 'invalid_request', errors: [expect.objectContaining({ field })] })
    expect((response.body as { message: string }).message).toContain(message)
  })

  it('takes a host the operator allows besides loopback', async () => {
    const endpoint = await created(createSandboxCore({ webhookAllowHosts: ['partner.example'] }), {
      url: 'https://partner.example/hooks',
    })
    expect(endpoint.url).toBe('https://partner.example/hooks')
  })

  it('changes events and enabled and keeps the secret', async () => {
    const core = createSandboxCore()
    const endpoint = await created(core)
    const changed = await send(core, `POST /__sandbox/webhooks/endpoints/${endpoint.id}`, {
      ...SK,
      body: { events: ['transaction_created'], enabled: false },
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ data: { id: endpoint.id, events: ['transaction_created'], enabled: false } })
    expect((await send(core, `GET /__sandbox/webhooks/endpoints/${endpoint.id}/secret`, SK)).body).toMatchObject({
      data: { secret: endpoint.secret },
    })
  })

  it('refuses a change to a host the sandbox does not allow, and an empty change', async () => {
    const core = createSandboxCore()
    const endpoint = await created(core)
    expect(
      (
        await send(core, `POST /__sandbox/webhooks/endpoints/${endpoint.id}`, {
          ...SK,
          body: { url: 'http://10.0.0.8/hooks' },
        })
      ).status,
    ).toBe(400)
    expect((await send(core, `POST /__sandbox/webhooks/endpoints/${endpoint.id}`, { ...SK, body: {} })).status).toBe(
      400,
    )
  })

  it('rotates the secret: a new one, shown by the secret read too', async () => {
    const core = createSandboxCore()
    const endpoint = await created(core)
    const rotated = conforms(
      dataOf(WebhookEndpointWithSecret),
      (await send(core, `POST /__sandbox/webhooks/endpoints/${endpoint.id}/rotate-secret`, SK)).body,
    ).data
    expect(rotated.secret).not.toBe(endpoint.secret)
    expect((await send(core, `GET /__sandbox/webhooks/endpoints/${endpoint.id}/secret`, SK)).body).toMatchObject({
      data: { secret: rotated.secret },
    })
  })

  it('gives the same secrets under the same --secret, and other ones under another', async () => {
    const one = await created(createSandboxCore({ secret: SECRET }))
    const again = await created(createSandboxCore({ secret: SECRET }))
    const other = await created(createSandboxCore({ secret: 'cd'.repeat(32) }))
    expect(again).toEqual(one)
    expect(other.secret).not.toBe(one.secret)
  })

  it('keeps endpoints and secrets through a snapshot', async () => {
    const core = createSandboxCore({ secret: SECRET })
    const endpoint = await created(core)
    const restored = createSandboxCore({ secret: SECRET })
    await restored.restore(await core.snapshot())
    expect((await send(restored, `GET /__sandbox/webhooks/endpoints/${endpoint.id}/secret`, SK)).body).toMatchObject({
      data: endpoint,
    })
  })

  it('removes an endpoint, after which it is 404', async () => {
    const core = createSandboxCore()
    const endpoint = await created(core)
    expect((await send(core, `DELETE /__sandbox/webhooks/endpoints/${endpoint.id}`, SK)).status).toBe(204)
    const gone = await send(core, `GET /__sandbox/webhooks/endpoints/${endpoint.id}`, SK)
    expect(gone.status).toBe(404)
    expect(gone.body).toMatchObject({ code: 'not_found', message: expect.stringContaining(endpoint.id) })
  })

  it('answers 429 past 16 endpoints, saying how to make room', async () => {
    const core = createSandboxCore()
    for (let i = 0; i < 16; i++) await created(core, { url: `http://127.0.0.1:3000/hooks/${i}` })
    const refused = await create(core, { url: 'http://127.0.0.1:3000/hooks/16' })
    expect(refused.status).toBe(429)
    expect((refused.body as { message: string }).message).toContain('DELETE /__sandbox/webhooks/endpoints/{id}')
  })

  it('refuses a publishable key', async () => {
    expect(
      (
        await send(createSandboxCore(), ENDPOINTS, {
          headers: { 'x-api-key': 'pk_test_hooks' },
          body: { url: 'http://127.0.0.1/h' },
        })
      ).status,
    ).toBe(401)
  })
})

/** The account's webhook API key as `GET /__sandbox/webhooks/key` shows it to the secret key `sk`. */
async function webhookKey(core: SandboxCore, sk = 'sk_test_hooks') {
  const response = await send(core, 'GET /__sandbox/webhooks/key', { headers: { 'x-api-key': sk } })
  expect(response.status).toBe(200)
  return conforms(dataOf(WebhookApiKeyView), response.body).data
}

describe("the account's webhook API key", () => {
  it('is shown with the headers it and the endpoint secrets sign: wk_test_ and 43 base64url characters', async () => {
    const key = await webhookKey(createSandboxCore())
    expect(key).toEqual({
      webhookApiKey: expect.stringMatching(/^wk_test_[A-Za-z0-9_-]{43}$/),
      header: 'moonpay-signature-v2',
      legacyHeader: 'moonpay-signature',
    })
  })

  it('is neither the sk_ secret key nor any endpoint secret, and differs per account and per mode', async () => {
    const core = createSandboxCore({ secret: SECRET })
    const { webhookApiKey } = await webhookKey(core)
    const endpoint = await created(core)
    expect(webhookApiKey).not.toBe('sk_test_hooks')
    expect(webhookApiKey).not.toContain('sk_test_hooks')
    expect(webhookApiKey).not.toBe(endpoint.secret)
    expect(endpoint.secret).not.toContain(webhookApiKey.slice('wk_test_'.length))
    expect((await webhookKey(core, 'sk_test_other')).webhookApiKey).not.toBe(webhookApiKey)
    const live = (await webhookKey(core, 'sk_live_hooks')).webhookApiKey
    expect(live).toMatch(/^wk_live_/)
    expect(live.slice('wk_live_'.length)).not.toBe(webhookApiKey.slice('wk_test_'.length))
  })

  it('is the same under the same --secret, another under another, and survives a reset', async () => {
    const one = createSandboxCore({ secret: SECRET })
    const key = (await webhookKey(one)).webhookApiKey
    expect((await webhookKey(createSandboxCore({ secret: SECRET }))).webhookApiKey).toBe(key)
    expect((await webhookKey(createSandboxCore({ secret: 'cd'.repeat(32) }))).webhookApiKey).not.toBe(key)
    expect((await send(one, 'POST /__sandbox/reset', SK)).status).toBeLessThan(300)
    expect((await webhookKey(one)).webhookApiKey).toBe(key)
  })

  it('is derived, never kept: not in a snapshot, nor in the journal after it was read', async () => {
    const core = createSandboxCore({ secret: SECRET })
    await created(core)
    const { webhookApiKey } = await webhookKey(core)
    const secretPart = webhookApiKey.slice('wk_test_'.length)
    expect(JSON.stringify(await core.snapshot())).not.toContain(secretPart)
    expect(JSON.stringify((await send(core, 'GET /__sandbox/journal', SK)).body)).not.toContain(secretPart)
  })
})

import { describe, expect, it } from 'vitest'
import {
  MAX_FAULT_BODY_CHARS,
  MAX_FRAME_MESSAGE_CHARS,
  MAX_TRIGGER_DATA_CHARS,
  type AccountUsage,
} from '#contract/index.ts'
import { framesHandler } from '#frames/server/frames-test-kit.ts'
import { framesClient } from '#frames/server/frames-test-kit.ts'
import { handlerTransport } from '#kernel/webhook-transport.ts'
import { createSandboxCore } from './sandbox-core.ts'
import { send } from './test-request.ts'
import type { SandboxCore } from './sandbox-core.ts'

const secret = (account: string) => ({ 'x-api-key': `sk_test_${account}` })
const usage = async (core: SandboxCore, account: string) =>
  ((await send(core, 'GET /__sandbox/usage', { headers: secret(account) })).body as { data: AccountUsage }).data
const KiB = 1024

/** A fault on a path no route answers, with an answer body of about `chars` characters kept as it is (`unchecked`). */
const bigFault = (chars: number) => ({
  method: 'GET',
  path: '/nowhere/**',
  status: 418,
  responseBody: { pad: 'x'.repeat(chars - 12) },
  unchecked: true,
})

describe('an account that floods faults', () => {
  it('is refused a fault whose answer body is longer than the sandbox keeps, naming the field and the limit', async () => {
    const core = createSandboxCore()
    const refused = await send(core, 'POST /__sandbox/faults', {
      headers: secret('faults'),
      body: bigFault(MAX_FAULT_BODY_CHARS + 100),
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      code: 'invalid_request',
      errors: [
        { field: 'responseBody', message: `responseBody must be at most ${MAX_FAULT_BODY_CHARS} characters as JSON` },
      ],
    })
  })

  it('gets 429 naming its byte budget once its faults fill it, while another account arms faults as before', async () => {
    const core = createSandboxCore({ limits: { accountBytes: 512 * KiB } })
    const answers: number[] = []
    for (let i = 0; i < 40; i++)
      answers.push(
        (await send(core, 'POST /__sandbox/faults', { headers: secret('hostile'), body: bigFault(60 * KiB) })).status,
      )
    expect(answers.filter((status) => status === 201).length).toBe(6)
    expect(answers.slice(10)).toEqual(Array(30).fill(429))
    const refusal = await send(core, 'POST /__sandbox/faults', { headers: secret('hostile'), body: bigFault(60 * KiB) })
    expect((refusal.body as { message: string }).message).toMatch(
      /^this account holds .* would pass its budget of 512 KiB \(128 KiB of it kept for its journal; docs\/decisions\/0084\): clear faults/,
    )
    const held = await usage(core, 'hostile')
    expect(held.bytes.total).toBeLessThanOrEqual(512 * KiB)
    expect(held.bytes.faults).toBeGreaterThan(6 * 60 * KiB)
    expect(
      (await send(core, 'POST /__sandbox/faults', { headers: secret('victim'), body: bigFault(60 * KiB) })).status,
    ).toBe(201)
    // Clearing gives the bytes back: the account arms faults again.
    expect((await send(core, 'DELETE /__sandbox/faults', { headers: secret('hostile') })).status).toBe(204)
    expect((await usage(core, 'hostile')).bytes.faults).toBe(0)
    expect(
      (await send(core, 'POST /__sandbox/faults', { headers: secret('hostile'), body: bigFault(60 * KiB) })).status,
    ).toBe(201)
  })

  it('gets 429 past the number of faults one account may arm', async () => {
    const core = createSandboxCore({ limits: { faults: 5 } })
    const statuses = []
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await send(core, 'POST /__sandbox/faults', {
            headers: secret('many'),
            body: { path: `/v3/x${i}`, status: 503 },
          })
        ).status,
      )
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429])
    expect((await usage(core, 'many')).faults).toEqual({ held: 5, limit: 5 })
  })
})

describe('an account that floods its frame journal with only a publishable key', () => {
  it('is refused a message longer than a frame journals, and its journal stays within its bytes however many it sends', async () => {
    const core = createSandboxCore()
    const { call, ticketOf } = framesClient(framesHandler(core))
    const ticket = await ticketOf('reset', { apiKey: 'pk_test_frames' })
    const error = (message: string) => ({
      ticket,
      direction: 'out',
      message: { kind: 'error', payload: { code: 'unknown', message } },
    })
    const tooLong = await call('POST', '/__frames/event', error('m'.repeat(MAX_FRAME_MESSAGE_CHARS)))
    expect(tooLong.status).toBe(400)
    expect(JSON.stringify(tooLong.body)).toContain(
      `message must be at most ${MAX_FRAME_MESSAGE_CHARS} characters as JSON`,
    )
    for (let i = 0; i < 200; i++)
      expect((await call('POST', '/__frames/event', error('m'.repeat(MAX_FRAME_MESSAGE_CHARS - 200)))).status).toBe(204)
    const held = await usage(core, 'frames')
    expect(held.journal.bytes.held).toBeLessThanOrEqual(held.journal.bytes.limit)
    expect(held.journal.entries.held).toBeLessThan(20)
  })
})

describe('an account that floods webhook triggers', () => {
  it('is refused trigger data longer than the sandbox keeps, naming the field and the limit', async () => {
    const core = createSandboxCore()
    await send(core, 'POST /__sandbox/webhooks/endpoints', {
      headers: secret('hooks'),
      body: { url: 'http://127.0.0.1:9/hooks' },
    })
    const refused = await send(core, 'POST /__sandbox/webhooks/trigger', {
      headers: secret('hooks'),
      body: { type: 'transaction_failed', data: { failureReason: 'r'.repeat(MAX_TRIGGER_DATA_CHARS) } },
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      errors: [{ field: 'data', message: `data must be at most ${MAX_TRIGGER_DATA_CHARS} characters as JSON` }],
    })
  })

  it('makes room from its finished deliveries, then gets 429 naming its budget while every kept delivery is pending', async () => {
    const never = { post: () => new Promise<never>(() => undefined) }
    const core = createSandboxCore({ limits: { accountBytes: 1024 * KiB }, webhookTransport: never })
    for (let i = 0; i < 4; i++) {
      const made = await send(core, 'POST /__sandbox/webhooks/endpoints', {
        headers: secret('hooks'),
        body: { url: `http://127.0.0.1:9/hooks${i}`, duplicate: true },
      })
      expect(made.status).toBe(201)
    }
    const trigger = () =>
      send(core, 'POST /__sandbox/webhooks/trigger', {
        headers: secret('hooks'),
        body: { type: 'transaction_failed', data: { failureReason: 'r'.repeat(MAX_TRIGGER_DATA_CHARS - 100) } },
      })
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) statuses.push((await trigger()).status)
    expect(statuses.slice(0, 4)).toEqual([201, 201, 201, 201])
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429])
    const refusal = await trigger()
    expect((refusal.body as { message: string }).message).toMatch(
      /would pass its budget of 1 MiB .*advance the clock so pending deliveries finish/,
    )
    const held = await usage(core, 'hooks')
    expect(held.bytes.total).toBeLessThanOrEqual(1024 * KiB)
    expect(held.bytes.deliveries).toBeGreaterThan(512 * KiB)
    // Another account is untouched.
    await send(core, 'POST /__sandbox/webhooks/endpoints', {
      headers: secret('other'),
      body: { url: 'http://127.0.0.1:9/other' },
    })
    expect(
      (
        await send(core, 'POST /__sandbox/webhooks/trigger', {
          headers: secret('other'),
          body: { type: 'transaction_failed' },
        })
      ).status,
    ).toBe(201)
  })

  it('drops, and journals, an event the domain emits when there is no room, instead of failing what emitted it', async () => {
    const never = { post: () => new Promise<never>(() => undefined) }
    const core = createSandboxCore({ limits: { accountBytes: 256 * KiB }, webhookTransport: never })
    await send(core, 'POST /__sandbox/webhooks/endpoints', {
      headers: secret('drops'),
      body: { url: 'http://127.0.0.1:9/hooks', duplicate: true },
    })
    const trigger = () =>
      send(core, 'POST /__sandbox/webhooks/trigger', {
        headers: secret('drops'),
        body: { type: 'transaction_failed', data: { failureReason: 'r'.repeat(MAX_TRIGGER_DATA_CHARS - 100) } },
      })
    let status = 201
    for (let i = 0; i < 100 && status === 201; i++) status = (await trigger()).status
    expect(status).toBe(429)
    const tenant = core.tenants.get('drops', 'test')
    const store = await tenant.store()
    const { emitWebhook } = await import('#domain/webhook-deliveries.ts')
    const { widgetTransactionOf } = await import('#domain/widget-transactions.ts')
    const transaction = widgetTransactionOf(tenant, store, store.transactions.all()[0]!)
    const dropped = () =>
      tenant.journal.list({ kind: 'state' }).filter((entry) => 'event' in entry && entry.event === 'webhook:dropped')
    // What room is left takes a few small events; then each is dropped, and emitting never throws.
    for (let i = 0; i < 100 && dropped().length === 0; i++)
      await expect(emitWebhook(tenant, store, 'transaction_failed', transaction)).resolves.toBeUndefined()
    expect(dropped()[0]).toMatchObject({
      detail: { reason: expect.stringMatching(/would pass its budget of 256 KiB/) },
    })
  })
})

describe('an account whose receiver never answers', () => {
  it('gets 429 for a trigger past the deliveries one account may have pending, and the events the sandbox emits are dropped and journaled', async () => {
    const never = { post: () => new Promise<never>(() => undefined) }
    const core = createSandboxCore({ limits: { pendingWebhookDeliveries: 5 }, webhookTransport: never })
    await send(core, 'POST /__sandbox/webhooks/endpoints', {
      headers: secret('pending'),
      body: { url: 'http://127.0.0.1:9/hooks' },
    })
    const statuses = []
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await send(core, 'POST /__sandbox/webhooks/trigger', {
            headers: secret('pending'),
            body: { type: 'transaction_failed' },
          })
        ).status,
      )
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429])
    const tenant = core.tenants.get('pending', 'test')
    const store = await tenant.store()
    const { emitWebhook } = await import('#domain/webhook-deliveries.ts')
    const { widgetTransactionOf } = await import('#domain/widget-transactions.ts')
    await emitWebhook(
      tenant,
      store,
      'transaction_failed',
      widgetTransactionOf(tenant, store, store.transactions.all()[0]!),
    )
    expect(store.webhookDeliveries.size).toBe(5)
    expect(tenant.journal.list({ kind: 'state' }).at(-1)).toMatchObject({
      event: 'webhook:dropped',
      detail: { reason: expect.stringMatching(/^this account has 5 webhook deliveries pending/) },
    })
  })
})

describe('an account that floods records', () => {
  it('gets 429 naming its byte budget once its sessions fill it, and reports its bytes', async () => {
    const core = createSandboxCore({ limits: { accountBytes: 256 * KiB } })
    let status = 201
    let made = 0
    while (status === 201 && made < 2_000) {
      status = (
        await send(core, 'POST /platform/v1/sessions', {
          headers: secret('records'),
          body: { externalCustomerId: `u${made}`, deviceIp: '203.0.113.7' },
        })
      ).status
      if (status === 201) made++
    }
    expect(status).toBe(429)
    expect(made).toBeGreaterThan(50)
    const held = await usage(core, 'records')
    expect(held.bytes.records).toBeGreaterThan(40 * KiB)
    expect(held.bytes.total).toBeLessThanOrEqual(256 * KiB)
    expect(
      (
        await send(core, 'POST /platform/v1/sessions', {
          headers: secret('other'),
          body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7' },
        })
      ).status,
    ).toBe(201)
  })

  it('costs nothing for its seeded records: a new account that only reads holds only its journal', async () => {
    const core = createSandboxCore()
    expect((await send(core, 'GET /__sandbox/fixtures', { headers: secret('reader') })).status).toBe(200)
    const held = await usage(core, 'reader')
    expect(held.bytes).toMatchObject({ faults: 0, deliveries: 0, records: 0 })
  })
})

describe('the sandbox-wide byte budget', () => {
  it('evicts an idle account to make room, and when every other account is active refuses only an account past its share', async () => {
    let now = 0
    const core = createSandboxCore({
      limits: { accountBytes: 640 * KiB, bytes: 700 * KiB, activeWindowMs: 1_000 },
      activity: () => now,
    })
    const arm = (account: string) =>
      send(core, 'POST /__sandbox/faults', { headers: secret(account), body: bigFault(60 * KiB) })
    for (let i = 0; i < 7; i++) expect((await arm('first')).status).toBe(201)
    now += 5_000
    // `first` is idle now: it is evicted to make room for `second`.
    for (let i = 0; i < 7; i++) expect((await arm('second')).status).toBe(201)
    expect(core.tenants.all().map((tenant) => tenant.id)).toEqual(['second:test'])
    expect(core.tenants.usage().bytes).toMatchObject({ limit: 700 * KiB, accountLimit: 640 * KiB })
    expect(core.tenants.usage().bytes.held).toBeLessThanOrEqual(700 * KiB)
    // Both active: the budget is full, but `third` holds less than its share (700 KiB over 2 accounts) and is let
    // through up to it; past it, it is refused, and nothing of the other's is touched.
    for (let i = 0; i < 5; i++) expect((await arm('third')).status).toBe(201)
    const refused = await arm('third')
    expect(refused.status).toBe(429)
    expect((refused.body as { message: string }).message).toMatch(
      /^the sandbox holds .* of run-time state across its accounts, its budget of 700 KiB, .* more than its share/,
    )
    expect((await usage(core, 'second')).bytes.faults).toBeGreaterThan(6 * 60 * KiB)
    // `second`, over its share with the budget full, is refused too.
    expect((await arm('second')).status).toBe(429)
  })
})

describe('in-process webhook handler under the byte budget', () => {
  it('keeps delivering to an account whose finished deliveries make room', async () => {
    const core = createSandboxCore({
      limits: { accountBytes: 384 * KiB },
      webhookTransport: handlerTransport(() => undefined),
    })
    await send(core, 'POST /__sandbox/webhooks/endpoints', {
      headers: secret('busy'),
      body: { url: 'http://127.0.0.1:9/hooks' },
    })
    for (let i = 0; i < 40; i++) {
      const triggered = await send(core, 'POST /__sandbox/webhooks/trigger', {
        headers: secret('busy'),
        body: { type: 'transaction_failed', data: { failureReason: 'r'.repeat(MAX_TRIGGER_DATA_CHARS - 100) } },
      })
      expect(triggered.status).toBe(201)
      await core.tenants.get('busy', 'test').background.settled()
    }
    expect((await usage(core, 'busy')).bytes.total).toBeLessThanOrEqual(384 * KiB)
  })
})

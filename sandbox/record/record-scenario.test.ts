import { describe, expect, it } from 'vitest'
import type { TenantFixtures } from '#contract/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { send } from '#http/test-request.ts'
import { decryptCredentials, generateHostKeyPair } from '#portable/frames/credentials.ts'
import { openInProcessFrame } from '#frames/server/in-process-frame.ts'
import { encodeQuote } from '#portable/frames/machines/purchase-flow.ts'
import { frameMachines } from '#portable/frames/machines/index.ts'
import { challengeParams } from '#frames/testing/frame-script.ts'
import { magic } from '#http/routes/platform-test-kit.ts'
import { signWidgetUrl } from '#kernel/widget-url-signature.ts'
import { recordScenario } from './record-scenario.ts'

const core = createSandboxCore({ seed: 1 })
let accounts = 0
const WALLET = { address: '0x52908400098527886E0F7030069857D2E4169EE7' }
/** Waits until an opened frame has posted an event of `kind` (its effects settle asynchronously). */
const posted = (opened: { events: Array<{ kind: string }> }, kind: string) =>
  expect.poll(() => opened.events.map((e) => e.kind), { timeout: 15_000, message: `a ${kind} event` }).toContain(kind)

/** A partner's flow on a fresh account of the in-process core, as its server, client and frames would run it. */
function partner() {
  const account = `recorded${++accounts}`
  const sk = { 'x-api-key': `sk_test_${account}` }
  const tenant = () => core.tenants.get(account, 'test')
  let channels = 0
  const frame = async (name: keyof typeof frameMachines, params: Record<string, string>) => {
    const opened = await openInProcessFrame(core, frameMachines[name]!, {
      channelId: `ch_${account}_${++channels}`,
      ...params,
    })
    opened.runtime.receive({ kind: 'ack' })
    await opened.runtime.idle()
    return opened
  }
  return {
    account,
    tenant,
    session: async (
      contact: { email: string; phoneNumber: string } = magic.usNy,
      extra: Record<string, unknown> = {},
    ) =>
      (
        (
          await send(core, 'POST /platform/v1/sessions', {
            headers: sk,
            body: { externalCustomerId: 'buyer-1', deviceIp: '203.0.113.7', ...contact, ...extra },
          })
        ).body as { data: { sessionToken: string } }
      ).data.sessionToken,
    frame,
    /** The check frame, its credentials decrypted as the partner's client does. */
    async connect(sessionToken: string) {
      const keys = await generateHostKeyPair()
      const check = await frame('check', { sessionToken, publicKey: keys.publicKeyHex })
      const complete = check.events.find((e) => e.kind === 'complete') as {
        payload: { credentials: string; customer: { id: string } }
      }
      return {
        ...(await decryptCredentials(complete.payload.credentials, keys.privateKey)),
        customerId: complete.payload.customer.id,
      }
    },
    call: (line: string, headers: Record<string, string> = sk, body?: unknown) => send(core, line, { headers, body }),
    async cardQuote(accessToken: string, amount: number) {
      const bearer = { authorization: `Bearer ${accessToken}` }
      const methods = (await send(core, 'GET /platform/v1/payment-methods', { headers: bearer })).body as {
        data: { paymentMethods: Array<{ id: string }> }
      }
      const body = {
        source: { asset: { code: 'usd' }, amount },
        destination: { asset: { code: 'eth' } },
        wallet: WALLET,
        paymentMethod: { type: 'card', id: methods.data.paymentMethods[0]!.id },
      }
      return (
        (await send(core, 'POST /platform/v1/quotes/buy', { headers: bearer, body })).body as {
          data: Parameters<typeof encodeQuote>[0]
        }
      ).data
    },
    async fixtures(): Promise<TenantFixtures> {
      return ((await send(core, 'GET /__sandbox/fixtures', { headers: sk })).body as { data: TenantFixtures }).data
    },
    async record(title = 'recorded') {
      const deliveries = (
        (await send(core, 'GET /__sandbox/webhooks/deliveries', { headers: sk })).body as {
          data: Array<{ eventId: string; endpointId: string; type: 'transaction_created' }>
        }
      ).data
      return recordScenario(tenant().journal.list(), { title, fixtures: await this.fixtures(), deliveries })
    },
  }
}

/** A card buy of 49 on the buy button: the CVV challenge, entered. */
async function cvvBuy() {
  const p = partner()
  const credentials = await p.connect(await p.session())
  const quote = await p.cardQuote(credentials.accessToken, 49)
  const buy = await p.frame('buy-button', { clientToken: credentials.clientToken, quote: encodeQuote(quote) })
  buy.runtime.act({ type: 'tapPay' })
  buy.runtime.act({ type: 'confirmSheet' })
  await posted(buy, 'challenge')
  const challenge = await p.frame(
    'challenge',
    challengeParams({ 'buy-button': buy.events }, { clientToken: credentials.clientToken }),
  )
  challenge.runtime.act({ type: 'enterCvv', cvv: '123' } as { type: string })
  await challenge.runtime.idle()
  await posted(buy, 'complete')
  return p
}

describe('recordScenario', () => {
  it('writes a created session as a createSession step with the request body', async () => {
    const p = partner()
    await p.session(magic.usNy, { externalCustomerId: 'user-42' })
    const { steps } = await p.record()
    expect(steps).toEqual([
      {
        server: 'createSession',
        as: 'session',
        body: { externalCustomerId: 'user-42', deviceIp: '203.0.113.7', ...magic.usNy },
      },
    ])
  })

  it('replays a check frame that delivered credentials as getConnection, on a channel named check', async () => {
    const p = partner()
    await p.connect(await p.session())
    expect((await p.record()).steps[1]).toEqual({
      client: 'getConnection',
      sessionToken: { $ref: 'session.sessionToken' },
      as: 'conn',
      channel: 'check',
    })
  })

  it("takes a Bearer call's access token from the connection of its session", async () => {
    const p = partner()
    const { accessToken } = await p.connect(await p.session())
    await p.call('GET /platform/v1/payment-methods', { authorization: `Bearer ${accessToken}` })
    expect((await p.record()).steps[2]).toEqual({
      client: 'getPaymentMethods',
      accessToken: { $ref: 'conn.credentials.accessToken' },
      as: 'methods',
    })
  })

  it('refers to an id an earlier result gave instead of repeating it', async () => {
    const p = partner()
    const { accessToken } = await p.connect(await p.session())
    await p.cardQuote(accessToken, 100)
    const quote = (await p.record()).steps[3] as { client: string; body: { paymentMethod: unknown } }
    expect(quote.client).toBe('getQuote')
    expect(quote.body.paymentMethod).toEqual({ type: 'card', id: { $ref: 'methods.body.data.paymentMethods.0.id' } })
  })

  it('opens a purchase frame with the connection’s client token and the encoded quote it was given', async () => {
    const p = await cvvBuy()
    expect((await p.record()).steps).toContainEqual({
      open: 'buy-button',
      channel: 'buy-button',
      params: { clientToken: { $ref: 'conn.credentials.clientToken' }, quote: { $ref: 'quote.encoded' } },
    })
  })

  it("signs a signed widget URL again on replay, with the replay run's secret key", async () => {
    const p = partner()
    const { clientToken } = await p.connect(await p.session())
    const query = { clientToken, currencyCode: 'eth', walletAddress: WALLET.address }
    const signed = signWidgetUrl(
      `http://127.0.0.1:4011/platform/v1/widget?${new URLSearchParams(query)}`,
      `sk_test_${p.account}`,
    )
    await p.frame('widget', { ...query, signature: new URL(signed).searchParams.get('signature')! })
    const params = {
      clientToken: { $ref: 'conn.credentials.clientToken' },
      currencyCode: 'eth',
      walletAddress: WALLET.address,
    }
    expect((await p.record()).steps.slice(-2)).toEqual([
      { server: 'signWidgetUrl', as: 'signed', params },
      { open: 'widget', channel: 'widget', params: { ...params, signature: { $ref: 'signed.signature' } } },
    ])
  })

  it('replays customer actions, with what the customer typed, and opens the challenge from the frame that asked for it', async () => {
    const steps = (await (await cvvBuy()).record()).steps
    expect(steps.slice(5)).toEqual([
      { customer: 'tapPay', channel: 'buy-button' },
      { customer: 'confirmSheet', channel: 'buy-button' },
      { until: 'buy-button', kind: 'challenge' },
      {
        openChallenge: 'challenge',
        from: 'buy-button',
        params: { clientToken: { $ref: 'conn.credentials.clientToken' } },
      },
      { customer: 'enterCvv', channel: 'challenge', fields: { cvv: '123' } },
      { until: 'challenge', kind: 'complete' },
      { until: 'buy-button', kind: 'complete' },
    ])
  })

  it('opens a challenge whose handshake the journal kept before the event that asked for it, waiting for that event first', async () => {
    const journal = (await cvvBuy()).tenant().journal.list()
    // A page journals by HTTP: the challenge frame's handshake may land first.
    const asked = journal.findIndex((e) => e.kind === 'frame' && e.event === 'challenge')
    const handshake = journal.findIndex((e) => e.kind === 'frame' && e.frame === 'challenge' && e.event === 'handshake')
    const reordered = journal.map((e, i) =>
      i === asked ? { ...e, seq: journal[handshake]!.seq } : i === handshake ? { ...e, seq: journal[asked]!.seq } : e,
    )
    const steps = recordScenario(reordered, { title: 't' }).steps
    const at = steps.findIndex((step) => 'openChallenge' in step)
    expect(steps.slice(at - 1, at + 1)).toEqual([
      { until: 'buy-button', kind: 'challenge' },
      {
        openChallenge: 'challenge',
        from: 'buy-button',
        params: { clientToken: { $ref: 'conn.credentials.clientToken' } },
      },
    ])
    expect(steps.filter((step) => step.until === 'buy-button' && step.kind === 'challenge')).toHaveLength(1)
  })

  it("expects each channel's events in order, without ids, tokens, instants or credentials", async () => {
    const { expect: expected } = await (await cvvBuy()).record()
    expect(Object.keys(expected.channels)).toEqual(['check', 'buy-button', 'challenge'])
    expect(expected.channels['buy-button']).toEqual({
      mode: 'exact',
      events: [
        { kind: 'handshake' },
        { kind: 'ready' },
        { kind: 'buttonPressed' },
        { kind: 'challenge', payload: { kind: 'frame' } },
        { kind: 'complete', payload: { transaction: { status: 'pending' } } },
      ],
    })
    expect(JSON.stringify(expected.channels.check)).not.toMatch(/cus_|credentials|"ciphertext"/)
  })

  it("expects each call's status and the stable fields of its body: amounts and a card's details, not ids, instants or signatures", async () => {
    const { responses } = (await (await cvvBuy()).record()).expect
    expect(Object.keys(responses)).toEqual(['methods', 'quote'])
    const card = (brand: string, availability: object) => ({
      type: 'card',
      brand,
      last4: expect.stringMatching(/^\d{4}$/),
      expiryMonth: expect.any(Number),
      expiryYear: expect.any(Number),
      availability,
    })
    expect(responses.methods).toEqual({
      status: 200,
      body: {
        data: expect.objectContaining({
          paymentMethods: [
            card('visa', { available: true }),
            card('mastercard', { available: false, reason: 'card_expired' }),
          ],
        }),
      },
    })
    expect(responses.quote).toMatchObject({
      status: 200,
      body: {
        data: {
          source: { asset: { code: 'usd' }, amount: 49 },
          feeBehavior: 'inclusive',
          executable: true,
          expiresIn: 30,
          paymentMethod: { type: 'card' },
        },
      },
    })
    expect((responses.quote!.body as { data: Record<string, unknown> }).data).not.toHaveProperty('signature')
    expect(JSON.stringify(responses)).not.toMatch(/"(pm|cus|txn)_|\d{4}-\d{2}-\d{2}T/)
  })

  it('expects only statuses when the recorded clock did not start at the price epoch', async () => {
    const p = await cvvBuy()
    const fixtures = await p.fixtures()
    const recorded = recordScenario(p.tenant().journal.list(), {
      title: 't',
      fixtures: { ...fixtures, clock: { ...fixtures.clock, startedAt: '2026-03-04T05:06:07.000Z' } },
    })
    expect(recorded.expect.responses).toEqual({ methods: { status: 200 }, quote: { status: 200 } })
    expect(recorded.notes.join('\n')).toContain('Amounts and response bodies are not expected')
  })

  it('names channels by frame in the order they opened, the same on every run', async () => {
    const names = async () => {
      const p = partner()
      await p.connect(await p.session())
      await p.connect(await p.session(magic.usNy, { externalCustomerId: 'buyer-2' }))
      return Object.keys((await p.record()).expect.channels)
    }
    expect(await names()).toEqual(['check', 'check-2'])
    expect(await names()).toEqual(['check', 'check-2'])
  })

  it('resolves credentials no check frame delivered through POST /__sandbox/connections', async () => {
    const p = partner()
    const sessionToken = await p.session()
    const connection = (await p.call('POST /__sandbox/connections', undefined, { sessionToken })).body as {
      data: { credentials: { accessToken: string } }
    }
    await p.call('GET /platform/v1/payment-methods', {
      authorization: `Bearer ${connection.data.credentials.accessToken}`,
    })
    expect((await p.record()).steps.slice(1)).toEqual([
      {
        api: 'POST /__sandbox/connections',
        as: 'connections',
        body: { sessionToken: { $ref: 'session.sessionToken' } },
      },
      {
        client: 'getPaymentMethods',
        accessToken: { $ref: 'connections.body.data.credentials.accessToken' },
        as: 'methods',
      },
    ])
  })

  it("takes the tenant's publishable key from a fixtures step, and the run's keys in an api line", async () => {
    const p = partner()
    await p.frame('reset', { apiKey: `pk_test_${p.account}` })
    await p.call(
      `GET /v3/currencies/eth/sell_quote?apiKey=pk_test_${p.account}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5`,
      {},
    )
    expect((await p.record()).steps).toEqual([
      { api: 'GET /__sandbox/fixtures', as: 'fixtures' },
      { open: 'reset', channel: 'reset', params: { apiKey: { $ref: 'fixtures.body.data.keys.publishable' } } },
      { until: 'reset', kind: 'complete' },
      {
        api: 'GET /v3/currencies/eth/sell_quote?apiKey={pk}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5',
        as: 'sellQuote',
        headers: {},
      },
    ])
  })

  it('puts an id of an earlier result into a raw call’s path as {{path}}', async () => {
    const p = await cvvBuy()
    const { accessToken } = await p.connect(await p.session(magic.usNy, { externalCustomerId: 'buyer-2' }))
    const latest = (await p.call('GET /platform/v1/transactions?limit=1', { authorization: `Bearer ${accessToken}` }))
      .body as { data: Array<{ id: string }> }
    await p.call(`GET /platform/v1/transactions/${latest.data[0]!.id}`, { authorization: `Bearer ${accessToken}` })
    expect((await p.record()).steps.slice(-2)).toEqual([
      {
        client: 'listTransactions',
        accessToken: { $ref: 'conn2.credentials.accessToken' },
        query: '?limit=1',
        as: 'transactions',
      },
      {
        api: 'GET /platform/v1/transactions/{{transactions.body.data.0.id}}',
        as: 'transactions2',
        headers: { authorization: 'Bearer {{conn2.credentials.accessToken}}' },
      },
    ])
  })

  it('lists ids that came from no recorded result in its notes, keeping them literal', () => {
    const at = '2026-01-01T00:00:00.000Z'
    const created = {
      seq: 1,
      at,
      kind: 'api',
      method: 'POST',
      path: '/platform/v1/sessions',
      query: {},
      status: 201,
    } as const
    const recorded = recordScenario(
      [
        {
          ...created,
          requestBody: { externalCustomerId: 'u1', customerId: 'cus_fromNowhere1' },
          responseBody: { data: { sessionToken: 'st_x' } },
        },
      ],
      { title: 't' },
    )
    expect(recorded.steps).toEqual([
      { server: 'createSession', as: 'session', body: { externalCustomerId: 'u1', customerId: 'cus_fromNowhere1' } },
    ])
    expect(recorded.notes.join('\n')).toContain(
      'These ids came from no recorded result and stay literal, so they may differ on replay: cus_fromNowhere1.',
    )
  })

  it('keeps amounts when the recorded clock started at the price epoch, and leaves them out otherwise', async () => {
    const fixtures = await partner().fixtures()
    const at = fixtures.clock.now
    const frame = { kind: 'frame', frame: 'widget', channelId: 'ch_w', session: null, at } as const
    const journal = [
      { ...frame, seq: 1, direction: 'out', event: 'handshake', params: { apiKey: 'pk_test_x' } },
      { ...frame, seq: 2, direction: 'out', event: 'complete', payload: { status: 'done', amount: 12.5 } },
    ] as const
    const events = (clock: TenantFixtures['clock']) =>
      recordScenario([...journal], { title: 't', fixtures: { ...fixtures, clock } }).expect.channels.widget!.events
    expect(events(fixtures.clock)[1]).toEqual({ kind: 'complete', payload: { status: 'done', amount: 12.5 } })
    expect(events({ ...fixtures.clock, startedAt: '2026-03-04T05:06:07.000Z' })[1]).toEqual({
      kind: 'complete',
      payload: { status: 'done' },
    })
  })
})

describe('recordScenario, webhooks', () => {
  /** A headless card buy of 100 after `before` (which may register an endpoint): transaction_created is emitted. */
  async function buyWithWebhooks(before: (p: ReturnType<typeof partner>) => Promise<unknown>) {
    const p = partner()
    await before(p)
    const credentials = await p.connect(await p.session())
    const quote = await p.cardQuote(credentials.accessToken, 100)
    const buy = await p.frame('buy', { clientToken: credentials.clientToken, quote: encodeQuote(quote) })
    await posted(buy, 'complete')
    await p.tenant().background.settled()
    return p
  }

  it('replays a registered endpoint as a webhooks listen step with the family it got, its events and scheme', async () => {
    const p = await buyWithWebhooks((q) =>
      q.call('POST /__sandbox/webhooks/endpoints', undefined, {
        url: 'http://127.0.0.1:9/hooks',
        events: ['transaction_created'],
        scheme: 'standard',
      }),
    )
    expect((await p.record()).steps[0]).toEqual({
      webhooks: 'listen',
      as: 'hooks',
      family: 'widget',
      events: ['transaction_created'],
      scheme: 'standard',
    })
  })

  it('expects the types of the webhooks the tenant sent, in emission order', async () => {
    const p = await buyWithWebhooks((q) =>
      q.call('POST /__sandbox/webhooks/endpoints', undefined, { url: 'http://127.0.0.1:9/hooks' }),
    )
    expect((await p.record()).expect.webhooks).toEqual({ mode: 'exact', events: [{ type: 'transaction_created' }] })
  })

  it('expects no webhooks and adds no listen step when the tenant sent none', async () => {
    const p = await buyWithWebhooks(async () => undefined)
    const recorded = await p.record()
    expect(recorded.expect.webhooks).toBeUndefined()
    expect(recorded.steps.some((step) => 'webhooks' in step)).toBe(false)
  })
})

import { createServer as createHttpServer, type Server as HttpServer } from 'node:http'
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { TriggeredWebhook, WebhookDelivery, dataOf } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import { fetchTransport, type WebhookTransport } from '#kernel/webhook-transport.ts'

/**
 * Receivers that misbehave, on real sockets: one that never answers, one that resets the connection, one that answers
 * something that is not HTTP. None may hold up the request that emitted the event, a clock advance, or another
 * account's deliveries.
 */
const servers: Array<HttpServer | TcpServer> = []
const sockets = new Set<Socket>()
afterEach(async () => {
  for (const socket of sockets) socket.destroy()
  sockets.clear()
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

async function listening(server: HttpServer | TcpServer): Promise<string> {
  servers.push(server)
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
}

const RECEIVERS = {
  /** Reads the request and never answers (until the test ends and its socket is destroyed). */
  'never answers': () => listening(createHttpServer(() => undefined)),
  /** Destroys the connection as soon as the request arrives. */
  'resets the connection': () => listening(createHttpServer((request) => request.socket.destroy())),
  /** Answers bytes that are not HTTP, then closes. */
  'answers garbage': () =>
    listening(createTcpServer((socket) => socket.once('data', () => socket.end('not http at all\r\n\r\n')))),
}

/** A good receiver: 200 to everything, counting what arrives. */
async function goodReceiver() {
  const received: string[] = []
  const url = await listening(
    createHttpServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        received.push(body)
        response.writeHead(200).end()
      })
    }),
  )
  return { url, received }
}

/**
 * Real `fetch`, with a timeout past the test's own (30 s): an attempt that waits for a silent receiver is in flight
 * until the test ends, so a request or an advance that waited on it would time the test out instead of passing.
 */
const patientFetch: WebhookTransport = { post: (request) => fetchTransport.post({ ...request, timeoutMs: 120_000 }) }

let accounts = 0

async function accountAt(core: SandboxCore, url: string) {
  const name = `receivers${++accounts}`
  const headers = { 'x-api-key': `sk_test_${name}` }
  expect((await send(core, 'POST /__sandbox/webhooks/endpoints', { headers, body: { url } })).status).toBe(201)
  return {
    tenant: core.tenants.get(name, 'test'),
    trigger: () => send(core, 'POST /__sandbox/webhooks/trigger', { headers, body: { type: 'transaction_updated' } }),
    advance: (by: string) => send(core, 'POST /__sandbox/clock/advance', { headers, body: { by } }),
    deliveries: async () =>
      conforms(
        dataOf(WebhookDelivery.array()),
        (await send(core, 'GET /__sandbox/webhooks/deliveries', { headers })).body,
      ).data,
  }
}

describe('a receiver that misbehaves', () => {
  it.each(Object.keys(RECEIVERS) as Array<keyof typeof RECEIVERS>)(
    'that %s holds up neither the emitting request, a clock advance, nor another account',
    async (kind) => {
      const core = createSandboxCore({ webhookTransport: patientFetch })
      const bad = await accountAt(core, await RECEIVERS[kind]())
      const good = await goodReceiver()
      const other = await accountAt(core, good.url)
      const emitted = await bad.trigger()
      expect(emitted.status).toBe(201)
      expect((await bad.advance('1h')).status).toBe(200)
      const triggered = conforms(dataOf(TriggeredWebhook), (await other.trigger()).body).data
      await other.tenant.background.settled()
      expect(good.received).toEqual([triggered.deliveries[0]!.body])
      expect((await other.deliveries())[0]).toMatchObject({ status: 'delivered' })
    },
  )

  it.each(['resets the connection', 'answers garbage'] as const)(
    'that %s counts as a failed attempt with no status, retried later',
    async (kind) => {
      const core = createSandboxCore({ webhookTransport: patientFetch })
      const bad = await accountAt(core, await RECEIVERS[kind]())
      await bad.trigger()
      await bad.tenant.background.settled()
      const [delivery] = await bad.deliveries()
      expect(delivery).toMatchObject({
        status: 'pending',
        attempts: [{ status: null, error: expect.stringMatching(/^connection failed/) }],
      })
      expect(delivery!.nextAttemptAt).not.toBeNull()
    },
  )

  it('that never answers is given up on after the timeout, and retried', async () => {
    const shortFetch: WebhookTransport = { post: (request) => fetchTransport.post({ ...request, timeoutMs: 200 }) }
    const core = createSandboxCore({ webhookTransport: shortFetch })
    const bad = await accountAt(core, await RECEIVERS['never answers']())
    await bad.trigger()
    await bad.tenant.background.settled()
    expect((await bad.deliveries())[0]).toMatchObject({
      status: 'pending',
      attempts: [{ status: null, error: 'no answer within 200 ms' }],
    })
  })
})

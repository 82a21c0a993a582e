import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PlatformError, SellQuote, WidgetError } from '#contract/index.ts'
import { DEFAULT_TENANT_LIMITS } from '#kernel/store/tenant-limits.ts'
import { magicContacts } from '#fixtures/magic-customers.ts'
import { startServer, type RequestLogEntry, type RunningSandbox } from './start-server.ts'

let sandbox: RunningSandbox

/** What a raw connection heard, and when it was closed (ms after it opened) and by whom, with how many bytes the client had sent. */
interface RawExchange {
  text: string
  closedAfterMs: number
  /** `server` when the server closed the connection, `client` when the exchange gave up waiting for it. */
  closedBy: 'server' | 'client'
  sentBytes: number
}

/**
 * Opens a raw connection, writes `head` and `body` (each chunk once it is flushed), then, with `trickle`, writes a
 * little every `everyMs` for ever: a client that sends slowly, or sends part of a body and stops. Resolves when the
 * connection closes: by the server, or by the client after `giveUpMs` (which a test then reports as a failure).
 */
function rawExchange(
  url: string,
  head: string,
  options: {
    body?: Buffer[]
    trickle?: { write: (socket: Socket) => number; everyMs: number }
    giveUpMs?: number
  } = {},
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const started = Date.now()
    const socket = connect(Number(new URL(url).port), '127.0.0.1')
    let text = ''
    let sentBytes = 0
    let closedBy: RawExchange['closedBy'] = 'server'
    socket.write(head)
    for (const chunk of options.body ?? []) if (socket.write(chunk)) sentBytes += chunk.length
    const { trickle } = options
    const timer =
      trickle &&
      setInterval(() => {
        if (socket.writable) sentBytes += trickle.write(socket)
      }, trickle.everyMs)
    const giveUp = setTimeout(() => {
      closedBy = 'client'
      socket.destroy()
    }, options.giveUpMs ?? 20_000)
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')))
    socket.on('error', () => {})
    socket.on('close', () => {
      clearInterval(timer)
      clearTimeout(giveUp)
      resolve({ text, closedAfterMs: Date.now() - started, closedBy, sentBytes })
    })
  })
}

const jsonOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as unknown
const CHUNK = Buffer.alloc(64 * 1024, 0x20)

beforeAll(async () => {
  sandbox = await startServer({ port: 0, framesPort: 0 })
})
afterAll(() => sandbox.close())

describe('startServer', () => {
  it('serves a valid sell quote over HTTP', async () => {
    const response = await fetch(
      `${sandbox.apiUrl}/v3/currencies/eth/sell_quote?apiKey=pk_test_sandbox&quoteCurrencyCode=usd&baseCurrencyAmount=0.5&payoutMethod=sepa_bank_transfer`,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(SellQuote.safeParse(await response.json()).success).toBe(true)
  })

  it('answers CONNECT with 405 on both origins, not a closed socket', async () => {
    for (const url of [sandbox.apiUrl, sandbox.framesUrl]) {
      const heard = await rawExchange(url, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n')
      expect(heard.closedBy).toBe('server')
      expect(heard.text).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/)
      expect(heard.text).toContain('allow: GET, POST, PUT, PATCH, DELETE, OPTIONS')
      expect(jsonOf(heard.text)).toMatchObject({
        message: expect.stringContaining('CONNECT is not a method of this sandbox'),
      })
    }
  })

  it('listens on 127.0.0.1 only by default', () => {
    expect(sandbox.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(sandbox.framesUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('serves frame pages on the frames origin and 404 elsewhere there', async () => {
    expect(
      (await fetch(`${sandbox.framesUrl}/platform/v1/reset?channelId=channel-1&apiKey=pk_test_sandbox`)).status,
    ).toBe(200)
    expect((await fetch(`${sandbox.framesUrl}/nothing`)).status).toBe(404)
  })

  it('drops the connection for an injected network error', async () => {
    const account = `net${process.pid}`
    await fetch(`${sandbox.apiUrl}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'x-api-key': `sk_test_${account}`, 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/v3/currencies', networkError: true }),
    })
    await expect(fetch(`${sandbox.apiUrl}/v3/currencies?apiKey=pk_test_${account}`)).rejects.toThrow()
    expect((await fetch(`${sandbox.apiUrl}/v3/currencies?apiKey=pk_test_${account}`)).status).toBe(200)
  })

  it('refuses a body over 1 MB with 413', async () => {
    const response = await fetch(`${sandbox.apiUrl}/__sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'x-api-key': 'sk_test_big', 'content-type': 'application/json' },
      body: JSON.stringify({ by: 'x'.repeat(1_100_000) }),
    })
    expect(response.status).toBe(413)
  })

  it('answers a preflight of a client call from an allowed origin with that origin, and never *', async () => {
    const response = await fetch(`${sandbox.apiUrl}/platform/v1/payment-methods`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization, content-type')
  })

  it('answers a preflight of the control API without any CORS header', async () => {
    const response = await fetch(`${sandbox.apiUrl}/__sandbox/journal`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key',
      },
    })
    expect(response.status).toBe(204)
    expect([...response.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([])
  })

  it('serves the browser client to host pages on any origin (a module script needs CORS; it is public code)', async () => {
    const response = await fetch(`${sandbox.apiUrl}/sandbox-client.js`, {
      headers: { origin: 'https://partner.example' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    await response.text()
  }, 30_000)

  it("refuses fetch's default text/plain body on a JSON route with 415", async () => {
    const response = await fetch(`${sandbox.apiUrl}/__sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'x-api-key': 'sk_test_plain' },
      body: JSON.stringify({ by: '1s' }),
    })
    expect(response.status).toBe(415)
    expect(PlatformError.parse(await response.json()).errors).toEqual([
      { field: 'Content-Type', message: 'Content-Type must be application/json' },
    ])
  })

  it('answers 413 as soon as Content-Length announces more than 1 MB, and closes without waiting for the upload', async () => {
    // The client sends the headers and none of the 10 MB: the answer can only come from the headers.
    const head =
      'POST /__sandbox/clock/advance HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: sk_test_big\r\ncontent-type: application/json\r\ncontent-length: 10000000\r\n\r\n'
    const heard = await rawExchange(sandbox.apiUrl, head)
    expect(heard.closedBy).toBe('server')
    expect(heard.text).toMatch(/^HTTP\/1\.1 413 /)
    expect(heard.text.toLowerCase()).toContain('connection: close')
    expect(jsonOf(heard.text)).toEqual({ code: 'invalid_request', message: 'body must be at most 1000000 bytes' })
  }, 30_000)

  it('cuts a chunked body at 1 MB with 413 and closes, without waiting for the rest', async () => {
    // 17 chunks of 64 KB (1.06 MB) and then nothing, not even the last chunk: only a cut at 1 MB answers.
    const head =
      'POST /platform/v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: sk_test_big\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n'
    const chunk = Buffer.concat([Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from('\r\n')])
    const heard = await rawExchange(sandbox.apiUrl, head, { body: Array.from({ length: 17 }, () => chunk) })
    expect(heard.closedBy).toBe('server')
    expect(heard.text).toMatch(/^HTTP\/1\.1 413 /)
    expect(jsonOf(heard.text)).toEqual({ code: 'invalid_request', message: 'body must be at most 1000000 bytes' })
  }, 30_000)

  it('answers 405 with Allow for a wrong method', async () => {
    const response = await fetch(`${sandbox.apiUrl}/v3/currencies?apiKey=pk_test_sandbox`, { method: 'DELETE' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET')
    expect(WidgetError.safeParse(await response.json()).success).toBe(true)
  })

  it('answers 400 for a path parameter with broken percent-encoding', async () => {
    const response = await fetch(`${sandbox.apiUrl}/v3/currencies/%E0%A4%A/sell_quote?apiKey=pk_test_sandbox`)
    expect(response.status).toBe(400)
    expect((await response.json()).message).toBe('currencyCode is not valid percent-encoding')
  })

  it('answers an oversized URL with 431 and an Error body', async () => {
    const response = await fetch(`${sandbox.apiUrl}/v3/currencies?apiKey=pk_test_sandbox&pad=${'x'.repeat(20_000)}`)
    expect(response.status).toBe(431)
    expect(WidgetError.parse(await response.json()).message).toBe(
      'The request line and headers must be at most 16 KB together',
    )
  })

  it('prints no warning when bound to loopback', async () => {
    const warnings: string[] = []
    const local = await startServer({ port: 0, framesPort: 0, warn: (message) => warnings.push(message) })
    await local.close()
    expect(warnings).toEqual([])
  })

  it("lets other requests' work through while it draws a seed's shared records (once per seed and mode)", async () => {
    const fresh = await startServer({ port: 0, framesPort: 0, seed: 4_251 })
    try {
      const building = fresh.core.tenants.get('first_on_the_seed', 'test').store()
      let ranMeanwhile = false
      setImmediate(() => (ranMeanwhile = true))
      await building
      expect(ranMeanwhile).toBe(true)
    } finally {
      await fresh.close()
    }
  })

  it('says on GET /__sandbox/health how full the sandbox is: accounts, records, bytes and kept states against their limits', async () => {
    const health = async () =>
      (await (await fetch(`${sandbox.apiUrl}/__sandbox/health`)).json()) as {
        usage: {
          accounts: { held: number; limit: number }
          records: { held: number; limit: number }
          bytes: { held: number; limit: number }
        }
      }
    const before = (await health()).usage
    await sandbox.core.tenants.get('health_usage', 'test').store()
    const read = await health()
    expect(read).toMatchObject({
      status: 'ok',
      stateFile: null,
      usage: {
        accounts: { held: before.accounts.held + 1, limit: DEFAULT_TENANT_LIMITS.tenants },
        records: { held: before.records.held, limit: DEFAULT_TENANT_LIMITS.records },
        bytes: { held: before.bytes.held, limit: DEFAULT_TENANT_LIMITS.bytes },
        parked: { accounts: 0, forgotten: 0 },
      },
    })
    // A store read alone holds nothing: the seed is shared. A session is one record, counted in bytes too.
    const created = await fetch(`${sandbox.apiUrl}/platform/v1/sessions`, {
      method: 'POST',
      headers: { 'x-api-key': 'sk_test_health_usage', 'content-type': 'application/json' },
      body: JSON.stringify({ externalCustomerId: 'u1', deviceIp: '203.0.113.7', ...magicContacts.usNy }),
    })
    expect(created.status).toBe(201)
    const written = (await health()).usage
    expect(written.records.held).toBe(before.records.held + 1)
    expect(written.bytes.held).toBeGreaterThan(before.bytes.held + 100)
  })

  it('answers HEAD without a body', async () => {
    const response = await fetch(`${sandbox.apiUrl}/openapi.json`, { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
  })
})

describe('startServer time limits', () => {
  // Each limit on a server of its own, the other one far away: a 408 before the client gives up (20 s) is that limit's.
  let slowHeaders: RunningSandbox
  let slowBody: RunningSandbox

  beforeAll(async () => {
    slowHeaders = await startServer({ port: 0, framesPort: 0, timeouts: { headersMs: 600, requestMs: 60_000 } })
    slowBody = await startServer({ port: 0, framesPort: 0, timeouts: { headersMs: 1_200, requestMs: 1_200 } })
  })
  afterAll(async () => {
    await slowHeaders.close()
    await slowBody.close()
  })

  /** A header line every 100 ms, for ever. */
  const slowHeaderLines = { write: (socket: Socket) => (socket.write('X-Slow: y\r\n'), 11), everyMs: 100 }

  it('disconnects a client that sends its headers too slowly, with 408, once the headers timeout has passed', async () => {
    const heard = await rawExchange(
      slowHeaders.apiUrl,
      'GET /v3/currencies?apiKey=pk_test_sandbox HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      { trickle: slowHeaderLines },
    )
    expect(heard.closedBy).toBe('server')
    expect(heard.text).toMatch(/^HTTP\/1\.1 408 /)
    expect(heard.closedAfterMs).toBeGreaterThanOrEqual(600)
  }, 30_000)

  it('disconnects a client that sends its body too slowly, with 408, once the request timeout has passed', async () => {
    const head =
      'POST /__sandbox/clock/advance HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: sk_test_slow\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n'
    const heard = await rawExchange(slowBody.apiUrl, head, {
      trickle: { write: (socket) => (socket.write(' '), 1), everyMs: 100 },
    })
    expect(heard.closedBy).toBe('server')
    expect(heard.text).toMatch(/^HTTP\/1\.1 408 /)
    expect(heard.closedAfterMs).toBeGreaterThanOrEqual(1_200)
  }, 30_000)

  it('holds the frames origin to the same limits', async () => {
    const heard = await rawExchange(slowHeaders.framesUrl, 'GET /platform/v1/reset HTTP/1.1\r\nHost: 127.0.0.1\r\n', {
      trickle: slowHeaderLines,
    })
    expect(heard.closedBy).toBe('server')
    expect(heard.text).toMatch(/^HTTP\/1\.1 408 /)
  }, 30_000)
})

describe('startServer on every interface', () => {
  it('listens on 0.0.0.0 and gives out 127.0.0.1 origins, which a browser can use', async () => {
    const everywhere = await startServer({ host: '0.0.0.0', port: 0, framesPort: 0 })
    try {
      expect(everywhere.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(everywhere.framesUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect((await fetch(`${everywhere.apiUrl}/`)).status).toBe(200)
    } finally {
      await everywhere.close()
    }
  })
})

describe('startServer with requestLog', () => {
  it('logs each request on either origin once its response is done, and a dropped connection without a status', async () => {
    const entries: RequestLogEntry[] = []
    const logged = await startServer({ port: 0, framesPort: 0, requestLog: (entry) => entries.push(entry) })
    try {
      await fetch(`${logged.apiUrl}/__sandbox/faults`, {
        method: 'POST',
        headers: { 'x-api-key': 'sk_test_droplog', 'content-type': 'application/json' },
        body: JSON.stringify({ path: '/v3/currencies', networkError: true }),
      })
      await expect(fetch(`${logged.apiUrl}/v3/currencies?apiKey=pk_test_droplog`)).rejects.toThrow()
      await fetch(`${logged.framesUrl}/nothing`)
      // The dropped connection's entry is written when the server sees the socket close, after the client's error.
      await expect
        .poll(() => entries.map(({ ms, ...entry }) => ({ ...entry, ms: typeof ms })), { timeout: 10_000 })
        .toEqual([
          { method: 'POST', path: '/__sandbox/faults', status: 201, tenant: 'droplog:test', ms: 'number' },
          { method: 'GET', path: '/v3/currencies', status: null, tenant: 'droplog:test', ms: 'number' },
          { method: 'GET', path: '/nothing', status: 404, tenant: null, ms: 'number' },
        ])
    } finally {
      await logged.close()
    }
  })
})

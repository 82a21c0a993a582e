import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PlatformError, SellQuote, WidgetError } from '../../contract/index.ts'
import { startServer, type RequestLogEntry, type RunningSandbox } from './start-server.ts'

let sandbox: RunningSandbox

/** What a raw connection heard, and when it was closed (ms after it opened) with how many bytes the client had sent. */
interface RawExchange {
  text: string
  closedAfterMs: number
  sentBytes: number
}

/**
 * Opens a raw connection, writes `head`, then calls `trickle` every `everyMs` until the server closes the
 * connection (or `giveUpMs` passes): a client that sends slowly or endlessly.
 */
function rawExchange(url: string, head: string, trickle: (socket: Socket) => number, everyMs: number, giveUpMs = 20_000): Promise<RawExchange> {
  return new Promise((resolve) => {
    const started = Date.now()
    const socket = connect(Number(new URL(url).port), '127.0.0.1')
    let text = ''
    let sentBytes = 0
    socket.write(head)
    const timer = setInterval(() => {
      if (socket.writable) sentBytes += trickle(socket)
    }, everyMs)
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs)
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')))
    socket.on('error', () => {})
    socket.on('close', () => {
      clearInterval(timer)
      clearTimeout(giveUp)
      resolve({ text, closedAfterMs: Date.now() - started, sentBytes })
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
    const response = await fetch(`${sandbox.apiUrl}/v3/currencies/eth/sell_quote?apiKey=pk_test_sandbox&quoteCurrencyCode=usd&baseCurrencyAmount=0.5&payoutMethod=sepa_bank_transfer`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(SellQuote.safeParse(await response.json()).success).toBe(true)
  })

  it('listens on 127.0.0.1 only by default', () => {
    expect(sandbox.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(sandbox.framesUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('serves frame pages on the frames origin and 404 elsewhere there', async () => {
    expect((await fetch(`${sandbox.framesUrl}/platform/v1/reset?channelId=channel-1&apiKey=pk_test_sandbox`)).status).toBe(200)
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
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization, content-type')
  })

  it('answers a preflight of the control API without any CORS header', async () => {
    const response = await fetch(`${sandbox.apiUrl}/__sandbox/journal`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
    })
    expect(response.status).toBe(204)
    expect([...response.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([])
  })

  it('serves the browser client to host pages on any origin (a module script needs CORS; it is public code)', async () => {
    const response = await fetch(`${sandbox.apiUrl}/sandbox-client.js`, { headers: { origin: 'https://partner.example' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    await response.text()
  }, 30_000)

  it("refuses fetch's default text/plain body on a JSON route with 415", async () => {
    const response = await fetch(`${sandbox.apiUrl}/__sandbox/clock/advance`, { method: 'POST', headers: { 'x-api-key': 'sk_test_plain' }, body: JSON.stringify({ by: '1s' }) })
    expect(response.status).toBe(415)
    expect(PlatformError.parse(await response.json()).errors).toEqual([{ field: 'Content-Type', message: 'Content-Type must be application/json' }])
  })

  it('answers 413 as soon as Content-Length announces more than 1 MB, and closes without reading the upload', async () => {
    const head = 'POST /__sandbox/clock/advance HTTP/1.1\r\nHost: x\r\nx-api-key: sk_test_big\r\ncontent-type: application/json\r\ncontent-length: 10000000\r\n\r\n'
    // 64 KB every 20 ms: the 10 MB would take 3 s to send.
    const heard = await rawExchange(sandbox.apiUrl, head, (socket) => (socket.write(CHUNK), CHUNK.length), 20)
    expect(heard.text).toMatch(/^HTTP\/1\.1 413 /)
    expect(heard.text.toLowerCase()).toContain('connection: close')
    expect(jsonOf(heard.text)).toEqual({ code: 'invalid_request', message: 'body must be at most 1000000 bytes' })
    expect(heard.sentBytes).toBeLessThan(1_000_000)
  }, 30_000)

  it('cuts a chunked body at 1 MB with 413 and closes, without waiting for the rest', async () => {
    const head = 'POST /platform/v1/sessions HTTP/1.1\r\nHost: x\r\nx-api-key: sk_test_big\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n'
    const chunk = (socket: Socket) => (socket.write(`${CHUNK.length.toString(16)}\r\n`), socket.write(CHUNK), socket.write('\r\n'), CHUNK.length)
    const heard = await rawExchange(sandbox.apiUrl, head, chunk, 20)
    expect(heard.text).toMatch(/^HTTP\/1\.1 413 /)
    expect(heard.sentBytes).toBeGreaterThan(1_000_000)
    expect(heard.sentBytes).toBeLessThan(3_000_000)
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
    expect(WidgetError.parse(await response.json()).message).toBe('The request line and headers must be at most 16 KB together')
  })

  it('prints no warning when bound to loopback', async () => {
    const warnings: string[] = []
    const local = await startServer({ port: 0, framesPort: 0, warn: (message) => warnings.push(message) })
    await local.close()
    expect(warnings).toEqual([])
  })

  it('answers HEAD without a body', async () => {
    const response = await fetch(`${sandbox.apiUrl}/openapi.json`, { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
  })
})

describe('startServer time limits', () => {
  let slow: RunningSandbox

  beforeAll(async () => {
    slow = await startServer({ port: 0, framesPort: 0, timeouts: { headersMs: 600, requestMs: 1_200 } })
  })
  afterAll(() => slow.close())

  it('disconnects a client that sends its headers too slowly, with 408, within the headers timeout', async () => {
    const heard = await rawExchange(slow.apiUrl, 'GET /v3/currencies?apiKey=pk_test_sandbox HTTP/1.1\r\nHost: x\r\n', (socket) => (socket.write('X-Slow: y\r\n'), 11), 100)
    expect(heard.text).toMatch(/^HTTP\/1\.1 408 /)
    // The limit, plus node's check interval (a quarter of it) and scheduling slack.
    expect(heard.closedAfterMs).toBeLessThan(600 + 150 + 1_000)
  }, 30_000)

  it('disconnects a client that sends its body too slowly, with 408, within the request timeout', async () => {
    const head = 'POST /__sandbox/clock/advance HTTP/1.1\r\nHost: x\r\nx-api-key: sk_test_slow\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n'
    const heard = await rawExchange(slow.apiUrl, head, (socket) => (socket.write(' '), 1), 100)
    expect(heard.text).toMatch(/^HTTP\/1\.1 408 /)
    expect(heard.closedAfterMs).toBeLessThan(1_200 + 150 + 1_000)
  }, 30_000)

  it('holds the frames origin to the same limits', async () => {
    const heard = await rawExchange(slow.framesUrl, 'GET /platform/v1/reset HTTP/1.1\r\nHost: x\r\n', (socket) => (socket.write('X-Slow: y\r\n'), 11), 100)
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
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(entries.map(({ ms, ...entry }) => ({ ...entry, ms: typeof ms }))).toEqual([
        { method: 'POST', path: '/__sandbox/faults', status: 201, tenant: 'droplog:test', ms: 'number' },
        { method: 'GET', path: '/v3/currencies', status: null, tenant: 'droplog:test', ms: 'number' },
        { method: 'GET', path: '/nothing', status: 404, tenant: null, ms: 'number' },
      ])
    } finally {
      await logged.close()
    }
  })
})

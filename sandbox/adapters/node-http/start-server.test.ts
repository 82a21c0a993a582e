import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SellQuote, WidgetError } from '../../contract/index.ts'
import { startServer, type RequestLogEntry, type RunningSandbox } from './start-server.ts'

let sandbox: RunningSandbox

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

  it('answers a preflight with CORS headers', async () => {
    const response = await fetch(`${sandbox.apiUrl}/v3/currencies`, { method: 'OPTIONS' })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })

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

  it('answers HEAD without a body', async () => {
    const response = await fetch(`${sandbox.apiUrl}/openapi.json`, { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
  })
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

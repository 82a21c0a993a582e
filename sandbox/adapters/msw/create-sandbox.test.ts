import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningSandbox } from '../node-http/index.ts'
import { createSandbox } from './create-sandbox.ts'

const MSW_BASE = 'http://ramp.test'
// Both sides sign with one secret, so quote signatures (and every other signed text) agree byte for byte.
const SECRET = 'a1'.repeat(32)
let real: RunningSandbox
const mocked = createSandbox({ baseUrl: MSW_BASE, secret: SECRET })
const server = setupServer(...mocked.handlers)

beforeAll(async () => {
  real = await startServer({ port: 0, framesPort: 0, secret: SECRET })
  server.listen({ onUnhandledRequest: 'bypass' })
})
afterAll(async () => {
  server.close()
  await real.close()
})

/** What a partner's code does: plain fetch against a base URL. */
async function partnerCall(base: string, path: string, init?: RequestInit) {
  const response = await fetch(`${base}${path}`, init)
  return { status: response.status, body: await response.text() }
}

const calls: Array<[string, RequestInit?]> = [
  ['/v3/currencies?apiKey=pk_test_parity'],
  [
    '/v3/currencies/eth/sell_quote?apiKey=pk_test_parity&quoteCurrencyCode=usd&baseCurrencyAmount=0.5&payoutMethod=sepa_bank_transfer',
  ],
  [
    '/v3/currencies/btc/sell_quote?apiKey=pk_test_parity&quoteCurrencyCode=jpy&baseCurrencyAmount=0.12345&extraFeePercentage=3',
  ],
  ['/v3/currencies/eth/sell_quote?apiKey=pk_test_parity&quoteCurrencyCode=usd&baseCurrencyAmount=1e400'],
  ['/v3/currencies/doge/sell_quote?apiKey=pk_test_parity&quoteCurrencyCode=usd&baseCurrencyAmount=200'],
  ['/v3/currencies/eth/sell_quote?quoteCurrencyCode=usd&baseCurrencyAmount=0.5'],
  ['/nope'],
  [
    '/__sandbox/clock/advance',
    {
      method: 'POST',
      headers: { 'x-api-key': 'sk_test_parity', 'content-type': 'application/json' },
      body: '{"by":"45s"}',
    },
  ],
  ['/v3/currencies/eth/sell_quote?apiKey=pk_test_parity&quoteCurrencyCode=eur&baseCurrencyAmount=2'],
  ['/v4/accounts/me?apiKey=pk_test_parity'],
  ['/v1/defi/tokens?apiKey=pk_test_parity&sort=price&limit=3&offset=1'],
  ['/v1/defi/token?apiKey=pk_test_parity&contractAddress=0xdac17f958d2ee523a2206206994597c13d831ec7'],
  ['/v1/defi/token?apiKey=pk_test_parity&contractAddress=nope'],
  ['/v4/swap/pairs?apiKey=pk_test_parity'],
  ['/v4/swap/usdc-eth/quote?apiKey=pk_test_parity&baseCurrencyAmount=100'],
  ['/v4/swap/xtz-eth/quote?apiKey=pk_test_parity&baseCurrencyAmount=10'],
  ['/v3/currencies/eth/buy_quote?apiKey=pk_test_parity&baseCurrencyCode=usd&baseCurrencyAmount=100'],
  ['/v3/currencies/eth/limits?apiKey=pk_test_parity&baseCurrencyCode=eur'],
  ['/v3/currencies/network_fees?apiKey=pk_test_parity&cryptoCurrencies=eth,btc&fiatCurrencies=usd'],
  ['/v3/currencies/btc/ask_price?apiKey=pk_test_parity'],
  ['/v1/transactions?limit=2', { headers: { 'x-api-key': 'sk_test_parity' } }],
  [
    '/__sandbox/sell_transactions',
    {
      method: 'POST',
      headers: { 'x-api-key': 'sk_test_parity', 'content-type': 'application/json' },
      body: '{"baseCurrencyCode":"eth","quoteCurrencyCode":"usd","baseCurrencyAmount":0.5,"externalTransactionId":"parity-1"}',
    },
  ],
  ['/v3/sell_transactions/ext/parity-1?apiKey=pk_test_parity'],
  ['/v3/sell_transactions?limit=5', { headers: { 'x-api-key': 'sk_test_parity' } }],
  ['/v3/countries'],
  ['/v3/ip_address?apiKey=pk_test_parity&ipAddress=198.51.100.7'],
  ['/v3/payment_methods', { headers: { 'x-api-key': 'sk_test_parity' } }],
  ['/__sandbox/journal', { headers: { 'x-api-key': 'sk_test_parity' } }],
]

describe('msw handlers', () => {
  it('give the same status and body as the real server for every call', async () => {
    for (const [path, init] of calls) {
      const viaServer = await partnerCall(real.apiUrl, path, init)
      const viaMsw = await partnerCall(MSW_BASE, path, init)
      expect({ path, ...viaMsw }).toEqual({ path, ...viaServer })
    }
  })

  it('refuse a text/plain body on a JSON route with the same 415 as the real server', async () => {
    const init = {
      method: 'POST',
      headers: { 'x-api-key': 'sk_test_mswplain', 'content-type': 'text/plain' },
      body: '{"by":"45s"}',
    }
    const viaMsw = await partnerCall(MSW_BASE, '/__sandbox/clock/advance', init)
    expect(viaMsw.status).toBe(415)
    expect(viaMsw).toEqual(await partnerCall(real.apiUrl, '/__sandbox/clock/advance', init))
  })

  it('echo an allowed Origin on a widget call, as the real server does', async () => {
    const response = await fetch(`${MSW_BASE}/v3/currencies?apiKey=pk_test_mswcors`, {
      headers: { origin: 'http://localhost:3000' },
    })
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
    expect(response.headers.get('vary')).toBe('Origin')
  })

  it('turn an injected network error into a failed fetch', async () => {
    await fetch(`${MSW_BASE}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'x-api-key': 'sk_test_mswfault', 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/v3/currencies', networkError: true }),
    })
    await expect(fetch(`${MSW_BASE}/v3/currencies?apiKey=pk_test_mswfault`)).rejects.toThrow()
  })
})

describe('ramp-sandbox/msw', () => {
  it('exports ready handlers under the package name', async () => {
    const module = await import('ramp-sandbox/msw')
    expect(module.handlers.length).toBeGreaterThan(0)
    expect(typeof module.createSandbox).toBe('function')
  })
})

import { describe, expect, it } from 'vitest'
import { coreFetch } from './core-fetch.ts'
import { createSandboxCore } from './sandbox-core.ts'
import { send } from './test-request.ts'

const core = createSandboxCore({ seed: 1 })
const sandboxFetch = coreFetch(core, 'https://ramp-sandbox.invalid/')

describe('coreFetch', () => {
  it('answers a URL on its origin from the core, as a Response with the JSON body', async () => {
    const response = await sandboxFetch(
      'https://ramp-sandbox.invalid/v3/currencies/eth/sell_quote?apiKey=pk_test_corefetch&quoteCurrencyCode=usd&baseCurrencyAmount=0.5',
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(await response.json()).toMatchObject({ baseCurrencyAmount: 0.5 })
  })

  it('sends a JSON body and the headers given', async () => {
    const response = await sandboxFetch(new URL('https://ramp-sandbox.invalid/__sandbox/faults'), {
      method: 'POST',
      headers: { 'x-api-key': 'sk_test_corefetch', 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/v3/currencies', status: 503 }),
    })
    expect(response.status).toBe(201)
  })

  it('rejects a URL on another origin with a TypeError, as fetch rejects a host it cannot reach', async () => {
    await expect(sandboxFetch('https://ramp.example/v3/currencies')).rejects.toThrow(TypeError)
    await expect(sandboxFetch('https://ramp.example/v3/currencies')).rejects.toThrow(
      /reaches https:\/\/ramp-sandbox.invalid only/,
    )
  })

  it('rejects with a TypeError when a networkError fault drops the connection', async () => {
    await send(core, 'POST /__sandbox/faults', {
      headers: { 'x-api-key': 'sk_test_dropped' },
      body: { path: '/v3/currencies', networkError: true },
    })
    await expect(sandboxFetch('https://ramp-sandbox.invalid/v3/currencies?apiKey=pk_test_dropped')).rejects.toThrow(
      /dropped the connection/,
    )
  })
})

import { describe, expect, it } from 'vitest'
import type { PlainRequest } from './plain-http.ts'
import { createSandboxCore } from './sandbox-core.ts'
import { send } from './test-request.ts'

const get = (path: string, query: Record<string, string> = {}): PlainRequest => ({
  method: 'GET',
  path,
  query,
  headers: {},
})

describe('the request pipeline', () => {
  it('answers a sell quote without a promise once the account is made: nothing in its way waits', async () => {
    const core = createSandboxCore()
    const quote = get('/v3/currencies/eth/sell_quote', {
      apiKey: 'pk_test_sandbox',
      quoteCurrencyCode: 'usd',
      baseCurrencyAmount: '0.5',
      payoutMethod: 'sepa_bank_transfer',
    })
    await core.handle(quote)
    const response = core.handle(quote)
    expect(response).not.toBeInstanceOf(Promise)
    expect(response).toMatchObject({ kind: 'reply', status: 200 })
  })

  it.each([
    ['a tenant route', 'GET /v3/currencies?apiKey=pk_test_sandbox', 200],
    ['a public route', 'GET /openapi.json', 200],
    ['a control read, which the journal skips', 'GET /__sandbox/journal', 200],
    ['a path no route has', 'GET /v3/nowhere', 404],
    ['a refused key', 'GET /v3/currencies?apiKey=nope', 401],
  ])('makes the JSON of %s once, for the adapter to send as is', async (_, line, status) => {
    const headers: Record<string, string> = line.includes('__sandbox') ? { 'x-api-key': 'sk_test_sandbox' } : {}
    const response = await send(createSandboxCore(), line, { headers })
    expect(response.status).toBe(status)
    expect(response.json).toBe(JSON.stringify(response.body))
  })

  it('journals the very text it answers', async () => {
    const core = createSandboxCore()
    const response = await send(core, 'GET /v3/currencies?apiKey=pk_test_sandbox')
    const [entry] = core.tenants.byKeyIfProvisioned('pk_test_sandbox')!.journal.snapshot().entries
    expect(entry?.responseJson).toBe(response.json)
  })
})

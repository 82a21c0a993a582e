import { describe, expect, it } from 'vitest'
import { createSandboxCore } from './sandbox-core.ts'
import { send } from './test-request.ts'

const core = createSandboxCore()

async function document() {
  const response = await send(core, 'GET /openapi.json')
  expect(response.status).toBe(200)
  return response.body as { openapi: string; paths: Record<string, Record<string, any>> }
}

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document', async () => {
    expect((await document()).openapi).toBe('3.1.0')
  })

  it('covers every route of the table', async () => {
    const { paths } = await document()
    const documented = Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
    const served = core.routes.map((r) => `${r.method} ${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`)
    expect(documented.sort()).toEqual(served.sort())
  })

  it('documents the sell-quote query parameters from the contract', async () => {
    const operation = (await document()).paths['/v3/currencies/{currencyCode}/sell_quote']!.get
    const params = Object.fromEntries(operation.parameters.map((p: any) => [p.name, p]))
    expect(params.currencyCode.in).toBe('path')
    expect(params.quoteCurrencyCode.required).toBe(true)
    expect(params.baseCurrencyAmount.required).toBe(true)
    expect(params.extraFeePercentage.required).toBe(false)
    expect(params.payoutMethod.schema.enum).toEqual([
      'ach_bank_transfer', 'credit_debit_card', 'wallet_service', 'gbp_bank_transfer',
      'gbp_open_banking_payment', 'pix_instant_payment', 'sepa_bank_transfer',
    ])
  })

  it('documents the narrower payoutMethod enum of the response', async () => {
    const operation = (await document()).paths['/v3/currencies/{currencyCode}/sell_quote']!.get
    const schema = operation.responses['200'].content['application/json'].schema
    expect(schema.properties.payoutMethod.enum).toEqual(['ach_bank_transfer', 'credit_debit_card', 'wallet_service', 'gbp_bank_transfer', 'sepa_bank_transfer'])
  })

  it('documents the US-state enum of notAllowedUSStates', async () => {
    const operation = (await document()).paths['/v3/currencies/{currencyCode}/sell_quote']!.get
    const crypto = operation.responses['200'].content['application/json'].schema.properties.baseCurrency
    expect(crypto.properties.notAllowedUSStates.items.enum).toContain('TT')
    expect(crypto.properties.notAllowedUSStates.items.enum).toHaveLength(57)
  })
})

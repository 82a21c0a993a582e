import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CurrencyList, SellQuote, WidgetError } from '#contract/index.ts'
import { startServer, type RunningSandbox } from '#adapters/node-http/index.ts'
import { createSandboxCore } from '../sandbox-core.ts'
import type { PlainQuery } from '../plain-http.ts'

/** Values a careless or hostile client sends. */
const garbage = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'NaN',
    'nan',
    'Infinity',
    '-Infinity',
    '1e400',
    '-1e-400',
    '0x10',
    '0b1',
    '1_000',
    '+1',
    '-0',
    '.5',
    '5.',
    '1..2',
    '１２３',
    '١٢٣',
    '߁',
    '\u0000',
    '1\u0000',
    '0.5\u0000',
    '%00',
    '%',
    '😀',
    'null',
    'undefined',
    '[]',
    '{}',
    'true',
    '0.123456',
    '1,5',
    ' 0.5 ',
    '9'.repeat(400),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.double().map(String),
  fc.integer().map(String),
  fc.bigInt().map(String),
  fc.nat(20).map((n) => 'x'.repeat(n * 500)),
)

/** A plausible value for each parameter, so the fuzzer also reaches deep rules. */
const plausible: Record<string, fc.Arbitrary<string>> = {
  currencyCode: fc.constantFrom('eth', 'btc', 'sol', 'doge', 'xtz', 'trx', 'usd', 'xrp', 'shib', 'ETH'),
  apiKey: fc.constantFrom('pk_test_fuzz', 'pk_live_fuzz', 'sk_test_fuzz', 'pk_test_', `pk_test_${'a'.repeat(65)}`),
  quoteCurrencyCode: fc.constantFrom('usd', 'eur', 'gbp', 'brl', 'jpy', 'kwd', 'ngn', 'btc'),
  baseCurrencyAmount: fc.constantFrom('0.5', '1', '0.00001', '100000', '0.12345', '1000000000'),
  extraFeePercentage: fc.constantFrom('0', '5', '10', '11'),
  payoutMethod: fc.constantFrom(
    'sepa_bank_transfer',
    'ach_bank_transfer',
    'pix_instant_payment',
    'credit_debit_card',
    'gbp_bank_transfer',
  ),
}

/** A parameter: absent, plausible, garbage, or repeated. */
const param = (name: string) =>
  fc.oneof(
    fc.constant(undefined),
    plausible[name]!,
    garbage,
    fc.tuple(plausible[name]!, garbage).map(([a, b]) => [a, b]),
  )

const request = fc.record({
  currencyCode: fc.oneof(
    plausible.currencyCode!,
    garbage.filter((s) => s.length > 0 && !s.includes('/')),
  ),
  list: fc.boolean(),
  query: fc.record({
    apiKey: param('apiKey'),
    quoteCurrencyCode: param('quoteCurrencyCode'),
    baseCurrencyAmount: param('baseCurrencyAmount'),
    extraFeePercentage: param('extraFeePercentage'),
    payoutMethod: param('payoutMethod'),
  }),
  extra: fc.dictionary(fc.string({ maxLength: 10 }), garbage, { maxKeys: 3 }),
})

type Generated = typeof request extends fc.Arbitrary<infer T> ? T : never

function queryOf(generated: Generated): PlainQuery {
  const query: PlainQuery = {}
  for (const [name, value] of Object.entries(generated.extra)) query[name] = value
  for (const [name, value] of Object.entries(generated.query)) if (value !== undefined) query[name] = value
  return query
}

function checkAnswer(status: number, body: unknown, list: boolean): void {
  expect(status).toBeGreaterThanOrEqual(200)
  expect(status).toBeLessThan(500)
  if (status === 200) expect((list ? CurrencyList : SellQuote).safeParse(body).success).toBe(true)
  else expect(WidgetError.safeParse(body).success, JSON.stringify(body)).toBe(true)
}

describe('widget API under garbage input', () => {
  it('never answers 5xx in-process, and every answer matches the contract', { timeout: 120_000 }, async () => {
    const core = createSandboxCore()
    await fc.assert(
      fc.asyncProperty(request, async (generated) => {
        const path = generated.list
          ? '/v3/currencies'
          : `/v3/currencies/${encodeURIComponent(generated.currencyCode)}/sell_quote`
        const response = await core.handle({ method: 'GET', path, query: queryOf(generated), headers: {} })
        expect(response.kind).toBe('reply')
        if (response.kind === 'reply') checkAnswer(response.status, response.body, generated.list)
      }),
      { numRuns: 1500 },
    )
  })

  describe('over HTTP', () => {
    let sandbox: RunningSandbox
    beforeAll(async () => {
      sandbox = await startServer({ port: 0, framesPort: 0 })
    })
    afterAll(() => sandbox.close())

    it('never answers 5xx for any encoding of the garbage', { timeout: 120_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(request, async (generated) => {
          const search = new URLSearchParams()
          for (const [name, value] of Object.entries(queryOf(generated))) {
            for (const one of Array.isArray(value) ? value : [value]) search.append(name, one)
          }
          const path = generated.list
            ? '/v3/currencies'
            : `/v3/currencies/${encodeURIComponent(generated.currencyCode)}/sell_quote`
          const response = await fetch(`${sandbox.apiUrl}${path}?${search}`)
          checkAnswer(response.status, await response.json(), generated.list)
        }),
        { numRuns: 250 },
      )
    })

    it('never answers 5xx for raw bytes in the path and query', { timeout: 120_000 }, async () => {
      const raw = fc.constantFrom('%00', '%', '%zz', '%E0%A4%A', '%FF%FE', '..', '%2F', '%C0%AF', '\u00e9')
      await fc.assert(
        fc.asyncProperty(raw, raw, async (inPath, inQuery) => {
          const response = await fetch(
            `${sandbox.apiUrl}/v3/currencies/eth${inPath}/sell_quote?apiKey=pk_test_raw&quoteCurrencyCode=usd&baseCurrencyAmount=0.5${inQuery}`,
          )
          checkAnswer(response.status, await response.json(), false)
        }),
        { numRuns: 81 },
      )
    })
  })
})

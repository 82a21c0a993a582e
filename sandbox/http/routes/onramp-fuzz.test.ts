import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { BuyLimits, NetworkFees, WidgetBuyQuote, WidgetError, WidgetTransactionList } from '#contract/index.ts'
import { createSandboxCore } from '../sandbox-core.ts'
import type { PlainQuery } from '../plain-http.ts'

/** Values a careless or hostile client sends. */
const garbage = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'NaN',
    'Infinity',
    '1e400',
    '-1',
    '-0',
    '.5',
    '5.',
    '0.000000001',
    '１２３',
    '\u0000',
    '__proto__',
    'constructor',
    ',',
    ',,eth',
    '9'.repeat(400),
    '2026-02-30',
    '2026-01-01T00:00:00Z',
  ),
  fc.string({ maxLength: 30 }),
  fc.double().map(String),
  fc.integer().map(String),
)

/** A plausible value per parameter, so the fuzzer also reaches deep rules. */
const plausible: Record<string, fc.Arbitrary<string>> = {
  baseCurrencyCode: fc.constantFrom('usd', 'eur', 'gbp', 'jpy', 'btc', 'USD'),
  baseCurrencyAmount: fc.constantFrom('5', '30', '100', '100.5', '11000', '20000', '1000000000000'),
  quoteCurrencyAmount: fc.constantFrom('0.0001', '0.01', '0.5', '3', '50'),
  extraFeePercentage: fc.constantFrom('0', '3', '10', '11'),
  paymentMethod: fc.constantFrom('credit_debit_card', 'apple_pay', 'google_pay', 'sepa_bank_transfer'),
  areFeesIncluded: fc.constantFrom('true', 'false'),
  cryptoCurrencies: fc.constantFrom('eth', 'eth,btc', 'ETH,sol', 'usd'),
  fiatCurrencies: fc.constantFrom('usd', 'usd,eur', 'eth'),
  customerId: fc.constantFrom('cus_x', 'constructor'),
  externalCustomerId: fc.constantFrom('user-1', '__proto__'),
  externalTransactionId: fc.constantFrom('order-1', 'toString'),
  startDate: fc.constantFrom('2025-01-01', '2026-12-31', '2026-13-01'),
  endDate: fc.constantFrom('2025-12-31', '2027-01-01'),
  limit: fc.constantFrom('1', '10', '50', '51', '0'),
  offset: fc.constantFrom('0', '3', '999999', '-1'),
}

const param = (name: string) =>
  fc.oneof(
    fc.constant(undefined),
    plausible[name]!,
    garbage,
    fc.tuple(plausible[name]!, garbage).map(([a, b]) => [a, b]),
  )

/** Each route, the parameters it reads and what a 200 answers. */
const ROUTES: Array<{ path: (code: string) => string; params: string[]; schema: z.ZodType; secret?: true }> = [
  {
    path: (code) => `/v3/currencies/${code}/buy_quote`,
    params: [
      'baseCurrencyCode',
      'baseCurrencyAmount',
      'quoteCurrencyAmount',
      'extraFeePercentage',
      'paymentMethod',
      'areFeesIncluded',
    ],
    schema: WidgetBuyQuote,
  },
  {
    path: (code) => `/v3/currencies/${code}/limits`,
    params: ['baseCurrencyCode', 'paymentMethod', 'areFeesIncluded'],
    schema: BuyLimits,
  },
  { path: () => '/v3/currencies/network_fees', params: ['cryptoCurrencies', 'fiatCurrencies'], schema: NetworkFees },
  {
    path: () => '/v1/transactions',
    params: ['customerId', 'externalCustomerId', 'externalTransactionId', 'startDate', 'endDate', 'limit', 'offset'],
    schema: WidgetTransactionList,
    secret: true,
  },
]

const request = fc.record({
  route: fc.nat(ROUTES.length - 1),
  code: fc.oneof(
    fc.constantFrom('eth', 'btc', 'doge', 'usd', 'nope', 'ETH'),
    garbage.filter((s) => s.length > 0 && !s.includes('/')),
  ),
  values: fc.record(Object.fromEntries(Object.keys(plausible).map((name) => [name, param(name)]))),
})

describe('On-ramp routes under garbage input', () => {
  it('never answer 5xx, and every answer matches the contract', { timeout: 120_000 }, async () => {
    const core = createSandboxCore({ seed: 1 })
    await fc.assert(
      fc.asyncProperty(request, async ({ route: index, code, values }) => {
        const route = ROUTES[index]!
        const query: PlainQuery = route.secret ? {} : { apiKey: 'pk_test_fuzz' }
        for (const name of route.params) {
          const value = values[name]
          if (value !== undefined) query[name] = value
        }
        const response = await core.handle({
          method: 'GET',
          path: route.path(encodeURIComponent(code)),
          query,
          headers: route.secret ? { 'x-api-key': 'sk_test_fuzz' } : {},
        })
        expect(response.kind).toBe('reply')
        if (response.kind !== 'reply') return
        expect(response.status).toBeLessThan(500)
        const schema = response.status === 200 ? route.schema : WidgetError
        expect(schema.safeParse(response.body).success, JSON.stringify(response.body)).toBe(true)
      }),
      { numRuns: 600 },
    )
  })
})

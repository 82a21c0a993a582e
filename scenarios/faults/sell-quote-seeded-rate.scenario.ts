import { defineScenario, type Step } from '#harness/scenario.ts'

/** Fifty widget sell quotes, as a partner's page asks for them. */
const QUOTES = 50
const sellQuote = (i: number): Step => ({
  api: 'GET /v3/currencies/eth/sell_quote?apiKey={pk}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5&payoutMethod=sepa_bank_transfer',
  as: `sell${i}`,
  headers: {},
})

/** The sell quotes the seeded draw of a 0.1 rate fails (seed 1): the same on every run and driver. */
const FAILED = new Set<number>([0, 22, 30, 31, 33, 34])

/**
 * A flaky sell-quote endpoint: a fault answers 503 to a tenth of the sell quotes, drawn from the tenant's seed, so
 * the same quotes fail on every run; the others are quoted as usual. All fifty reach the sandbox.
 */
export default defineScenario({
  title: 'a 0.1-rate 503 fault fails the same sell quotes on every run, drawn from the seed',
  tags: ['faults', 'sell-quote'],
  seed: 1,
  steps: [
    { control: 'fault', fault: { method: 'GET', path: '/v3/currencies/*/sell_quote', rate: 0.1, status: 503 } },
    ...Array.from({ length: QUOTES }, (_, i) => sellQuote(i)),
  ],
  expect: {
    responses: Object.fromEntries(
      Array.from({ length: QUOTES }, (_, i) => [
        `sell${i}`,
        FAILED.has(i) ? { status: 503 } : { status: 200, body: { baseCurrencyCode: 'eth' } },
      ]),
    ),
    requests: [
      {
        match: { method: 'GET', path: '/v3/currencies/eth/sell_quote', query: { quoteCurrencyCode: 'usd' } },
        times: QUOTES,
      },
    ],
  },
})

import { expect, test } from '../playwright.ts'

// The partners' fixture at work: a server per worker, a fresh tenant per test.
test('the sandbox fixture serves a sell quote to a fresh tenant and journals it', async ({ request, sandbox, tenant }) => {
  const response = await request.get(`${sandbox.apiUrl}/v3/currencies/eth/sell_quote?apiKey=${tenant.publishableKey}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5`)
  expect(response.status()).toBe(200)
  const journal = await tenant.journal('api')
  expect(journal.map((entry) => (entry.kind === 'api' ? entry.path : ''))).toEqual(['/v3/currencies/eth/sell_quote'])
  expect(await tenant.frameEvents()).toNeverEmit([{ kind: 'error' }])
})

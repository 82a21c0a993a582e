import { expect, test } from '../playwright.ts'

// The partners' fixture at work: a server per worker, a fresh tenant per test.
test('the sandbox fixture serves a sell quote to a fresh tenant and journals it', async ({
  request,
  sandbox,
  tenant,
}) => {
  const response = await request.get(
    `${sandbox.apiUrl}/v3/currencies/eth/sell_quote?apiKey=${tenant.publishableKey}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5`,
  )
  expect(response.status()).toBe(200)
  const journal = await tenant.journal('api')
  expect(journal.map((entry) => (entry.kind === 'api' ? entry.path : ''))).toEqual(['/v3/currencies/eth/sell_quote'])
  expect(await tenant.frameEvents()).toNeverEmit([{ kind: 'error' }])
})

test('the tenant fixture arms a fault over fetch, and toHaveReceived counts what the app sent', async ({
  request,
  sandbox,
  tenant,
}) => {
  await tenant.addFault({
    method: 'GET',
    path: '/v3/currencies/*/sell_quote',
    query: { quoteCurrencyCode: 'eur' },
    status: 503,
  })
  const quote = (currency: string) =>
    request.get(
      `${sandbox.apiUrl}/v3/currencies/eth/sell_quote?apiKey=${tenant.publishableKey}&quoteCurrencyCode=${currency}&baseCurrencyAmount=0.5`,
    )
  expect((await quote('eur')).status()).toBe(503)
  expect((await quote('usd')).status()).toBe(200)
  await expect(tenant).toHaveReceived(
    { method: 'GET', path: '/v3/currencies/eth/sell_quote', query: { quoteCurrencyCode: 'eur' } },
    { times: 1 },
  )
  await expect(tenant).not.toHaveReceived({
    method: 'GET',
    path: '/v3/currencies/eth/sell_quote',
    query: { quoteCurrencyCode: 'gbp' },
  })
  expect(await tenant.listFaults()).toEqual([])
  await expect(tenant.addFault({ path: '/__sandbox/clock', status: 500 })).rejects.toThrow(
    /path: path cannot target the control API/,
  )
})

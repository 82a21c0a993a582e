import { verifyWebhook } from '#kernel/webhook-signature.ts'
import { expect, test } from '../playwright.ts'

// The fixture's tenant is the same handle as msw's and useSandbox's (decision 0093): clock, webhooks, fixtures, reset.
test('the tenant fixture advances its clock, receives and settles its webhooks, and lists its fixtures', async ({
  request,
  sandbox,
  tenant,
}) => {
  const fixtures = await tenant.fixtures()
  expect(fixtures.customers.map((customer) => customer.email)).toContain('active.us-ny@sandbox.test')

  const received: Array<{ body: string; headers: Headers }> = []
  const endpoint = await tenant.webhooks.listen(
    async (hook) => void received.push({ body: await hook.text(), headers: hook.headers }),
    { events: ['transaction_created'] },
  )
  expect(endpoint.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
  await tenant.webhooks.trigger('transaction_created')
  expect(await tenant.webhooks.settle()).toEqual({ deliveries: 1, pending: 0, delivered: 1, failed: 0 })
  expect(() => verifyWebhook(received[0]!.body, received[0]!.headers, endpoint.secret)).not.toThrow()
  expect(await tenant.webhooks.deliveries()).toEqual([
    expect.objectContaining({ status: 'delivered', endpointId: endpoint.id }),
  ])

  const { advancedMs } = await tenant.clock.advance('5m')
  expect(advancedMs).toBe(300_000)
  const quote = await request.get(
    `${sandbox.apiUrl}/v3/currencies/eth/sell_quote?apiKey=${tenant.publishableKey}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5`,
  )
  expect(quote.status()).toBe(200)
  await expect(tenant).toHaveReceived({ method: 'GET', path: '/v3/currencies/eth/sell_quote' }, { times: 1 })

  await tenant.reset()
  expect((await tenant.fixtures()).clock.advancedMs).toBe(0)
  await expect(tenant).not.toHaveReceived({ method: 'GET', path: '/v3/currencies/eth/sell_quote' })
})

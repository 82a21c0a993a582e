import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { JournalEntry } from '#contract/index.ts'
import { verifyWebhook } from '#kernel/webhook-signature.ts'
import type { TenantHandle } from './tenant-handle.ts'
import './vitest-matchers.ts'

/** One runtime's way to a tenant handle, and the way partner code under test reaches that tenant's API. */
interface HandleRuntime {
  tenant(): TenantHandle
  /** Partner code's call to the API the tenant is on: `/path?query`. */
  partnerFetch(path: string, init?: RequestInit): Promise<Response>
}

/** A loopback server that keeps each POST's JSON body: a partner's webhook URL. Closed when the test ends. */
async function loopbackInbox(): Promise<{ url: string; bodies: unknown[] }> {
  const bodies: unknown[] = []
  const server = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk: Buffer) => (text += chunk.toString()))
    request.on('end', () => {
      bodies.push(JSON.parse(text))
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  onTestFinished(async () => {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, bodies }
}

/** The journal's API calls outside the control API: what partner code sent. */
const partnerCalls = (entries: JournalEntry[]) =>
  entries.flatMap((entry) => (entry.kind === 'api' && !entry.path.startsWith('/__sandbox/') ? [entry] : []))

const QUOTE = (tenant: TenantHandle, currency: string) =>
  `/v3/currencies/eth/sell_quote?apiKey=${tenant.publishableKey}&quoteCurrencyCode=${currency}&baseCurrencyAmount=0.5`

/**
 * The tenant handle's contract: what every runtime's handle (msw, `useSandbox`, a served sandbox as the Playwright
 * fixture's) must do alike, since every call goes through the control API (decision 0093).
 *
 * @example
 * describeTenantHandle('useSandbox', () => ({ tenant: () => sandbox.tenant(), partnerFetch: (path) => sandbox.fetch(`${sandbox.baseUrl}${path}`) }))
 */
export function describeTenantHandle(name: string, runtime: () => HandleRuntime): void {
  describe(`the tenant handle of ${name}`, () => {
    it('names its account by its keys, as its fixtures do, and lists the magic customers and triggers', async () => {
      const tenant = runtime().tenant()
      expect(tenant.publishableKey).toBe(`pk_${tenant.mode}_${tenant.account}`)
      expect(tenant.secretKey).toBe(`sk_${tenant.mode}_${tenant.account}`)
      const fixtures = await tenant.fixtures()
      expect(fixtures.tenant).toMatchObject({ account: tenant.account, mode: tenant.mode })
      expect(fixtures.keys).toEqual({ publishable: tenant.publishableKey, secret: tenant.secretKey })
      expect(fixtures.customers.map((customer) => customer.email)).toContain('active.us-ny@sandbox.test')
      expect(
        fixtures.customers.find((customer) => customer.email === 'active.us-ny@sandbox.test')?.cards.length,
      ).toBeGreaterThan(0)
      expect(fixtures.triggers.length).toBeGreaterThan(0)
    })

    it('advances its own clock and reads it', async () => {
      const tenant = runtime().tenant()
      const before = Date.parse(await tenant.clock.now())
      const advanced = await tenant.clock.advance('90s')
      expect(advanced.advancedMs).toBe(90_000)
      expect(Date.parse(advanced.now) - before).toBeGreaterThanOrEqual(90_000)
      expect(Date.parse(await tenant.clock.now())).toBeGreaterThanOrEqual(before + 90_000)
      await expect(tenant.clock.advance('soon')).rejects.toThrow(/by: by must be a duration/)
    })

    it('arms a fault that partner code meets, counts and finds what it sent, and disarms the fault', async () => {
      const { tenant: newTenant, partnerFetch } = runtime()
      const tenant = newTenant()
      await tenant.addFault({
        method: 'GET',
        path: '/v3/currencies/*/sell_quote',
        query: { quoteCurrencyCode: 'eur' },
        status: 503,
      })
      expect(await tenant.listFaults()).toHaveLength(1)
      expect((await partnerFetch(QUOTE(tenant, 'eur'))).status).toBe(503)
      expect((await partnerFetch(QUOTE(tenant, 'usd'))).status).toBe(200)
      expect(await tenant.countRequests({ method: 'GET', path: '/v3/currencies/eth/sell_quote' })).toMatchObject({
        count: 2,
      })
      expect(
        (await tenant.findRequests({ path: '/v3/currencies/eth/sell_quote', query: { quoteCurrencyCode: 'eur' } }))
          .requests,
      ).toEqual([expect.objectContaining({ status: 503 })])
      await expect(tenant).toHaveReceived(
        { method: 'GET', path: '/v3/currencies/eth/sell_quote', query: { quoteCurrencyCode: 'usd' } },
        { times: 1 },
      )
      await expect(tenant).not.toHaveReceived({
        path: '/v3/currencies/eth/sell_quote',
        query: { quoteCurrencyCode: 'gbp' },
      })
      expect(partnerCalls(await tenant.journal('api')).map((entry) => entry.status)).toEqual([503, 200])
      expect(await tenant.frameEvents()).toEqual([])
      await tenant.clearFaults()
      expect(await tenant.listFaults()).toEqual([])
      expect((await partnerFetch(QUOTE(tenant, 'eur'))).status).toBe(200)
    })

    it('hands its webhooks to a handler, signed with its webhook key, and settles and lists the deliveries', async () => {
      const tenant = runtime().tenant()
      const received: Array<{ body: string; headers: Headers }> = []
      const endpoint = await tenant.webhooks.listen(
        async (request) => void received.push({ body: await request.text(), headers: request.headers }),
        { events: ['transaction_created'] },
      )
      expect(endpoint).toMatchObject({ family: 'widget', events: ['transaction_created'], enabled: true })
      const triggered = await tenant.webhooks.trigger('transaction_created')
      expect(triggered.deliveries).toHaveLength(1)
      expect(await tenant.webhooks.settle()).toEqual({ deliveries: 1, pending: 0, delivered: 1, failed: 0 })
      expect(received).toHaveLength(1)
      expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'transaction_created' })
      const { webhookApiKey } = await tenant.webhooks.key()
      expect(webhookApiKey).toMatch(new RegExp(`^wk_${tenant.mode}_`))
      expect(() => verifyWebhook(received[0]!.body, received[0]!.headers, webhookApiKey)).not.toThrow()
      expect(() => verifyWebhook(received[0]!.body, received[0]!.headers, endpoint.secret)).not.toThrow()
      expect(await tenant.webhooks.deliveries()).toEqual([
        expect.objectContaining({ eventId: triggered.eventId, status: 'delivered', endpointId: endpoint.id }),
      ])
    })

    it('registers a loopback URL as an endpoint, which the deliveries reach over the network', async () => {
      const tenant = runtime().tenant()
      const inbox = await loopbackInbox()
      await tenant.webhooks.listen(inbox.url, { family: 'platform' })
      await tenant.webhooks.trigger('transaction.updated')
      expect(await tenant.webhooks.settle()).toMatchObject({ delivered: 1, failed: 0 })
      expect(inbox.bodies).toEqual([expect.objectContaining({ type: 'transaction.updated' })])
      await expect(tenant.webhooks.listen('https://example.com/hooks')).rejects.toThrow(/url/)
    })

    it('resets to its seeded state: clock, faults and journal', async () => {
      const { tenant: newTenant, partnerFetch } = runtime()
      const tenant = newTenant()
      await tenant.clock.advance('1h')
      await tenant.addFault({ method: 'GET', path: '/v3/currencies/*/sell_quote', status: 503 })
      await partnerFetch(QUOTE(tenant, 'usd'))
      expect(await tenant.reset()).toMatchObject({ account: tenant.account, mode: tenant.mode })
      expect(await tenant.listFaults()).toEqual([])
      expect((await tenant.fixtures()).clock.advancedMs).toBe(0)
      expect(partnerCalls(await tenant.journal('api'))).toEqual([])
    })
  })
}

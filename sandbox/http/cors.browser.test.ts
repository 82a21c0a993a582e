import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'
import { magic, platformAccount } from './routes/platform-test-kit.ts'
import { send } from './test-request.ts'

const env = useBrowserSandbox()

/** What a page's own `fetch` got: the status and body, or the browser's refusal (a TypeError, CORS or network). */
type Outcome = { ok: true; status: number; body: unknown } | { ok: false; error: string }

function pageFetch(
  page: Page,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Outcome> {
  return page.evaluate(
    async ({ url, init }) => {
      try {
        const response = await fetch(url, init)
        const text = await response.text()
        return { ok: true as const, status: response.status, body: text === '' ? null : JSON.parse(text) }
      } catch (error) {
        return { ok: false as const, error: `${(error as Error).name}: ${(error as Error).message}` }
      }
    },
    { url, init },
  )
}

/** The host page on `http://partner.localhost:<port>`: an origin no default pattern matches. */
async function partnerPage(): Promise<Page> {
  const page = await env.browser.newPage()
  await page.goto(env.host.partnerUrl)
  await page.waitForFunction(() => (window as any).ready === true)
  return page
}

const partnerOrigin = () => new URL(env.host.partnerUrl).origin

describe('CORS in Chromium', () => {
  it('keeps a page on a foreign origin from reading /__sandbox/journal with the default key', async () => {
    const page = await partnerPage()
    const outcome = await pageFetch(page, `${env.sandbox.apiUrl}/__sandbox/journal`, {
      headers: { 'x-api-key': 'sk_test_sandbox' },
    })
    expect(outcome).toEqual({ ok: false, error: 'TypeError: Failed to fetch' })
    await page.close()
  }, 30_000)

  it('keeps a page on a foreign origin from injecting a fault: the refused preflight stops the request', async () => {
    const page = await partnerPage()
    const account = `corsfault${process.pid}`
    const outcome = await pageFetch(page, `${env.sandbox.apiUrl}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'x-api-key': `sk_test_${account}`, 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/v3/currencies', status: 503 }),
    })
    expect(outcome.ok).toBe(false)
    const faults = await send(env.sandbox.core, 'GET /__sandbox/faults', {
      headers: { 'x-api-key': `sk_test_${account}` },
    })
    expect(faults.body).toEqual({ data: [] })
    await page.close()
  }, 30_000)

  it('keeps even an allowed origin from calling the control API', async () => {
    const outcome = await pageFetch(env.page, `${env.sandbox.apiUrl}/__sandbox/journal`, {
      headers: { 'x-api-key': 'sk_test_sandbox' },
    })
    expect(outcome).toEqual({ ok: false, error: 'TypeError: Failed to fetch' })
  }, 30_000)

  it('lets a page on an allowed origin call a Bearer route through the client', async () => {
    const { connection } = await platformAccount(env.sandbox.core).connect(magic.usNy)
    const answer = await env.page.evaluate(
      (token) => (window as any).sandbox.getPaymentMethods(token),
      connection.credentials.accessToken,
    )
    expect(answer.status).toBe(200)
  }, 30_000)

  it("lets a page call a Bearer route only once its origin is in the token's tenant allowed origins", async () => {
    const account = platformAccount(env.sandbox.core)
    const { connection } = await account.connect(magic.usNy)
    const page = await partnerPage()
    const url = `${env.sandbox.apiUrl}/platform/v1/payment-methods`
    const headers = { authorization: `Bearer ${connection.credentials.accessToken}` }
    expect((await pageFetch(page, url, { headers })).ok).toBe(false)
    // Another tenant allowing the origin lets the preflight pass; the answer is still held to the token's tenant.
    const other = platformAccount(env.sandbox.core)
    await send(env.sandbox.core, 'PUT /__sandbox/settings', {
      headers: other.headers,
      body: { allowedOrigins: [partnerOrigin()] },
    })
    expect((await pageFetch(page, url, { headers })).ok).toBe(false)
    await send(env.sandbox.core, 'PUT /__sandbox/settings', {
      headers: account.headers,
      body: { allowedOrigins: [partnerOrigin()] },
    })
    expect(await pageFetch(page, url, { headers })).toMatchObject({ ok: true, status: 200 })
    await page.close()
  }, 30_000)
})

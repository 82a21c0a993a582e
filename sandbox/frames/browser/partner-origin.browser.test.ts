import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { DEFAULT_ALLOWED_ORIGINS } from '#kernel/tenant.ts'
import { send } from '#http/test-request.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'
import { originMatches } from '#portable/origin-matches.ts'

const env = useBrowserSandbox()

const partnerOrigin = () => new URL(env.host.partnerUrl).origin

/** A fresh account that lets only the partner origin embed its frames, a connected customer of it, and a host page there. */
async function partner() {
  const account = platformAccount(env.sandbox.core)
  await send(env.sandbox.core, 'PUT /__sandbox/settings', {
    headers: account.headers,
    body: { allowedOrigins: [partnerOrigin()] },
  })
  const { sessionToken, connection } = await account.connect(magic.usNy)
  const page = await env.browser.newPage()
  await page.goto(env.host.partnerUrl)
  await page.waitForFunction(() => (window as any).ready === true)
  return {
    account,
    page,
    apiKey: `pk_test_${account.account}`,
    sessionToken,
    clientToken: connection.credentials.clientToken,
  }
}

/** Mounts a frame from the host page with these parameters; resolves with the first `count` events the host heard. */
async function mount(
  page: Page,
  frame: string,
  params: Record<string, string>,
  count = 2,
): Promise<Array<{ kind: string; payload?: unknown }>> {
  await page.evaluate(
    ([name, p]) => (window as any).sandbox.setupFrame(name, { params: p, onEvent: (window as any).record }),
    [frame, params] as const,
  )
  await page.waitForFunction((n) => (window as any).frameEvents.length >= n, count, { timeout: 10_000 })
  return page.evaluate(() =>
    (window as any).frameEvents.map(({ kind, payload }: any) => (payload === undefined ? { kind } : { kind, payload })),
  )
}

const tampered = (token: string) => `${token.slice(0, -5)}${token.at(-5) === 'A' ? 'B' : 'A'}${token.slice(-4)}`
const INVALID_TOKEN = [
  { kind: 'handshake' },
  { kind: 'error', payload: { code: 'invalid_token', message: expect.any(String) } },
]

describe('frames on an origin only the tenant allows, in Chromium', () => {
  it('uses a host origin the default allowed origins do not match', () => {
    expect(DEFAULT_ALLOWED_ORIGINS.some((pattern) => originMatches(partnerOrigin(), pattern))).toBe(false)
  })

  it('connect a customer through the check frame there: the origin is allowed and a secure context (credentials decrypt with WebCrypto)', async () => {
    const { page, sessionToken } = await partner()
    const connection = await page.evaluate(
      (token) =>
        (window as any).sandbox
          .getConnection(token)
          .then((c: any) => ({ status: c.status, hasAccess: c.credentials.accessToken.startsWith('at_') })),
      sessionToken,
    )
    expect(connection).toEqual({ status: 'active', hasAccess: true })
    await page.close()
  }, 20_000)

  it('report invalid_token for a valid apiKey and a tampered clientToken', async () => {
    const { page, apiKey, clientToken } = await partner()
    expect(await mount(page, 'reset', { apiKey, clientToken: tampered(clientToken) })).toEqual(INVALID_TOKEN)
    await page.close()
  }, 20_000)

  it('report invalid_token for a valid apiKey and an expired sessionToken', async () => {
    const { account, page, apiKey, sessionToken } = await partner()
    await send(env.sandbox.core, 'POST /__sandbox/clock/advance', { headers: account.headers, body: { by: '25h' } })
    expect(await mount(page, 'check', { apiKey, sessionToken, publicKey: 'a'.repeat(64) })).toEqual(INVALID_TOKEN)
    await page.close()
  }, 20_000)

  it('report invalid_token for a valid apiKey and a revoked sessionToken', async () => {
    const { account, page, apiKey, sessionToken } = await partner()
    await send(env.sandbox.core, 'DELETE /platform/v1/sessions', { headers: account.headers, body: { sessionToken } })
    expect(await mount(page, 'connect', { apiKey, sessionToken, publicKey: 'a'.repeat(64) })).toEqual(INVALID_TOKEN)
    await page.close()
  }, 20_000)

  it('report invalid_token for a valid apiKey and a bad challengeToken', async () => {
    const { page, apiKey } = await partner()
    expect(await mount(page, 'challenge', { apiKey, challengeToken: 'cg_nothing.bad' })).toEqual(INVALID_TOKEN)
    await page.close()
  }, 20_000)
})

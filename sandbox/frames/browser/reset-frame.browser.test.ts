import type { Frame, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { send } from '#http/test-request.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'
import { connectionKey } from '#browser/frame-page/connection-memory.ts'

const env = useBrowserSandbox()

const hostPage = () => env.newHostPage()

async function eventsOf(page: Page, count: number): Promise<Array<{ kind: string; payload?: unknown }>> {
  await page.waitForFunction((n) => (window as any).frameEvents.length >= n, count, { timeout: 10_000 })
  return page.evaluate(() =>
    (window as any).frameEvents.map(({ kind, payload }: any) => (payload === undefined ? { kind } : { kind, payload })),
  )
}

/**
 * A frame of the frames origin in the host page (all of them share the frames origin's storage there). The client
 * removes its headless check and reset frames once they answer, so one is mounted to read the storage: a check page
 * without a channel (it only says what is missing), with the account's key so the host page may embed it.
 */
async function framesOriginFrame(page: Page, apiKey: string): Promise<Frame> {
  const find = () => page.frames().find((f) => f.url().startsWith(env.sandbox.framesUrl))
  if (!find()) {
    await page.evaluate(
      (url) =>
        new Promise((resolve) => {
          const iframe = document.createElement('iframe')
          iframe.style.display = 'none'
          iframe.onload = resolve
          iframe.src = url
          document.body.append(iframe)
        }),
      `${env.sandbox.framesUrl}/platform/v1/check?apiKey=${apiKey}`,
    )
  }
  const frame = find()
  if (!frame) throw new Error('no frame of the frames origin in the page')
  return frame
}

const remembered = async (page: Page, account: { account: string; tenant(): { id: string } }) =>
  (await framesOriginFrame(page, `pk_test_${account.account}`)).evaluate(
    (key) => localStorage.getItem(key),
    connectionKey(account.tenant().id),
  )

describe('reset frame in Chromium', { timeout: 30_000 }, () => {
  it('shakes hands, then logs the customer out and completes', async () => {
    const account = platformAccount(env.sandbox.core)
    const { connection } = await account.connect(magic.usNy)
    const page = await hostPage()
    await page.evaluate(
      (clientToken) => (window as any).sandbox.resetConnection(clientToken, { onEvent: (window as any).record }),
      connection.credentials.clientToken,
    )
    expect(await eventsOf(page, 2)).toEqual([{ kind: 'handshake' }, { kind: 'complete', payload: {} }])
    const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
    expect((await send(env.sandbox.core, 'GET /platform/v1/payment-methods', { headers: bearer })).status).toBe(401)
    const journal = account.tenant().journal.list({ kind: 'frame' })
    expect(journal.map((e) => (e.kind === 'frame' ? `${e.direction} ${e.event}` : ''))).toEqual([
      'out handshake',
      'in ack',
      'out complete',
    ])
    await page.close()
  }, 20_000)

  it('posts error when a fault fails its auth.reset effect on the frames origin, as an in-process frame does, and journals the effect as a call', async () => {
    const account = platformAccount(env.sandbox.core)
    const { connection } = await account.connect(magic.usNy)
    const armed = await send(env.sandbox.core, 'POST /__sandbox/faults', {
      headers: account.headers,
      body: { method: 'POST', path: '/__frames/effects/auth.reset', status: 503 },
    })
    expect(armed.status).toBe(201)
    const page = await hostPage()
    await page.evaluate(
      (clientToken) => (window as any).sandbox.resetConnection(clientToken, { onEvent: (window as any).record }),
      connection.credentials.clientToken,
    )
    expect(await eventsOf(page, 2)).toEqual([
      { kind: 'handshake' },
      { kind: 'error', payload: { code: 'internal_error', message: expect.stringContaining('Injected fault') } },
    ])
    const calls = account
      .tenant()
      .journal.list({ kind: 'api' })
      .filter((e) => e.kind === 'api' && e.path.startsWith('/__frames/'))
    expect(
      calls,
      JSON.stringify(
        account
          .tenant()
          .journal.list()
          .map((e) => [e.kind, (e as any).path ?? (e as any).event]),
      ),
    ).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/__frames/effects/auth.reset',
        status: 503,
        answeredByFault: true,
      }),
    ])
    const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
    expect((await send(env.sandbox.core, 'GET /platform/v1/payment-methods', { headers: bearer })).status).toBe(200)
    await page.close()
  }, 20_000)

  it("clears the customer a check remembered in the frames origin's storage with an apiKey only, and revokes no session", async () => {
    const account = platformAccount(env.sandbox.core)
    const sessionToken = await account.session(magic.usNy)
    const page = await hostPage()
    const connection = await page.evaluate((token) => (window as any).sandbox.getConnection(token), sessionToken)
    expect(JSON.parse((await remembered(page, account))!)).toEqual({
      customerId: connection.customer.id,
      frame: 'check',
    })

    await page.evaluate((apiKey) => {
      const { createClient } = (window as any).sandboxClient
      const client = createClient({ ...(window as any).sandbox.options, apiKey })
      client.resetConnection(undefined, { onEvent: (window as any).record })
    }, `pk_test_${account.account}`)
    expect(await eventsOf(page, 2)).toEqual([{ kind: 'handshake' }, { kind: 'complete', payload: {} }])
    expect(await remembered(page, account)).toBeNull()
    const reset = account
      .tenant()
      .journal.list({ kind: 'state' })
      .find((e) => e.kind === 'state' && e.event === 'auth:reset')
    expect(reset).toMatchObject({
      detail: {
        authorizedBy: 'apiKey',
        revokedSessions: 0,
        browserState: 'cleared',
        clearedCustomerId: connection.customer.id,
      },
    })
    const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
    expect((await send(env.sandbox.core, 'GET /platform/v1/payment-methods', { headers: bearer })).status).toBe(200)
    await page.close()
  }, 30_000)

  it('clears the remembered customer with a clientToken too, besides revoking the session', async () => {
    const account = platformAccount(env.sandbox.core)
    const sessionToken = await account.session(magic.usNy)
    const page = await hostPage()
    const connection = await page.evaluate((token) => (window as any).sandbox.getConnection(token), sessionToken)
    expect(await remembered(page, account)).not.toBeNull()
    await page.evaluate(
      (clientToken) => (window as any).sandbox.resetConnection(clientToken, { onEvent: (window as any).record }),
      connection.credentials.clientToken,
    )
    expect(await eventsOf(page, 2)).toEqual([{ kind: 'handshake' }, { kind: 'complete', payload: {} }])
    expect(await remembered(page, account)).toBeNull()
    const reset = account
      .tenant()
      .journal.list({ kind: 'state' })
      .find((e) => e.kind === 'state' && e.event === 'auth:reset')
    expect(reset).toMatchObject({
      detail: {
        authorizedBy: 'clientToken',
        revokedSessions: 1,
        browserState: 'cleared',
        clearedCustomerId: connection.customer.id,
      },
    })
    await page.close()
  }, 30_000)
})

import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningSandbox } from '../../adapters/node-http/index.ts'
import { magic, platformAccount } from '../../core/routes/platform-test-kit.ts'
import { send } from '../../core/test-request.ts'
import { launchChromium } from '../../testing/chromium.ts'
import { startHostPage, type HostPageServer } from '../../testing/host-page-server.ts'

let sandbox: RunningSandbox
let host: HostPageServer
let browser: Browser

beforeAll(async () => {
  sandbox = await startServer({ port: 0, framesPort: 0 })
  host = await startHostPage(sandbox.apiUrl, sandbox.framesUrl)
  browser = await launchChromium()
}, 30_000)
afterAll(async () => {
  await browser?.close()
  await host?.close()
  await sandbox?.close()
})

async function hostPage(): Promise<Page> {
  const page = await browser.newPage()
  await page.goto(host.url)
  await page.waitForFunction(() => (window as any).ready === true)
  return page
}

async function eventsOf(page: Page, count: number): Promise<Array<{ kind: string; payload?: unknown }>> {
  await page.waitForFunction((n) => (window as any).frameEvents.length >= n, count, { timeout: 10_000 })
  return page.evaluate(() => (window as any).frameEvents.map(({ kind, payload }: any) => (payload === undefined ? { kind } : { kind, payload })))
}

describe('reset frame in Chromium', () => {
  it('shakes hands, then logs the customer out and completes', async () => {
    const account = platformAccount(sandbox.core)
    const { connection } = await account.connect(magic.usNy)
    const page = await hostPage()
    await page.evaluate((clientToken) => (window as any).sandbox.resetConnection(clientToken, { onEvent: (window as any).record }), connection.credentials.clientToken)
    expect(await eventsOf(page, 2)).toEqual([{ kind: 'handshake' }, { kind: 'complete', payload: {} }])
    const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
    expect((await send(sandbox.core, 'GET /platform/v1/payment-methods', { headers: bearer })).status).toBe(401)
    const journal = account.tenant().journal.list({ kind: 'frame' })
    expect(journal.map((e) => (e.kind === 'frame' ? `${e.direction} ${e.event}` : ''))).toEqual(['out handshake', 'in ack', 'out complete'])
    await page.close()
  })
})

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { magic, platformAccount } from '../../core/routes/platform-test-kit.ts'
import { send } from '../../core/test-request.ts'
import { useBrowserSandbox } from '../../testing/browser-sandbox.ts'

const env = useBrowserSandbox()

const hostPage = () => env.newHostPage()

async function eventsOf(page: Page, count: number): Promise<Array<{ kind: string; payload?: unknown }>> {
  await page.waitForFunction((n) => (window as any).frameEvents.length >= n, count, { timeout: 10_000 })
  return page.evaluate(() => (window as any).frameEvents.map(({ kind, payload }: any) => (payload === undefined ? { kind } : { kind, payload })))
}

describe('reset frame in Chromium', { timeout: 30_000 }, () => {
  it('shakes hands, then logs the customer out and completes', async () => {
    const account = platformAccount(env.sandbox.core)
    const { connection } = await account.connect(magic.usNy)
    const page = await hostPage()
    await page.evaluate((clientToken) => (window as any).sandbox.resetConnection(clientToken, { onEvent: (window as any).record }), connection.credentials.clientToken)
    expect(await eventsOf(page, 2)).toEqual([{ kind: 'handshake' }, { kind: 'complete', payload: {} }])
    const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
    expect((await send(env.sandbox.core, 'GET /platform/v1/payment-methods', { headers: bearer })).status).toBe(401)
    const journal = account.tenant().journal.list({ kind: 'frame' })
    expect(journal.map((e) => (e.kind === 'frame' ? `${e.direction} ${e.event}` : ''))).toEqual(['out handshake', 'in ack', 'out complete'])
    await page.close()
  })
})

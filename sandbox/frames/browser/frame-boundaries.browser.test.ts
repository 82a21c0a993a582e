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

/** A host page that mounts a frame by hand, so the test decides what to send and when. */
async function rawHost(src: string): Promise<Page> {
  const page = await browser.newPage()
  await page.goto(host.url)
  await page.waitForFunction(() => (window as any).ready === true)
  await page.evaluate((frameSrc) => {
    const w = window as any
    w.received = []
    window.addEventListener('message', (event) => w.received.push(JSON.parse(event.data).kind))
    const iframe = document.createElement('iframe')
    iframe.src = frameSrc
    document.body.prepend(iframe)
    w.frame = iframe
  }, src)
  return page
}

const framesReceived = (page: Page) => page.evaluate(() => (window as any).received as string[])
const sendToFrame = (page: Page, message: unknown, origin: string) =>
  page.evaluate(([m, o]) => (window as any).frame.contentWindow.postMessage(JSON.stringify(m), o), [message, origin] as const)

async function connectedReset(channelId: string) {
  const account = platformAccount(sandbox.core)
  const { connection } = await account.connect(magic.usNy)
  return { account, src: `${sandbox.framesUrl}/platform/v1/reset?channelId=${channelId}&clientToken=${connection.credentials.clientToken}` }
}

describe('frame boundaries in Chromium', () => {
  it('posts nothing before the ack and ignores an ack on another channel', async () => {
    const { account, src } = await connectedReset('channel-real')
    const page = await rawHost(src)
    await page.waitForFunction(() => (window as any).received.length >= 1)
    await sendToFrame(page, { version: 2, meta: { channelId: 'channel-other' }, kind: 'ack' }, sandbox.framesUrl)
    await page.waitForTimeout(500)
    expect(await framesReceived(page)).toEqual(['handshake'])
    await sendToFrame(page, { version: 2, meta: { channelId: 'channel-real' }, kind: 'ack' }, sandbox.framesUrl)
    await page.waitForFunction(() => (window as any).received.length >= 2)
    expect(await framesReceived(page)).toEqual(['handshake', 'complete'])
    const directions = account.tenant().journal.list({ kind: 'frame' }).map((e) => (e.kind === 'frame' ? `${e.direction} ${e.event}` : ''))
    expect(directions).toContain('dropped dropped')
    await page.close()
  })

  it('ignores a message from another origin', async () => {
    const { src } = await connectedReset('channel-intruded')
    const page = await rawHost(src)
    await page.waitForFunction(() => (window as any).received.length >= 1)
    const ack = JSON.stringify({ version: 2, meta: { channelId: 'channel-intruded' }, kind: 'ack' })
    await page.evaluate((url) => {
      const intruder = document.createElement('iframe')
      intruder.src = url
      document.body.append(intruder)
    }, `${host.intruderUrl}?message=${encodeURIComponent(ack)}`)
    await page.waitForTimeout(800)
    expect(await framesReceived(page)).toEqual(['handshake'])
    await page.close()
  })

  it('refuses to load under a host origin the tenant does not allow', async () => {
    const { account, src } = await connectedReset('channel-foreign')
    await send(sandbox.core, 'PUT /__sandbox/settings', { headers: account.headers, body: { allowedOrigins: ['https://partner.example'] } })
    const page = await rawHost(src)
    await page.waitForTimeout(1500)
    expect(await framesReceived(page)).toEqual([])
    expect(account.tenant().journal.list({ kind: 'frame' })).toEqual([])
    await page.close()
  })
})

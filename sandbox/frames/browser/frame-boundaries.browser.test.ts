import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { magic, platformAccount } from '../../core/routes/platform-test-kit.ts'
import { send } from '../../core/test-request.ts'
import { useBrowserSandbox } from '../../testing/browser-sandbox.ts'

const env = useBrowserSandbox()

/** A host page that mounts a frame by hand, so the test decides what to send and when. */
async function rawHost(src: string): Promise<Page> {
  const page = await env.newHostPage()
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
  const account = platformAccount(env.sandbox.core)
  const { connection } = await account.connect(magic.usNy)
  return { account, src: `${env.sandbox.framesUrl}/platform/v1/reset?channelId=${channelId}&clientToken=${connection.credentials.clientToken}` }
}

describe('frame boundaries in Chromium', { timeout: 30_000 }, () => {
  it('posts nothing before the ack and ignores an ack on another channel', async () => {
    const { account, src } = await connectedReset('channel-real')
    const page = await rawHost(src)
    await page.waitForFunction(() => (window as any).received.length >= 1)
    await sendToFrame(page, { version: 2, meta: { channelId: 'channel-other' }, kind: 'ack' }, env.sandbox.framesUrl)
    await page.waitForTimeout(500)
    expect(await framesReceived(page)).toEqual(['handshake'])
    await sendToFrame(page, { version: 2, meta: { channelId: 'channel-real' }, kind: 'ack' }, env.sandbox.framesUrl)
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
    }, `${env.host.intruderUrl}?message=${encodeURIComponent(ack)}`)
    await page.waitForTimeout(800)
    expect(await framesReceived(page)).toEqual(['handshake'])
    await page.close()
  })

  it('refuses to load under a host origin the tenant does not allow', async () => {
    const { account, src } = await connectedReset('channel-foreign')
    await send(env.sandbox.core, 'PUT /__sandbox/settings', { headers: account.headers, body: { allowedOrigins: ['https://partner.example'] } })
    const page = await rawHost(src)
    await page.waitForTimeout(1500)
    expect(await framesReceived(page)).toEqual([])
    expect(account.tenant().journal.list({ kind: 'frame' })).toEqual([])
    await page.close()
  })
})

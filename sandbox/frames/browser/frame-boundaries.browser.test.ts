import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { send } from '#http/test-request.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'

const env = useBrowserSandbox()

/** A host page that mounts a frame by hand, so the test decides what to send and when. */
async function rawHost(src: string): Promise<Page> {
  const page = await env.newHostPage()
  await page.evaluate((frameSrc) => {
    const w = window as any
    w.received = []
    // The spec's events only: `resize` is the sandbox client's SDK-internal message (decision record 0072).
    window.addEventListener('message', (event) => {
      const { kind } = JSON.parse(event.data)
      if (kind !== 'resize') w.received.push(kind)
    })
    const iframe = document.createElement('iframe')
    iframe.src = frameSrc
    iframe.addEventListener('load', () => (w.loaded = true))
    document.body.prepend(iframe)
    w.frame = iframe
  }, src)
  return page
}

const framesReceived = (page: Page) => page.evaluate(() => (window as any).received as string[])
const sendToFrame = (page: Page, message: unknown, origin: string) =>
  page.evaluate(([m, o]) => (window as any).frame.contentWindow.postMessage(JSON.stringify(m), o), [
    message,
    origin,
  ] as const)

async function connectedReset(channelId: string) {
  const account = platformAccount(env.sandbox.core)
  const { connection } = await account.connect(magic.usNy)
  return {
    account,
    src: `${env.sandbox.framesUrl}/platform/v1/reset?channelId=${channelId}&clientToken=${connection.credentials.clientToken}`,
  }
}

type Account = ReturnType<typeof platformAccount>

/** The messages the frames of an account dropped, as the journal has them: the sender's origin and why (their running count aside). */
function dropped(account: Account): Array<{ origin: string; reason: string }> {
  return account
    .tenant()
    .journal.list({ kind: 'frame' })
    .flatMap((entry) => {
      if (entry.kind !== 'frame' || entry.direction !== 'dropped') return []
      const { origin, reason } = entry.payload as { origin: string; reason: string; count: number }
      return [{ origin, reason }]
    })
}

/** Waits until the frame has journaled dropping a message: the signal that it handled it, where nothing else would show. */
async function droppedWith(account: Account, expected: { origin: string; reason: string }): Promise<void> {
  await expect.poll(() => dropped(account), { timeout: 15_000, interval: 50 }).toContainEqual(expected)
}

const ack = (channelId: string) => ({ version: 2, meta: { channelId }, kind: 'ack' })

describe('frame boundaries in Chromium', { timeout: 30_000 }, () => {
  it('posts nothing before the ack and ignores an ack on another channel', async () => {
    const { account, src } = await connectedReset('channel-real')
    const page = await rawHost(src)
    await page.waitForFunction(() => (window as any).received.length >= 1)
    await sendToFrame(page, ack('channel-other'), env.sandbox.framesUrl)
    await droppedWith(account, { origin: env.host.url.replace(/\/$/, ''), reason: 'not an envelope of this channel' })
    expect(await framesReceived(page)).toEqual(['handshake'])
    await sendToFrame(page, ack('channel-real'), env.sandbox.framesUrl)
    await page.waitForFunction(() => (window as any).received.length >= 2)
    expect(await framesReceived(page)).toEqual(['handshake', 'complete'])
    await page.close()
  })

  it('ignores a message from a sibling frame, another window than its parent', async () => {
    const { account, src } = await connectedReset('channel-intruded')
    const page = await rawHost(src)
    await page.waitForFunction(() => (window as any).received.length >= 1)
    const intruderUrl = `${env.host.intruderUrl}?message=${encodeURIComponent(JSON.stringify(ack('channel-intruded')))}`
    await page.evaluate((url) => {
      const intruder = document.createElement('iframe')
      intruder.src = url
      document.body.append(intruder)
    }, intruderUrl)
    await expect
      .poll(
        () =>
          page
            .frames()
            .find((frame) => frame.url() === intruderUrl)
            ?.title(),
        { timeout: 15_000 },
      )
      .toBe('sent')
    await droppedWith(account, {
      origin: env.host.intruderUrl.replace(/\/$/, ''),
      reason: 'not from the parent window',
    })
    expect(await framesReceived(page)).toEqual(['handshake'])
    await page.close()
  })

  it('ignores a message from its parent window with another origin than the host page it was opened by', async () => {
    const { account, src } = await connectedReset('channel-foreign-origin')
    const page = await rawHost(src)
    await page.waitForFunction(() => (window as any).received.length >= 1)
    // A browser stamps a message with its sender's origin, so no page can post one from the parent window with a
    // foreign origin: the frame receives it as dispatched here, with the parent as its source.
    const frame = page.frames().find((candidate) => candidate.url().startsWith(env.sandbox.framesUrl))!
    await frame.evaluate(
      (data) =>
        window.dispatchEvent(
          new MessageEvent('message', { data, origin: 'https://intruder.example', source: window.parent }),
        ),
      JSON.stringify(ack('channel-foreign-origin')),
    )
    await droppedWith(account, {
      origin: 'https://intruder.example',
      reason: `not from the host origin ${env.host.url.replace(/\/$/, '')}`,
    })
    expect(await framesReceived(page)).toEqual(['handshake'])
    await sendToFrame(page, ack('channel-foreign-origin'), env.sandbox.framesUrl)
    await page.waitForFunction(() => (window as any).received.length >= 2)
    expect(await framesReceived(page)).toEqual(['handshake', 'complete'])
    await page.close()
  })

  it('refuses to load under a host origin the tenant does not allow', async () => {
    const { account, src } = await connectedReset('channel-foreign')
    await send(env.sandbox.core, 'PUT /__sandbox/settings', {
      headers: account.headers,
      body: { allowedOrigins: ['https://partner.example'] },
    })
    const page = await rawHost(src)
    // The iframe's load event fires for the page the browser shows instead of a frame it refused to embed.
    await page.waitForFunction(() => (window as any).loaded === true)
    expect(page.frames().find((frame) => frame.url().startsWith(env.sandbox.framesUrl))).toBeUndefined()
    expect(await framesReceived(page)).toEqual([])
    expect(account.tenant().journal.list({ kind: 'frame' })).toEqual([])
    await page.close()
  })
})

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'

const env = useBrowserSandbox()

type Account = ReturnType<typeof platformAccount>

/**
 * A frame shown as a React Native app shows it: top-level, with the bridge react-native-webview injects before the
 * page's scripts run. What the frame sends through it lands in `received` (kinds, `resize` included).
 */
async function appShowing(src: string): Promise<{ page: Page; received: Array<{ kind: string; payload?: unknown }> }> {
  const received: Array<{ kind: string; payload?: unknown }> = []
  const page = await env.browser.newPage()
  await page.exposeFunction('__fromFrame', (text: string) => void received.push(JSON.parse(text)))
  await page.addInitScript(() => {
    ;(window as any).ReactNativeWebView = { postMessage: (data: string) => (window as any).__fromFrame(data) }
  })
  await page.goto(src)
  return { page, received }
}

/** The app sends a message as react-native-webview delivers it: a MessageEvent dispatched on window (iOS) or document (Android). */
const fromApp = (page: Page, message: unknown, on: 'window' | 'document') =>
  page.evaluate(
    ([text, target]) =>
      (target === 'window' ? window : document).dispatchEvent(new MessageEvent('message', { data: text })),
    [JSON.stringify(message), on] as const,
  )

/**
 * A message dispatched as the app's are, but carrying one of what a window's message carries: an origin (`origin`),
 * or the page's own window as its source (`source: 'window'`).
 */
const withOneMark = (page: Page, message: unknown, mark: { origin: string } | { source: 'window' }) =>
  page.evaluate(
    ([text, marked]) =>
      window.dispatchEvent(
        new MessageEvent('message', {
          data: text,
          ...('origin' in marked ? { origin: marked.origin } : { source: window }),
        }),
      ),
    [JSON.stringify(message), mark] as const,
  )

const ack = (channelId: string) => ({ version: 2, meta: { channelId }, kind: 'ack' })
const kinds = (received: Array<{ kind: string }>) => received.map((m) => m.kind).filter((kind) => kind !== 'resize')

async function connectedReset(channelId: string): Promise<{ account: Account; src: string }> {
  const account = platformAccount(env.sandbox.core)
  const { connection } = await account.connect(magic.usNy)
  return {
    account,
    src: `${env.sandbox.framesUrl}/platform/v1/reset?channelId=${channelId}&clientToken=${connection.credentials.clientToken}`,
  }
}

/** What the account's frames dropped, as the journal has it. */
function dropped(account: Account): Array<{ origin: string; reason: string }> {
  return account
    .tenant()
    .journal.list({ kind: 'frame' })
    .flatMap((entry) => {
      if (entry.kind !== 'frame' || entry.direction !== 'dropped') return []
      const { origin, reason } = entry.payload as { origin: string; reason: string }
      return [{ origin, reason }]
    })
}

const poll = { timeout: 15_000, interval: 50 }

describe('frames in a React Native WebView (Chromium with the bridge injected)', { timeout: 30_000 }, () => {
  it('sends its handshake through ReactNativeWebView, and completes once the app acks on window (iOS)', async () => {
    const { src } = await connectedReset('rn-ios')
    const { page, received } = await appShowing(src)
    await expect.poll(() => kinds(received), poll).toEqual(['handshake'])
    expect(received[0]).toEqual({ version: 2, meta: { channelId: 'rn-ios' }, kind: 'handshake' })
    await fromApp(page, ack('rn-ios'), 'window')
    await expect.poll(() => kinds(received), poll).toEqual(['handshake', 'complete'])
    await page.close()
  })

  it('takes the app’s messages dispatched on document (Android), and sizes itself after the ack', async () => {
    const { src } = await connectedReset('rn-android')
    const { page, received } = await appShowing(src)
    await expect.poll(() => kinds(received), poll).toEqual(['handshake'])
    await fromApp(page, ack('rn-android'), 'document')
    await expect.poll(() => kinds(received), poll).toEqual(['handshake', 'complete'])
    await expect.poll(() => received.some((m) => m.kind === 'resize'), poll).toBe(true)
    await page.close()
  })

  it('drops a message a window posts (it carries an origin and a source), and one of another channel', async () => {
    const { account, src } = await connectedReset('rn-guard')
    const { page, received } = await appShowing(src)
    await expect.poll(() => kinds(received), poll).toEqual(['handshake'])
    await page.evaluate((text) => window.postMessage(text, '*'), JSON.stringify(ack('rn-guard')))
    await expect
      .poll(() => dropped(account), poll)
      .toContainEqual({ origin: env.sandbox.framesUrl, reason: 'not from the React Native app (a window posted it)' })
    await fromApp(page, ack('another-channel'), 'window')
    await expect
      .poll(() => dropped(account), poll)
      .toContainEqual({ origin: '', reason: 'not an envelope of this channel' })
    expect(kinds(received)).toEqual(['handshake'])
    await page.close()
  })

  it('drops a message with the app’s empty origin but a window as its source, and completes on the app’s own ack', async () => {
    const { account, src } = await connectedReset('rn-source')
    const { page, received } = await appShowing(src)
    await expect.poll(() => kinds(received), poll).toEqual(['handshake'])
    await withOneMark(page, ack('rn-source'), { source: 'window' })
    await expect
      .poll(() => dropped(account), poll)
      .toContainEqual({ origin: '', reason: 'not from the React Native app (a window posted it)' })
    expect(kinds(received)).toEqual(['handshake'])
    await fromApp(page, ack('rn-source'), 'window')
    await expect.poll(() => kinds(received), poll).toEqual(['handshake', 'complete'])
    await page.close()
  })

  it('drops a message with no source but an origin, and completes on the app’s own ack', async () => {
    const { account, src } = await connectedReset('rn-origin')
    const { page, received } = await appShowing(src)
    const origin = new URL(env.host.url).origin
    await expect.poll(() => kinds(received), poll).toEqual(['handshake'])
    await withOneMark(page, ack('rn-origin'), { origin })
    await expect
      .poll(() => dropped(account), poll)
      .toContainEqual({ origin, reason: 'not from the React Native app (it has an origin)' })
    expect(kinds(received)).toEqual(['handshake'])
    await fromApp(page, ack('rn-origin'), 'window')
    await expect.poll(() => kinds(received), poll).toEqual(['handshake', 'complete'])
    await page.close()
  })

  it('stays silent top-level without the bridge: no host to talk to', async () => {
    const { account, src } = await connectedReset('rn-none')
    const page = await env.browser.newPage()
    await page.goto(src, { waitUntil: 'networkidle' })
    expect(
      account
        .tenant()
        .journal.list({ kind: 'frame' })
        .filter((entry) => entry.kind === 'frame' && entry.direction === 'out'),
    ).toEqual([])
    await page.close()
  })
})

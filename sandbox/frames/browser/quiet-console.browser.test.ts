import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { FrameName } from '#contract/index.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'
import { frameOnScreen } from '#testing/frame-mounts.ts'
import { startCall } from '#testing/host-page-calls.ts'
import { encodeQuote } from '#portable/frames/machines/purchase-flow.ts'
import { connectedBuyer } from '#portable/frames/machines/purchase-test-kit.ts'

const env = useBrowserSandbox()

/** A raw X25519 public key's shape: the frames that encrypt credentials check only that. */
const PUBLIC_KEY = 'ab'.repeat(32)

/** What a page said that a partner's suite failing on console errors would trip on: errors, warnings, uncaught errors. */
interface Noise {
  page: string
  text: string
}

/** Opens a page that records every console error and warning and every uncaught error it (or a frame in it) has. */
async function listenedPage(noise: Noise[], reactNative = false): Promise<Page> {
  const page = await env.browser.newPage()
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      noise.push({ page: page.url(), text: `${message.type()}: ${message.text()} (${message.location().url})` })
  })
  page.on('pageerror', (error) => noise.push({ page: page.url(), text: `uncaught: ${error.message}` }))
  if (reactNative) {
    await page.exposeFunction('__fromFrame', () => undefined)
    await page.addInitScript(() => {
      ;(window as any).ReactNativeWebView = { postMessage: (data: string) => (window as any).__fromFrame(data) }
    })
  }
  return page
}

/** Each frame's page with what it needs to start (a customer, a quote, a session): no frame shows its problem page. */
async function frameUrls(): Promise<Array<[FrameName, string]>> {
  const buyer = await connectedBuyer(env.sandbox.core)
  const quote = encodeQuote(await buyer.quote(100))
  const apiKey = `pk_test_${buyer.account.account}`
  const sessionToken = await buyer.account.session()
  const clientToken = buyer.clientToken
  const params: Record<FrameName, Record<string, string>> = {
    check: { apiKey, sessionToken, publicKey: PUBLIC_KEY },
    connect: { apiKey, sessionToken, publicKey: PUBLIC_KEY },
    auth: { clientToken, publicKey: PUBLIC_KEY },
    reset: { clientToken },
    buy: { clientToken, quote },
    'buy-button': { clientToken, quote },
    'apple-pay': { clientToken, quote },
    'google-pay': { clientToken, quote },
    'add-card': { clientToken },
    challenge: { clientToken, challengeToken: 'not-a-challenge' },
    widget: { apiKey },
    'widget-fallback': { apiKey },
    'customer-export': { clientToken },
  }
  return Object.entries(params).map(([frame, query], index) => [
    frame as FrameName,
    `${env.sandbox.framesUrl}/platform/v1/${frame}?${new URLSearchParams({ channelId: `quiet-${index}`, ...query })}`,
  ])
}

/** Loads `url` and waits until its network has been idle (the script loaded and ran, its first effects answered). */
async function settle(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle' })
}

describe('a quiet browser side: no console error or warning, in Chromium', { timeout: 120_000 }, () => {
  it('opens every frame page top-level, as a tab and as a React Native WebView shows it, without a console error or warning', async () => {
    const noise: Noise[] = []
    const urls = await frameUrls()
    for (const reactNative of [false, true]) {
      const page = await listenedPage(noise, reactNative)
      for (const [frame, url] of urls) {
        await settle(page, url)
        // The frame started (its root, not the page saying it cannot start), so its script ran.
        expect(await page.locator('#frame-root').count(), `${frame} started`).toBe(1)
      }
      await page.close()
    }
    expect(noise).toEqual([])
  })

  it('shows a frame that cannot start without a console error or warning', async () => {
    const noise: Noise[] = []
    const page = await listenedPage(noise)
    await settle(page, `${env.sandbox.framesUrl}/platform/v1/reset`)
    await expect.poll(() => page.locator('main.problem').count()).toBe(1)
    await page.close()
    expect(noise).toEqual([])
  })

  it('loads the browser client in a host page and mounts a frame without a console error or warning', async () => {
    const noise: Noise[] = []
    const page = await listenedPage(noise)
    await settle(page, env.host.url)
    await page.waitForFunction(() => (window as any).ready === true)
    const id = await startCall(page, 'setupAddCard', [(await connectedBuyer(env.sandbox.core)).clientToken])
    await frameOnScreen(page, id, 'form')
    await page.close()
    expect(noise).toEqual([])
  })
})

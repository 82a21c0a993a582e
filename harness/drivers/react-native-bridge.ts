import type { BrowserContext, Page } from 'playwright-core'
import type { FrameInbound } from '#contract/index.ts'

/** Which way react-native-webview delivers the app's messages: iOS dispatches them on `window`, Android on `document`. */
export type WebViewPlatform = 'ios' | 'android'

/** One frame page opened top-level as a React Native WebView shows it: the page, and how the app talks to it. */
export interface WebViewPage {
  page: Page
  /** Sends `message` as the app's `webViewRef.postMessage(text)` does: the v2 envelope string in a dispatched `MessageEvent`. */
  post(message: FrameInbound): Promise<void>
  /** How many of the frame's requests to the frames server (journal, effects) are in flight; 0 once the page is closed. */
  busy(): Promise<number>
  close(): Promise<void>
}

/**
 * What react-native-webview injects before page scripts run, in the top frame only: `window.ReactNativeWebView`
 * whose `postMessage(string)` reaches the app (here the harness's binding `__rnOut`). Nothing is injected in subframes.
 */
function injectBridge(): void {
  if (window.parent !== window) return
  const out = (window as any).__rnOut as (text: string) => void
  ;(window as any).ReactNativeWebView = { postMessage: (data: string) => out(String(data)) }
}

/**
 * The harness's own instrument, not part of the bridge: counts the page's requests to `/__frames/` (journal and effect
 * posts) in flight, synchronously as the frame makes them, so the harness knows when a frame has settled without racing
 * the browser's network events. A buy frame awaiting its challenge waits on another frame: that effect is not counted.
 */
function countFrameRequests(): void {
  if (window.parent !== window) return
  const w = window as any
  w.__framesBusy = 0
  const original = window.fetch.bind(window)
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const body = typeof init?.body === 'string' ? init.body : ''
    if (!url.includes('/__frames/') || /"type"\s*:\s*"purchase\.awaitChallenge"/.test(body))
      return original(input, init)
    w.__framesBusy++
    return original(input, init).finally(() => w.__framesBusy--)
  }
}

/**
 * Opens `url` top-level in a new page of `context` with the React Native bridge injected exactly as
 * react-native-webview injects it (no parent window; `ReactNativeWebView.postMessage(string)` out; the app's messages in
 * as `MessageEvent`s with no origin and no source). `onMessage` gets every string the page posts, in order.
 *
 * @example
 * const view = await openWebView(context, `${framesUrl}/platform/v1/check?channelId=c1&…`, 'c1', (text) => console.log(text))
 * await view.post({ kind: 'ack' })
 */
export async function openWebView(
  context: BrowserContext,
  url: string,
  channelId: string,
  onMessage: (text: string) => void,
  platform: WebViewPlatform = 'ios',
): Promise<WebViewPage> {
  const page = await context.newPage()
  await page.exposeBinding('__rnOut', ({ frame }, text: unknown) => {
    if (frame === page.mainFrame() && typeof text === 'string') onMessage(text)
  })
  await page.addInitScript(injectBridge)
  await page.addInitScript(countFrameRequests)
  await page.goto(url)
  return {
    page,
    async post(message) {
      const text = JSON.stringify({ version: 2, meta: { channelId }, ...message })
      if (page.isClosed()) return
      await page.evaluate(
        ({ text, target }) =>
          (target === 'document' ? document : window).dispatchEvent(new MessageEvent('message', { data: text })),
        {
          text,
          target: platform === 'android' ? 'document' : 'window',
        },
      )
    },
    busy: () =>
      page.isClosed() ? Promise.resolve(0) : page.evaluate(() => (window as any).__framesBusy as number).catch(() => 0),
    close: () => page.close().catch(() => undefined),
  }
}

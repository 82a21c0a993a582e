import type { BrowserContext, Page } from 'playwright-core'
import type { FrameInbound } from '../../sandbox/contract/index.ts'

/** Which way react-native-webview delivers the app's messages: iOS dispatches them on `window`, Android on `document`. */
export type WebViewPlatform = 'ios' | 'android'

/** One frame page opened top-level as a React Native WebView shows it: the page, and how the app talks to it. */
export interface WebViewPage {
  page: Page
  /** Sends `message` as the app's `webViewRef.postMessage(text)` does: the v2 envelope string in a dispatched `MessageEvent`. */
  post(message: FrameInbound): Promise<void>
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
 * Opens `url` top-level in a new page of `context` with the React Native bridge injected exactly as
 * react-native-webview injects it (no parent window; `ReactNativeWebView.postMessage(string)` out; the app's messages in
 * as `MessageEvent`s with no origin and no source). `onMessage` gets every string the page posts, in order.
 *
 * @example
 * const view = await openWebView(context, `${framesUrl}/platform/v1/check?channelId=c1&…`, 'c1', (text) => console.log(text))
 * await view.post({ kind: 'ack' })
 */
export async function openWebView(context: BrowserContext, url: string, channelId: string, onMessage: (text: string) => void, platform: WebViewPlatform = 'ios'): Promise<WebViewPage> {
  const page = await context.newPage()
  await page.exposeBinding('__rnOut', ({ frame }, text: unknown) => {
    if (frame === page.mainFrame() && typeof text === 'string') onMessage(text)
  })
  await page.addInitScript(injectBridge)
  await page.goto(url)
  return {
    page,
    async post(message) {
      const text = JSON.stringify({ version: 2, meta: { channelId }, ...message })
      if (page.isClosed()) return
      await page.evaluate(({ text, target }) => (target === 'document' ? document : window).dispatchEvent(new MessageEvent('message', { data: text })), {
        text,
        target: platform === 'android' ? 'document' : 'window',
      })
    },
    close: () => page.close().catch(() => undefined),
  }
}

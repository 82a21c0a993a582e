import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { startServer, type RunningSandbox } from '#adapters/node-http/index.ts'
import { launchChromium } from '#page-host/chromium.ts'
import { startHostPage, type HostPageServer } from '#page-host/host-page-server.ts'

/** What a browser test file shares: the sandbox server, a host page server, Chromium, and a ready host page. */
interface BrowserSandbox {
  sandbox: RunningSandbox
  host: HostPageServer
  browser: Browser
  /** A host page, loaded and ready (`window.sandbox` is the client). */
  page: Page
  /** Another ready host page, for tests that need one of their own. */
  newHostPage(): Promise<Page>
}

/**
 * Starts, once per test file, the sandbox on free ports, a host page on a third
 * origin and headless Chromium; stops them after the file. Use the returned
 * object inside tests (its fields are set in `beforeAll`).
 *
 * @example
 * const env = useBrowserSandbox()
 * it('…', async () => { await env.page.evaluate(...) })
 */
export function useBrowserSandbox(): BrowserSandbox {
  const env = {} as BrowserSandbox
  env.newHostPage = async () => {
    const page = await env.browser.newPage()
    await page.goto(env.host.url)
    await page.waitForFunction(() => (window as any).ready === true)
    return page
  }
  beforeAll(async () => {
    env.sandbox = await startServer({ port: 0, framesPort: 0 })
    env.host = await startHostPage(env.sandbox.apiUrl, env.sandbox.framesUrl)
    env.browser = await launchChromium()
    env.page = await env.newHostPage()
  }, 30_000)
  afterAll(async () => {
    await env.browser?.close()
    await env.host?.close()
    await env.sandbox?.close()
  })
  return env
}

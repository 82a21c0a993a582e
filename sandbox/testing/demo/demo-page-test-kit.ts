import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { startServer, type RunningSandbox } from '#adapters/node-http/index.ts'
import { launchChromium } from '#page-host/chromium.ts'
import { openDemo } from './demo-flow-driver.ts'

/** What a demo browser test file shares: one sandbox, one Chromium and one demo page, started once for the file. */
interface DemoPageFixture {
  readonly sandbox: RunningSandbox
  readonly browser: Browser
  readonly page: Page
}

/**
 * Starts the sandbox on free ports, Chromium, and the demo page at a viewport and theme before the file's tests
 * (closed after them), as Playwright's worker-scoped fixtures do. Read its fields inside tests.
 *
 * @example
 * const demo = demoPageFixture({ width: 390, height: 844 }, 'dark')
 * it('runs', async () => { await demo.page.click('#run') })
 */
export function demoPageFixture(
  viewport = { width: 1440, height: 900 },
  theme: 'light' | 'dark' = 'light',
): DemoPageFixture {
  let started: DemoPageFixture | undefined
  beforeAll(async () => {
    const sandbox = await startServer({ port: 0, framesPort: 0 })
    const browser = await launchChromium()
    started = { sandbox, browser, page: await openDemo(browser, sandbox.apiUrl, viewport, theme) }
  }, 60_000)
  afterAll(async () => {
    await started?.browser.close()
    await started?.sandbox.close()
  })
  const get = () => {
    if (!started) throw new Error('the demo page is not open: read the fixture inside a test')
    return started
  }
  return {
    get sandbox() {
      return get().sandbox
    },
    get browser() {
      return get().browser
    },
    get page() {
      return get().page
    },
  }
}

/**
 * Takes the screenshots of the demo page that docs/demo.md shows (`npm run screenshots`): starts the sandbox on free ports, and at
 * 1440 and 390 px, in the light and the dark theme, runs the 48 challenge to its end (the challenge completed, the
 * result banner shown, the partner server's webhooks arrived and drawn on the diagram's partner-server lane), then
 * writes `docs/screenshots/demo-{light,dark}-{1440,390}.png`.
 */
import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { startServer } from '#adapters/node-http/index.ts'
import { launchChromium } from '#page-host/chromium.ts'
import { doStep, FLOW_PLANS, openDemo, POLL, startFlow } from '#testing/demo/demo-flow-driver.ts'

const out = fileURLToPath(new URL('../docs/screenshots/', import.meta.url))
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]
await mkdir(out, { recursive: true })
const sandbox = await startServer({ port: 0, framesPort: 0, logger: () => undefined })
const browser = await launchChromium()
try {
  for (const viewport of VIEWPORTS) {
    for (const theme of ['light', 'dark'] as const) {
      const page = await openDemo(browser, sandbox.apiUrl, viewport, theme)
      await startFlow(page, 'challenge-48')
      for (const step of FLOW_PLANS['challenge-48'].steps) await doStep(page, step)
      await page.locator('#outcome[data-outcome="pending"]').waitFor(POLL)
      // The webhooks come over the sandbox's own delivery, then the page's poll: wait until the diagram draws one.
      await page.locator('#log li[data-direction="webhook"]').first().waitFor(POLL)
      await page.waitForFunction(
        () => (document.querySelector('#diagram svg.seq-body')?.textContent ?? '').includes('webhook'),
        undefined,
        POLL,
      )
      await page.locator('#log li[data-frame="buy-button"][data-kind="complete"] summary').click()
      // The whole diagram in the picture, down to the webhook arrows to the partner server's lane (its last rows).
      await page.evaluate(() => {
        window.scrollTo(0, 0)
        document.getElementById('diagram')!.style.maxHeight = 'none'
      })
      // A viewport as tall as the page, not a full-page capture: Chromium paints an out-of-process frame only in view.
      const height = await page.evaluate(() => document.documentElement.scrollHeight)
      await page.setViewportSize({ width: viewport.width, height })
      await page.frameLocator('#frames iframe[title="challenge frame"]').locator('h1').waitFor(POLL)
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
      const path = `${out}demo-${theme}-${viewport.width}.png`
      await page.screenshot({ path, animations: 'disabled' })
      await page.close()
      console.log(`wrote docs/screenshots/demo-${theme}-${viewport.width}.png`)
    }
  }
} finally {
  await browser.close()
  await sandbox.close()
}

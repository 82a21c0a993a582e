/**
 * Takes the README's screenshots of the demo page (`npm run screenshots`): starts
 * the sandbox on free ports, opens /demo at 1440 px in the light and dark theme,
 * runs the 48 challenge so the event log and diagram are not empty, and writes
 * `docs/screenshots/demo-light.png` and `demo-dark.png`.
 */
import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { startServer } from '../sandbox/adapters/node-http/index.ts'
import { launchChromium } from '../sandbox/testing/chromium.ts'

const out = fileURLToPath(new URL('../docs/screenshots/', import.meta.url))
await mkdir(out, { recursive: true })
const sandbox = await startServer({ port: 0, framesPort: 0, logger: () => undefined })
const browser = await launchChromium()
try {
  for (const theme of ['light', 'dark'] as const) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } })
    await page.goto(`${sandbox.apiUrl}/demo`)
    await page.waitForFunction(() => (window as any).demoReady === true)
    await page.selectOption('#theme', theme)
    await page.selectOption('#flow', 'challenge-48')
    await page.fill('#amount', '48')
    await page.click('#run')
    const act = async (frame: string, action: string) => {
      const form = page.frameLocator(`iframe[title="${frame} frame"]`).locator(`form[data-action="${action}"]`)
      await form.waitFor({ timeout: 10_000 })
      await form.locator('button[type="submit"]').click()
    }
    await act('buy-button', 'tapPay')
    await act('buy-button', 'confirmSheet')
    await page.locator('#log li[data-frame="challenge"][data-kind="handshake"]').waitFor()
    await page.locator('#log li[data-frame="buy-button"][data-kind="challenge"] summary').click()
    await page.waitForTimeout(300)
    await page.screenshot({ path: `${out}demo-${theme}.png`, fullPage: true })
    await page.close()
    console.log(`wrote docs/screenshots/demo-${theme}.png`)
  }
} finally {
  await browser.close()
  await sandbox.close()
}

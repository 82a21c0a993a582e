/**
 * Takes the screenshots of the demo page that the README and docs/demo.md show (`npm run screenshots`): starts the
 * sandbox on free ports and runs, each in a fresh page, to its end (the result banner shown, the partner server's last
 * webhook arrived and drawn on the diagram's partner-server lane):
 *
 * - a card buy settled by the page's clock control (`transaction_updated` completed) — `demo-buy-1440.png`;
 * - a sell in the widget, its deposit and the clock's advance to completed — `demo-sell-1440.png`;
 * - a swap from its quote through its deposit to completed, in the dark theme — `demo-swap-1440.png`;
 * - a 48 challenge at 1440 and 390 px, light and dark — `demo-{light,dark}-{1440,390}.png`.
 */
import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { startServer } from '#adapters/node-http/index.ts'
import { launchChromium } from '#page-host/chromium.ts'
import { doStep, FLOW_PLANS, openDemo, POLL, startFlow } from '#testing/demo/demo-flow-driver.ts'

/** One picture: a flow of the menu run to its end at a viewport and theme, and what ends it besides its plan. */
interface Shot {
  file: string
  flow: keyof typeof FLOW_PLANS
  viewport: { width: number; height: number }
  theme: 'light' | 'dark'
  /** The webhook whose row ends the picture: its type, and the status its row shows, if it names one. */
  last: { type: string; holds?: string }
  /** After the plan's steps: the buy is settled by the clock control, as a presenter does. */
  settle?: boolean
}

const WIDE = { width: 1440, height: 900 }
const NARROW = { width: 390, height: 844 }
const challenge = (theme: 'light' | 'dark', viewport: typeof WIDE): Shot => ({
  file: `demo-${theme}-${viewport.width}.png`,
  flow: 'challenge-48',
  viewport,
  theme,
  last: { type: 'transaction_created' },
})
const SHOTS: Shot[] = [
  {
    file: 'demo-buy-1440.png',
    flow: 'card-buy',
    viewport: WIDE,
    theme: 'light',
    last: { type: 'transaction_updated', holds: 'completed' },
    settle: true,
  },
  {
    file: 'demo-sell-1440.png',
    flow: 'sell',
    viewport: WIDE,
    theme: 'light',
    last: { type: 'sell_transaction_updated', holds: 'completed' },
  },
  {
    file: 'demo-swap-1440.png',
    flow: 'swap',
    viewport: WIDE,
    theme: 'dark',
    last: { type: 'swap_transaction_completed', holds: 'completed' },
  },
  challenge('light', WIDE),
  challenge('dark', WIDE),
  challenge('light', NARROW),
  challenge('dark', NARROW),
]

/** Runs the shot's flow to its end: its plan's steps, its banner, its last webhook in the log and on the diagram. */
async function runToEnd(page: Page, shot: Shot): Promise<void> {
  const plan = FLOW_PLANS[shot.flow]
  await startFlow(page, shot.flow)
  for (const step of plan.steps) await doStep(page, step)
  await page.locator(`#outcome[data-outcome="${plan.outcome}"]`).waitFor(POLL)
  if (shot.settle) {
    await page.fill('#advance-by', '1m')
    await page.click('#advance')
  }
  // The webhooks come over the sandbox's own delivery, then the page's poll: wait until the log and the diagram have the last.
  await page
    .locator(`#log li[data-direction="webhook"][data-kind="${shot.last.type}"]`)
    .filter({ hasText: shot.last.holds ?? '' })
    .first()
    .waitFor(POLL)
  await page.waitForFunction(
    (type) => (document.querySelector('#diagram svg.seq-body')?.textContent ?? '').includes(`webhook ${type}`),
    shot.last.type,
    POLL,
  )
}

const out = fileURLToPath(new URL('../docs/screenshots/', import.meta.url))
await mkdir(out, { recursive: true })
const sandbox = await startServer({ port: 0, framesPort: 0, logger: () => undefined })
const browser = await launchChromium()
try {
  for (const shot of SHOTS) {
    const page = await openDemo(browser, sandbox.apiUrl, shot.viewport, shot.theme)
    await runToEnd(page, shot)
    if (shot.flow === 'challenge-48')
      await page.locator('#log li[data-frame="buy-button"][data-kind="complete"] summary').click()
    // The whole diagram in the picture, down to the webhook arrows to the partner server's lane (its last rows).
    await page.evaluate(() => {
      window.scrollTo(0, 0)
      document.getElementById('diagram')!.style.maxHeight = 'none'
    })
    // A viewport as tall as the page, not a full-page capture: Chromium paints an out-of-process frame only in view.
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    await page.setViewportSize({ width: shot.viewport.width, height })
    const frames = page.locator('#frames iframe')
    for (let index = 0; index < (await frames.count()); index++)
      await page.frameLocator(`#frames iframe >> nth=${index}`).locator('h1').waitFor(POLL)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    await page.screenshot({ path: `${out}${shot.file}`, animations: 'disabled' })
    await page.close()
    console.log(`wrote docs/screenshots/${shot.file}`)
  }
} finally {
  await browser.close()
  await sandbox.close()
}

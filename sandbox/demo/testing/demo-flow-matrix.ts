import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningSandbox } from '../../adapters/node-http/index.ts'
import { axeViolations, type AxeViolation } from '../../testing/axe-check.ts'
import { launchChromium } from '../../testing/chromium.ts'
import { DEMO_FLOWS } from '../demo-page-html.ts'
import { FLOW_PLANS, openDemo, runFlow } from './demo-flow-driver.ts'

/** The serious and critical violations inside the visible frames of the page (hidden, headless ones left out). */
async function frameViolations(page: Page): Promise<Array<AxeViolation & { frame: string }>> {
  const found: Array<AxeViolation & { frame: string }> = []
  for (const handle of await page.locator('#frames iframe').elementHandles()) {
    const frame = await handle.contentFrame()
    if (!frame) continue
    const title = (await handle.getAttribute('title')) ?? frame.url()
    for (const violation of await axeViolations(frame)) found.push({ ...violation, frame: title })
  }
  return found
}

/**
 * A describe that runs every flow of the demo's menu, in menu order, in one page at a viewport and theme, and
 * asserts each flow's banner, diagram fit and lanes (`runFlow`) and the accessibility of the page and its visible frames (axe: no serious or
 * critical violation). One file per viewport and theme, so vitest runs them side by side.
 *
 * @example
 * demoFlowMatrix({ width: 390, height: 844 }, 'dark')
 */
export function demoFlowMatrix(viewport: { width: number; height: number }, theme: 'light' | 'dark'): void {
  let sandbox: RunningSandbox
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    sandbox = await startServer({ port: 0, framesPort: 0 })
    browser = await launchChromium()
    page = await openDemo(browser, sandbox.apiUrl, viewport, theme)
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await sandbox?.close()
  })

  describe(`every demo flow at ${viewport.width} px, ${theme}`, { timeout: 120_000 }, () => {
    it.each(Object.keys(DEMO_FLOWS) as Array<keyof typeof DEMO_FLOWS>)('%s ends with its banner, a diagram that fits, its lanes and no axe violation', async (flow) => {
      await runFlow(page, flow, FLOW_PLANS[flow])
      expect(await axeViolations(page), 'the demo page').toEqual([])
      expect(await frameViolations(page), 'inside the frames').toEqual([])
    })
  })
}

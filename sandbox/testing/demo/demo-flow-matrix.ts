import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeViolations, type AxeViolation } from '../axe-check.ts'
import { DEMO_FLOWS } from '#portable/demo/demo-flow-labels.ts'
import { EXTRA_RUNS, FLOW_PLANS, runFlow } from './demo-flow-driver.ts'
import { demoPageFixture } from './demo-page-test-kit.ts'

/** The axe violations, of every severity, inside the visible frames of the page (hidden, headless ones left out). */
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
 * A describe that runs every flow of the demo's menu (read from `DEMO_FLOWS`, in menu order), then the runs the menu
 * alone does not show (`EXTRA_RUNS`: terms again, a fault, each cancellation), one after another in one page at a
 * viewport and theme with no Clear between them (each run folds the one before away), and asserts each run as
 * `runFlow` does and the accessibility of the page and its visible frames (axe: no violation of any severity).
 * One file per viewport and theme, so vitest runs them side by side.
 *
 * @example
 * demoFlowMatrix({ width: 390, height: 844 }, 'dark')
 */
export function demoFlowMatrix(viewport: { width: number; height: number }, theme: 'light' | 'dark'): void {
  const demo = demoPageFixture(viewport, theme)
  const runs = [
    ...(Object.keys(DEMO_FLOWS) as Array<keyof typeof DEMO_FLOWS>).map((flow) => ({
      name: flow,
      flow,
      plan: FLOW_PLANS[flow],
    })),
    ...EXTRA_RUNS,
  ]

  describe(`every demo flow at ${viewport.width}×${viewport.height}, ${theme}`, { timeout: 120_000 }, () => {
    it.each(runs)(
      '$name reaches its final banner, in a run of its own, quietly, with no axe violation',
      async (run) => {
        await runFlow(demo.page, run.flow, run.plan, { clear: false })
        expect(await axeViolations(demo.page), 'the demo page').toEqual([])
        expect(await frameViolations(demo.page), 'inside the frames').toEqual([])
      },
    )
  })
}

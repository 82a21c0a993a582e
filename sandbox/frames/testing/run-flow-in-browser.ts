import type { Page } from 'playwright-core'
import type { FrameOutbound } from '../../contract/index.ts'
import { FINAL_EVENTS, type FrameFlow } from './frame-flow.ts'

/**
 * Runs a flow in Chromium: the host page (see `startHostPage`) mounts the frame
 * with the browser client; each action is performed by filling and submitting
 * its form inside the frame, as a customer would. Returns the events the host got.
 */
export async function runFlowInBrowser(page: Page, flow: FrameFlow): Promise<FrameOutbound[]> {
  await page.evaluate(({ frame, params }) => {
    const w = window as any
    w.frameEvents = []
    const container = document.getElementById('frames')!
    container.replaceChildren()
    w.sandbox.setupFrame(frame, { container, params: { apiKey: undefined, ...params }, onEvent: w.record })
  }, { frame: flow.frame, params: flow.params })
  const frame = page.frameLocator('#frames iframe')
  await page.waitForFunction(() => (window as any).frameEvents.length >= 1)
  for (const action of flow.actions ?? []) {
    const form = frame.locator(`form[data-action="${action.type}"]`)
    await form.waitFor({ timeout: 10_000 })
    for (const [name, value] of Object.entries(action)) if (name !== 'type' && value !== undefined) await form.locator(`input[name="${name}"]`).fill(String(value))
    const before = await page.evaluate(() => (window as any).frameEvents.length as number)
    await form.locator('button[type="submit"]').click()
    // The frame re-renders once the action's effects settle: wait for its form to go, or for an event.
    await page.waitForFunction((n) => (window as any).frameEvents.length > n, before, { timeout: 1_500 }).catch(() => undefined)
  }
  const ends = flow.endsWith ?? FINAL_EVENTS
  await page.waitForFunction((kinds) => (window as any).frameEvents.some((e: any) => kinds.includes(e.kind)), ends, { timeout: 10_000 })
  return page.evaluate(() => (window as any).frameEvents.map(({ frame: _f, channelId: _c, ...event }: any) => event))
}

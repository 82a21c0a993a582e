// Test helpers of the frame browser tests: mount a frame of the host page in a theme, reach one of its screens, and
// get its Playwright frame (for axe and computed styles).
import type { Frame, Page } from 'playwright-core'
import { startCall } from './host-page-calls.ts'

/** A theme of the frame's `theme` parameter. */
export type Theme = 'light' | 'dark'

/**
 * Mounts a frame with a client call in its own container, with `theme` added to its parameters (none for the
 * headless buy frame, which takes no appearance). Returns the call id.
 *
 * @example
 * const id = await mountCall(page, 'setupAddCard', [clientToken], 'dark')
 */
export function mountCall(
  page: Page,
  method: string,
  args: unknown[],
  theme: Theme | undefined,
  params: Record<string, unknown> = {},
): Promise<string> {
  return startCall(page, method, args, { params: { ...params, ...(theme ? { theme } : {}) } })
}

/** Waits until the call's frame shows `screen` (its root's `data-screen`), and returns that Playwright frame. */
export async function frameOnScreen(page: Page, id: string, screen: string): Promise<Frame> {
  const iframe = page.locator(`section[data-call="${id}"] iframe`)
  await page
    .frameLocator(`section[data-call="${id}"] iframe`)
    .locator(`#frame-root[data-screen="${screen}"]`)
    .waitFor({ timeout: 20_000 })
  const frame = await (await iframe.elementHandle())!.contentFrame()
  if (!frame) throw new Error(`no frame for ${id}`)
  return frame
}

/** The locator of an element inside a call's frame. */
export const inFrame = (page: Page, id: string, selector: string) =>
  page.frameLocator(`section[data-call="${id}"] iframe`).locator(selector)

/**
 * Removes the frames earlier tests mounted in the host page: frames grow to their content, and Chromium neither
 * renders nor animates a cross-origin frame pushed out of view, so a click there would wait for it forever.
 */
export function clearFrames(page: Page): Promise<void> {
  return page.evaluate(() => document.getElementById('frames')!.replaceChildren())
}

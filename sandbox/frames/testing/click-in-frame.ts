import type { Locator } from 'playwright-core'

/**
 * Clicks `target`, inside the cross-origin frame `iframe`, as a customer would: with the frame scrolled into view, and
 * scrolled again if it moved before the click could land. Frames grow to their content after they load, and Chromium
 * neither renders nor animates a cross-origin frame out of view, so a click there would wait for it to be stable
 * forever; each attempt waits 3 s at most, and only a timeout is tried again.
 *
 * @example
 * await clickInFrame(page.locator('#frame-buy iframe'), form.locator('button[type="submit"]'))
 */
export async function clickInFrame(iframe: Locator, target: Locator, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await iframe.scrollIntoViewIfNeeded()
    try {
      await target.click({ timeout: 3_000 })
      return
    } catch (error) {
      if (attempt >= attempts || !(error instanceof Error && error.name === 'TimeoutError')) throw error
    }
  }
}

import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { axeViolations } from '#testing/axe-check.ts'
import { FLOW_PLANS, openDemo, POLL, runFlow } from '#testing/demo/demo-flow-driver.ts'
import { demoPageFixture } from '#testing/demo/demo-page-test-kit.ts'

const demo = demoPageFixture({ width: 1440, height: 900 })

/** What a page said or fetched that a presenter (or a partner's suite) would trip on. */
const noise: string[] = []
const pages: Page[] = []

/** The demo page at a viewport, recording every console error and warning, uncaught error and failed response. */
async function listenedDemo(viewport: { width: number; height: number }): Promise<Page> {
  const browser = {
    async newPage(options: object) {
      const page = await demo.browser.newPage(options)
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning')
          noise.push(`${viewport.width} px ${message.type()}: ${message.text()}`)
      })
      page.on('pageerror', (error) => noise.push(`${viewport.width} px uncaught: ${error.message}`))
      page.on('response', (response) => {
        if (response.status() >= 400) noise.push(`${viewport.width} px ${response.status()} ${response.url()}`)
      })
      pages.push(page)
      return page
    },
  }
  return openDemo(browser, demo.sandbox.apiUrl, viewport, 'light')
}

afterAll(() => Promise.all(pages.map((page) => page.close())))

/** An element's box in the viewport. */
const box = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const { top, bottom, left, right } = element.getBoundingClientRect()
      return { top, bottom, left, right }
    })

/** How far the page scrolls down and sideways (0 when it does not). */
const pageScroll = (page: Page) =>
  page.evaluate(() => ({
    down: document.documentElement.scrollHeight - document.documentElement.clientHeight,
    sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  }))

/** Whether a box lies within the viewport (a pixel of rounding allowed). */
const inViewport = (page: Page) => {
  const { width, height } = page.viewportSize()!
  return (b: { top: number; bottom: number; left: number; right: number }) =>
    b.top >= -1 && b.left >= -1 && b.bottom <= height + 1 && b.right <= width + 1
}

describe('the demo page on one screen', { timeout: 60_000 }, () => {
  let presenter: Page

  it('at 1440×900 shows the setup, the frames and the diagram of a challenge run without scrolling the page', async () => {
    presenter = await listenedDemo({ width: 1440, height: 900 })
    await runFlow(presenter, 'challenge-48', FLOW_PLANS['challenge-48'])
    const within = inViewport(presenter)
    for (const selector of ['#setup-panel', '#run', '#frames-panel', '#outcome', '#frames iframe', '#diagram'])
      expect({ selector, within: within(await box(presenter, selector)) }).toEqual({ selector, within: true })
    expect(await pageScroll(presenter)).toEqual({ down: 0, sideways: 0 })
    // Beside the frames, not below them.
    const [frames, diagram] = [await box(presenter, '#frames-panel'), await box(presenter, '#diagram-panel')]
    expect(diagram.left).toBeGreaterThanOrEqual(frames.right)
    // Drawn at its own size at most: never enlarged.
    const scale = await presenter.locator('#diagram svg.seq-body').evaluate((svg) => {
      const viewBox = (svg as SVGSVGElement).viewBox.baseVal
      return svg.getBoundingClientRect().width / viewBox.width
    })
    expect(scale).toBeLessThanOrEqual(1)
  })

  it('at 1440×900 keeps the lane names in view while the diagram scrolls', async () => {
    const diagram = presenter.locator('#diagram')
    // The challenge run (with its webhooks) is taller than the diagram's box: there is something to scroll.
    await expect
      .poll(() => diagram.evaluate((element) => element.scrollHeight - element.clientHeight), POLL)
      .toBeGreaterThan(20)
    // The run's newest arrow is in view: the diagram follows the run as it grows (no viewer scrolled it up).
    const newestInView = () =>
      diagram.evaluate((element) => {
        const labels = element.querySelectorAll('svg.seq-body text.label')
        const newest = labels[labels.length - 1]!.getBoundingClientRect()
        const frame = element.getBoundingClientRect()
        return newest.top >= frame.top && newest.bottom <= frame.bottom
      })
    await expect.poll(newestInView, POLL).toBe(true)
    for (const to of ['top', 'bottom'] as const) {
      const scrolled = await diagram.evaluate((element, where) => {
        element.scrollTop = where === 'top' ? 0 : element.scrollHeight
        return element.scrollTop
      }, to)
      const frame = await diagram.evaluate((element) => {
        const { top, bottom } = element.getBoundingClientRect()
        return { top: top + element.clientTop, bottom }
      })
      const heads = await box(presenter, '#diagram .seq-heads')
      const names = await presenter
        .locator('#diagram .seq-heads text.head')
        .evaluateAll((texts) =>
          texts.map((text) => text.getBoundingClientRect()).map(({ top, bottom }) => ({ top, bottom })),
        )
      expect(names.length).toBeGreaterThanOrEqual(5)
      expect({ to, scrolled: scrolled > 0, headsAt: Math.round(heads.top - frame.top) }).toEqual({
        to,
        scrolled: to === 'bottom',
        headsAt: 0,
      })
      for (const name of names)
        expect({ to, shown: name.top >= frame.top && name.bottom <= frame.bottom }).toEqual({ to, shown: true })
    }
  })

  it('at 1024 sets the frames beside the setup and does not scroll sideways', async () => {
    const page = await listenedDemo({ width: 1024, height: 768 })
    await runFlow(page, 'card-buy', FLOW_PLANS['card-buy'])
    const [setup, frames, diagram] = [
      await box(page, '#setup-panel'),
      await box(page, '#frames-panel'),
      await box(page, '#diagram-panel'),
    ]
    expect(frames.left).toBeGreaterThanOrEqual(setup.right)
    expect(diagram.left).toBeGreaterThanOrEqual(setup.right)
    expect((await pageScroll(page)).sideways).toBe(0)
    expect(await page.locator('#diagram svg.seq-body').isVisible()).toBe(true)
    expect(await page.locator('#diagram .seq-list').isVisible()).toBe(false)
  })

  it('at 390 shows the diagram as a readable list, one row per message, and does not scroll sideways', async () => {
    const page = await listenedDemo({ width: 390, height: 844 })
    await runFlow(page, 'card-buy', FLOW_PLANS['card-buy'])
    expect((await pageScroll(page)).sideways).toBe(0)
    expect(await page.locator('#diagram svg.seq-body').isVisible()).toBe(false)
    const list = page.locator('#diagram .seq-list')
    expect(await list.isVisible()).toBe(true)
    const logRows = await page.locator('#log > li').count()
    await expect.poll(() => list.locator('li').count(), POLL).toBe(logRows)
    const rows = await list.locator('li').allInnerTexts()
    expect(rows).toContainEqual(
      expect.stringMatching(/^host page → sandbox API\s+POST \/platform\/v1\/quotes\/buy → 200$/),
    )
    expect(rows).toContainEqual(expect.stringMatching(/^buy-button·\S{4} → host page\s+buttonPressed$/))
    const text = await list
      .locator('li .seq-what')
      .first()
      .evaluate((element) => {
        const { width, right } = element.getBoundingClientRect()
        return { size: Number.parseFloat(getComputedStyle(element).fontSize), width, right }
      })
    expect(text.size).toBeGreaterThanOrEqual(12)
    expect(text.right).toBeLessThanOrEqual(390)
  })

  it('shows a LIVE banner while the live key is picked, and none with the test key', async () => {
    const banner = presenter.locator('#live-banner')
    expect(await banner.isVisible()).toBe(false)
    await presenter.selectOption('#mode', 'live')
    await expect.poll(() => banner.isVisible(), POLL).toBe(true)
    expect(await banner.textContent()).toMatch(/^LIVE.*pk_live_demo/)
    expect(await banner.getAttribute('role')).toBe('alert')
    expect(inViewport(presenter)(await box(presenter, '#live-banner'))).toBe(true)
    expect(await axeViolations(presenter), 'the page with its LIVE banner').toEqual([])
    await presenter.selectOption('#mode', 'test')
    await expect.poll(() => banner.isVisible(), POLL).toBe(false)
  })

  it('names a data: favicon, and axe finds nothing on the page or in any frame', async () => {
    for (const page of pages) {
      expect(await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href)).toBe(
        'data:,',
      )
      expect(await axeViolations(page), `the page at ${page.viewportSize()!.width} px`).toEqual([])
      for (const frame of page.frames().slice(1))
        expect({ frame: frame.url(), violations: await axeViolations(frame) }).toEqual({
          frame: frame.url(),
          violations: [],
        })
    }
  })

  it('logged no console error or warning and fetched nothing that failed, on any page or frame', () => {
    expect(pages).toHaveLength(3)
    expect(noise).toEqual([])
  })
})

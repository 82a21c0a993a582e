import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningSandbox } from '../adapters/node-http/index.ts'
import { launchChromium } from '../testing/chromium.ts'
import { bannerOf, doStep, openDemo, POLL, startFlow } from './testing/demo-flow-driver.ts'

let sandbox: RunningSandbox
let browser: Browser
let page: Page

beforeAll(async () => {
  sandbox = await startServer({ port: 0, framesPort: 0 })
  browser = await launchChromium()
  page = await openDemo(browser, sandbox.apiUrl, { width: 1440, height: 900 }, 'light')
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await sandbox?.close()
})

/** The frame messages of the log as `direction frame kind`, in order. */
const frameRows = () => page.locator('#log li').evaluateAll((items) => items
  .map((li) => (li as HTMLElement).dataset)
  .filter((row) => row.direction === 'frame→host' || row.direction === 'host→frame')
  .map((row) => `${row.direction} ${row.frame} ${row.kind}`))

describe('demo purchases that need the partner page to step in', { timeout: 60_000 }, () => {
  it('a guest without a stored card adds one in the add-card frame, then buys with it', async () => {
    await page.selectOption('#customer', 'guest@sandbox.test|+12125550109')
    await startFlow(page, 'card-buy', 100)
    await doStep(page, { frame: 'add-card', action: 'enterCard', fields: { number: '4242424242424242', expiryMonth: '12', expiryYear: '2030', cvc: '123' } })
    await doStep(page, { frame: 'buy-button', action: 'tapPay' })
    await doStep(page, { frame: 'buy-button', action: 'confirmSheet' })
    await expect.poll(async () => (await bannerOf(page)).outcome, POLL).toBe('pending')
    expect((await bannerOf(page)).text).toMatch(/Payment submitted: transaction \S+ is pending/)
    const rows = await frameRows()
    expect(rows.indexOf('frame→host add-card complete')).toBeGreaterThanOrEqual(0)
    expect(rows.indexOf('frame→host add-card complete')).toBeLessThan(rows.indexOf('frame→host buy-button handshake'))
    expect(await page.locator('#log li[data-frame="buy-button"][data-kind="complete"] pre').textContent()).toContain('"status": "pending"')
  })

  it('a clock advanced past the quote mid-purchase: quoteExpired is answered with setQuote, and the purchase completes', async () => {
    await page.selectOption('#customer', 'active.us-ny@sandbox.test|+12125550101')
    await startFlow(page, 'card-buy', 100)
    await page.frameLocator('#frames iframe[title="buy-button frame"]').locator('form[data-action="tapPay"]').waitFor(POLL)
    // Past the quote's life (BUY_QUOTE_TTL_SECONDS), well within the customer's tokens' hour.
    await page.fill('#advance-by', '5m')
    await page.click('#advance')
    await expect.poll(() => page.locator('#status').textContent(), POLL).toMatch(/^clock: /)
    await doStep(page, { frame: 'buy-button', action: 'tapPay' })
    await doStep(page, { frame: 'buy-button', action: 'confirmSheet' })
    await expect.poll(async () => (await bannerOf(page)).outcome, POLL).toBe('pending')
    const rows = (await frameRows()).filter((row) => row.includes('buy-button'))
    expect(rows.slice(rows.indexOf('frame→host buy-button quoteExpired'))).toEqual(['frame→host buy-button quoteExpired', 'host→frame buy-button setQuote', 'frame→host buy-button complete'])
  })
})

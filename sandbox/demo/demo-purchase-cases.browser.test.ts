import { describe, expect, it } from 'vitest'
import { demoPageFixture } from '#testing/demo/demo-page-test-kit.ts'
import { bannerOf, doStep, POLL, startFlow } from '#testing/demo/demo-flow-driver.ts'

const demo = demoPageFixture({ width: 1440, height: 900 })

/** The frame messages of the log as `direction frame kind`, in order. */
const frameRows = () =>
  demo.page.locator('#log li').evaluateAll((items) =>
    items
      .map((li) => (li as HTMLElement).dataset)
      .filter((row) => row.direction === 'frame→host' || row.direction === 'host→frame')
      .map((row) => `${row.direction} ${row.frame} ${row.kind}`),
  )

describe('demo purchases that need the partner page to step in', { timeout: 60_000 }, () => {
  it('a guest without a stored card adds one in the add-card frame, then buys with it', async () => {
    await demo.page.selectOption('#customer', 'guest@sandbox.test|+12125550109')
    await startFlow(demo.page, 'card-buy', 100)
    await doStep(demo.page, {
      frame: 'add-card',
      action: 'enterCard',
      fields: { number: '4242424242424242', expiryMonth: '12', expiryYear: '2030', cvc: '123' },
    })
    await doStep(demo.page, { frame: 'buy-button', action: 'tapPay' })
    await doStep(demo.page, { frame: 'buy-button', action: 'confirmSheet' })
    await expect.poll(async () => (await bannerOf(demo.page)).outcome, POLL).toBe('pending')
    // The banner first says "Payment submitted", then follows the transaction ("PENDING Card buy …"): both name it.
    await expect.poll(async () => (await bannerOf(demo.page)).text, POLL).toMatch(/transaction txn_\S+ is pending/)
    const rows = await frameRows()
    expect(rows.indexOf('frame→host add-card complete')).toBeGreaterThanOrEqual(0)
    expect(rows.indexOf('frame→host add-card complete')).toBeLessThan(rows.indexOf('frame→host buy-button handshake'))
    expect(
      await demo.page.locator('#log li[data-frame="buy-button"][data-kind="complete"] pre').textContent(),
    ).toContain('"status": "pending"')
  })

  it('a clock advanced past the quote mid-purchase: quoteExpired is answered with setQuote, and the purchase completes', async () => {
    await demo.page.selectOption('#customer', 'active.us-ny@sandbox.test|+12125550101')
    await startFlow(demo.page, 'card-buy', 100)
    await demo.page
      .frameLocator('#frames iframe[title="buy-button frame"]')
      .locator('form[data-action="tapPay"]')
      .waitFor(POLL)
    // Past the quote's life (BUY_QUOTE_TTL_SECONDS), well within the customer's tokens' hour.
    await demo.page.fill('#advance-by', '5m')
    await demo.page.click('#advance')
    await expect.poll(() => demo.page.locator('#status').textContent(), POLL).toMatch(/^clock: /)
    await doStep(demo.page, { frame: 'buy-button', action: 'tapPay' })
    await doStep(demo.page, { frame: 'buy-button', action: 'confirmSheet' })
    await expect.poll(async () => (await bannerOf(demo.page)).outcome, POLL).toBe('pending')
    const rows = (await frameRows()).filter((row) => row.includes('buy-button'))
    expect(rows.slice(rows.indexOf('frame→host buy-button quoteExpired'))).toEqual([
      'frame→host buy-button quoteExpired',
      'host→frame buy-button setQuote',
      'frame→host buy-button complete',
    ])
  })
})

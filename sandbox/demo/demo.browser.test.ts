import { describe, expect, it } from 'vitest'
import { demoPageFixture } from '#testing/demo/demo-page-test-kit.ts'

const demo = demoPageFixture({ width: 1440, height: 1000 })

/** The log's rows as `direction frame kind`, in order. */
const rows = () =>
  demo.page
    .locator('#log li')
    .evaluateAll((items) =>
      items.map(
        (li) =>
          `${(li as HTMLElement).dataset.direction} ${(li as HTMLElement).dataset.frame} ${(li as HTMLElement).dataset.kind}`,
      ),
    )
/** The frame messages only (API calls and webhooks, which may arrive during a later flow, left out). */
const frameRows = async () =>
  (await rows()).filter((row) => row.startsWith('frame→host') || row.startsWith('host→frame'))

async function run(flow: string, amount?: number) {
  await demo.page.click('#clear-log')
  await demo.page.selectOption('#flow', flow)
  if (amount !== undefined) await demo.page.fill('#amount', String(amount))
  await demo.page.click('#run')
}

const waitForRow = (row: string, count = 1) =>
  expect
    .poll(async () => (await frameRows()).filter((r) => r === row).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(count)

/** Fills and submits a frame's action form (the frames' forms are `form[data-action]`). */
async function act(frame: string, action: string, fields: Record<string, string> = {}) {
  const form = demo.page.frameLocator(`iframe[title="${frame} frame"]`).locator(`form[data-action="${action}"]`)
  await form.waitFor({ timeout: 10_000 })
  for (const [name, value] of Object.entries(fields)) await form.locator(`input[name="${name}"]`).fill(value)
  await form.locator('button[type="submit"]').click()
}

describe('the demo page in Chromium', { timeout: 30_000 }, () => {
  it('runs the 48 challenge: buy button, challenge frame, pending purchase', async () => {
    await run('challenge-48', 48)
    await act('buy-button', 'tapPay')
    await act('buy-button', 'confirmSheet')
    await waitForRow('frame→host challenge handshake')
    await act('challenge', 'completeChallenge')
    await waitForRow('frame→host buy-button complete')
    await waitForRow('frame→host challenge complete')
    // Each frame's stream in order. Across the two iframes, the challenge frame's `complete` and the buy button's
    // race to the host page (two HTTP answers, two windows posting), so their interleaving is not asserted.
    const streams = (list: string[]) => {
      const byFrame: Record<string, string[]> = {}
      for (const row of list) (byFrame[row.split(' ')[1]!] ??= []).push(row)
      return byFrame
    }
    expect(streams(await frameRows())).toEqual(
      streams([
        'frame→host check handshake',
        'host→frame check ack',
        'frame→host check complete',
        'frame→host buy-button handshake',
        'host→frame buy-button ack',
        'frame→host buy-button ready',
        'frame→host buy-button buttonPressed',
        'frame→host buy-button challenge',
        'frame→host buy-button complete',
        'frame→host challenge handshake',
        'host→frame challenge ack',
        'frame→host challenge complete',
      ]),
    )
    const all = await rows()
    expect(all).toContain('api - POST /demo/api/session → 201')
    expect(all).toContain('api - POST /platform/v1/quotes/buy → 200')
    expect(
      await demo.page.locator('#log li[data-frame="buy-button"][data-kind="complete"] pre').textContent(),
    ).toContain('"status": "pending"')
    expect(await demo.page.locator('#diagram svg.seq-body').count()).toBe(1)
  })

  it('runs terms acceptance with a new customer every run: termsAcceptanceRequired, the partner accepts, the customer signs in, active', async () => {
    for (const time of [1, 2]) {
      await run('terms')
      await waitForRow('frame→host check complete')
      await demo.page.getByRole('button', { name: 'Accept the terms' }).click()
      await waitForRow('frame→host check complete', 2)
      await act('auth', 'enterCode', { code: '000000' })
      await waitForRow('frame→host auth complete')
      const completes = demo.page.locator('#log li[data-kind="complete"] pre')
      expect(await completes.nth(0).textContent(), `run ${time}`).toContain('"status": "termsAcceptanceRequired"')
      expect(await completes.nth(1).textContent(), `run ${time}`).toContain('"status": "authenticationRequired"')
      expect(await completes.nth(2).textContent(), `run ${time}`).toContain('"status": "active"')
      expect((await frameRows()).filter((row) => row.startsWith('frame→host'))).toEqual([
        'frame→host check handshake',
        'frame→host check complete',
        'frame→host check handshake',
        'frame→host check complete',
        'frame→host auth handshake',
        'frame→host auth complete',
      ])
      await expect
        .poll(() => demo.page.locator('#outcome').getAttribute('data-outcome'), { timeout: 10_000 })
        .toBe('success')
    }
  })

  it('runs mismatch: connectionRequired with mismatch: true', async () => {
    await run('mismatch')
    await waitForRow('frame→host check complete')
    expect(await frameRows()).toEqual([
      'frame→host check handshake',
      'host→frame check ack',
      'frame→host check complete',
    ])
    const payload = await demo.page.locator('#log li[data-kind="complete"] pre').textContent()
    expect(payload).toContain('"status": "connectionRequired"')
    expect(payload).toContain('"mismatch": true')
    await expect
      .poll(() => demo.page.locator('#outcome').getAttribute('data-outcome'), { timeout: 10_000 })
      .toBe('failure')
    expect(await demo.page.locator('#outcome').textContent()).toContain('mismatch')
  })

  it('runs a wallet-pay failure: Google Pay of 41.13 fails with transactionNotAllowed', async () => {
    await run('wallet-failure', 41.13)
    await act('google-pay', 'tapPay')
    await act('google-pay', 'confirmSheet')
    await waitForRow('frame→host google-pay complete')
    expect(await frameRows()).toEqual([
      'frame→host check handshake',
      'host→frame check ack',
      'frame→host check complete',
      'frame→host google-pay handshake',
      'host→frame google-pay ack',
      'frame→host google-pay ready',
      'frame→host google-pay buttonPressed',
      'frame→host google-pay complete',
    ])
    const payload = await demo.page.locator('#log li[data-frame="google-pay"][data-kind="complete"] pre').textContent()
    expect(payload).toContain('"failureCode": "transactionNotAllowed"')
    expect(payload).toContain('"status": "failed"')
  })

  it("shows the partner server's webhooks of a card buy: transaction_created in the log and on the diagram's partner lane", async () => {
    await run('card-buy', 100)
    await act('buy-button', 'tapPay')
    await act('buy-button', 'confirmSheet')
    await waitForRow('frame→host buy-button complete')
    const outcome = JSON.parse(
      (await demo.page.locator('#log li[data-frame="buy-button"][data-kind="complete"] pre').textContent())!,
    ) as { transaction: { id: string } }
    // The sandbox POSTs to its own demo route in the background; the page polls for what the route verified. An
    // earlier flow's webhooks may come in after this one's log was cleared: this buy's is the one naming its transaction.
    const webhook = demo.page
      .locator('#log li[data-direction="webhook"][data-kind="transaction_created"]')
      .filter({ hasText: outcome.transaction.id })
    await expect.poll(() => webhook.count(), { timeout: 15_000 }).toBe(1)
    expect(await webhook.getAttribute('data-channel')).toBe('webhook')
    // The widget buy as GET /v1/transactions/{id} shows it right after execution (decision 0087).
    expect(await webhook.locator('pre').textContent()).toContain('"status": "waitingAuthorization"')
    await expect
      .poll(() => demo.page.locator('#diagram svg.seq-body').textContent(), { timeout: 5_000 })
      .toContain('webhook transaction_created (waitingAuthorization)')
    expect(await demo.page.locator('#diagram svg text.head').allTextContents()).toContain('partner server')
    expect(await demo.page.locator('#diagram svg line.webhook').count()).toBeGreaterThanOrEqual(1)
  })

  it('copies the timeline as JSON, and as a scenario file of what the log shows (from its last Clear)', async () => {
    await demo.page.click('#copy-json')
    await expect.poll(() => demo.page.inputValue('#copied'), { timeout: 10_000 }).toContain('"direction": "frame→host"')
    await demo.page.click('#copy-scenario')
    await expect.poll(() => demo.page.inputValue('#copied'), { timeout: 10_000 }).toContain('defineScenario')
    const scenario = await demo.page.inputValue('#copied')
    expect(scenario).toContain('buy-button')
    // The wallet-pay failure ran before the card buy's Clear: the log no longer shows it, nor does the scenario.
    expect(scenario).not.toContain('google-pay')
  })

  it('opens with a flow the viewer takes part in, and a three-step hint', async () => {
    const fresh = await demo.browser.newPage({ viewport: { width: 390, height: 844 } })
    await fresh.goto(`${demo.sandbox.apiUrl}/demo`)
    expect(await fresh.inputValue('#flow')).toBe('card-buy')
    expect(await fresh.locator('ol.hint li').allTextContents()).toEqual([
      'Pick a flow and a customer.',
      'Run it.',
      'Use the frames; watch the log and the diagram.',
    ])
    await fresh.close()
  })

  it('scrolls the frames into view when a flow starts on a narrow screen', async () => {
    await demo.page.setViewportSize({ width: 390, height: 844 })
    await demo.page.evaluate(() => window.scrollTo(0, 0))
    await run('card-buy', 100)
    await expect
      .poll(
        () =>
          demo.page.evaluate(() => Math.round(document.getElementById('frames-panel')!.getBoundingClientRect().top)),
        { timeout: 10_000 },
      )
      .toBeLessThan(200)
    await act('buy-button', 'tapPay')
    await demo.page.setViewportSize({ width: 1440, height: 1000 })
  })

  it('draws the partner server’s own secret-key call, and labels the headless check’s rows hidden', async () => {
    await run('mismatch')
    await waitForRow('frame→host check complete')
    expect(await rows()).toContain('api - POST /platform/v1/sessions → 201')
    const rowsJson = JSON.parse(
      await (async () => {
        await demo.page.click('#copy-json')
        await expect.poll(() => demo.page.inputValue('#copied'), { timeout: 10_000 }).toContain('sessions')
        return demo.page.inputValue('#copied')
      })(),
    ) as Array<{ frame: string; actor?: string; hidden?: boolean; kind: string }>
    expect(rowsJson.filter((row) => row.frame === 'check').every((row) => row.hidden === true)).toBe(true)
    expect(rowsJson.find((row) => row.kind === 'POST /platform/v1/sessions → 201')?.actor).toBe('partner')
  })

  it('says a connect the customer closed was cancelled', async () => {
    await demo.page.fill('#custom-email', 'someone.new@example.com')
    await demo.page.fill('#custom-phone', '+12125550177')
    await run('connect')
    await demo.page
      .frameLocator('#frames iframe[title="connect frame"]')
      .locator('form[data-action="enterEmail"]')
      .waitFor({ timeout: 10_000 })
    await demo.page.click('#close-frames')
    await expect
      .poll(() => demo.page.locator('#outcome').getAttribute('data-outcome'), { timeout: 10_000 })
      .toBe('cancelled')
    expect(await demo.page.locator('#outcome').textContent()).toContain('closed the frames')
    expect(await demo.page.locator('#frames iframe').count()).toBe(0)
    await demo.page.fill('#custom-email', '')
    await demo.page.fill('#custom-phone', '')
  })

  it("switches the open frames to the page's theme when the viewer changes it, without reloading them", async () => {
    await run('card-buy', 100)
    const button = demo.page.frameLocator('#frames iframe[title="buy-button frame"]').locator('html')
    await button.locator('form[data-action="tapPay"]').waitFor({ timeout: 10_000 })
    const channel = await demo.page.locator('#frames iframe[title="buy-button frame"]').getAttribute('data-channel-id')
    await demo.page.selectOption('#theme', 'dark')
    await expect.poll(() => button.getAttribute('data-theme'), { timeout: 10_000 }).toBe('dark')
    await demo.page.selectOption('#theme', 'light')
    await expect.poll(() => button.getAttribute('data-theme'), { timeout: 10_000 }).toBe('light')
    // The same frame (its channel), still on its button: switched, not reloaded.
    expect(await demo.page.locator('#frames iframe[title="buy-button frame"]').getAttribute('data-channel-id')).toBe(
      channel,
    )
    expect(await button.locator('form[data-action="tapPay"]').count()).toBe(1)
    expect((await frameRows()).filter((row) => row === 'frame→host buy-button handshake')).toHaveLength(1)
  })

  it('fits 375 px without horizontal scrolling', async () => {
    await demo.page.setViewportSize({ width: 375, height: 800 })
    expect(await demo.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await demo.page.setViewportSize({ width: 1440, height: 1000 })
  })
})

import { beforeEach, describe, expect, it } from 'vitest'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'
import { act, eventsOf, startCall, waitForEvent } from '#testing/host-page-calls.ts'
import { generateHostKeyPair } from '#portable/frames/credentials.ts'
import { connectedBuyer } from '#portable/frames/machines/purchase-test-kit.ts'
import { encodeQuote } from '#portable/frames/machines/purchase-flow.ts'
import { payAmount } from '#portable/frames/machines/order-details.ts'
import { clearFrames, frameOnScreen, inFrame } from '#testing/frame-mounts.ts'

const env = useBrowserSandbox()

/** Mounts a frame with `window.sandbox[method]` and keeps the MountedFrame as `window.mounted[id]` (for setTheme). */
async function mountKept(method: string, args: unknown[], params: Record<string, string>): Promise<string> {
  const id = `kept-${Math.floor(performance.now() * 1000)}`
  await env.page.evaluate(
    ({ id, method, args, params }) => {
      const w = window as any
      const container = document.createElement('section')
      container.dataset.call = id
      document.getElementById('frames')!.append(container)
      w.mounted ??= {}
      w.mounted[id] = w.sandbox[method](...args, {
        container,
        params,
        onEvent: (event: object) => w.frameEvents.push({ ...event, call: id }),
      })
    },
    { id, method, args, params },
  )
  return id
}

describe('how frames look, in Chromium', () => {
  beforeEach(() => clearFrames(env.page))

  it('shows a TEST MODE badge with an accessible label in test mode', { timeout: 60_000 }, async () => {
    const id = await startCall(env.page, 'setupAddCard', [(await connectedBuyer(env.sandbox.core)).clientToken])
    await frameOnScreen(env.page, id, 'form')
    await expect.poll(() => inFrame(env.page, id, '.test-badge').textContent(), { timeout: 10_000 }).toBe('TEST MODE')
    expect(await inFrame(env.page, id, '.test-badge').getAttribute('aria-label')).toMatch(/^Test mode/)
  })

  it('shows no badge in live mode', { timeout: 60_000 }, async () => {
    const id = await startCall(env.page, 'setupAddCard', [(await connectedBuyer(env.sandbox.core, 'live')).clientToken])
    await frameOnScreen(env.page, id, 'form')
    expect(await inFrame(env.page, id, '.test-badge').count()).toBe(0)
  })

  it('labels the pay button with the amount and lists rate and fees', { timeout: 60_000 }, async () => {
    const buyer = await connectedBuyer(env.sandbox.core)
    const quote = await buyer.quote(100)
    const id = await startCall(env.page, 'setupBuyButton', [buyer.clientToken, encodeQuote(quote)])
    await frameOnScreen(env.page, id, 'button')
    expect(await inFrame(env.page, id, 'form[data-action="tapPay"] button[type="submit"]').textContent()).toBe(
      `Pay ${payAmount(quote)}`,
    )
    expect(await inFrame(env.page, id, 'dl.details').textContent()).toMatch(/You get.*Rate.*Fees.*Total/)
  })

  it('shows the transaction id and status on the receipt', { timeout: 60_000 }, async () => {
    const buyer = await connectedBuyer(env.sandbox.core)
    const id = await startCall(env.page, 'setupBuyButton', [buyer.clientToken, encodeQuote(await buyer.quote(100))])
    await act(env.page, id, 'tapPay')
    await act(env.page, id, 'confirmSheet')
    const { transaction } = (await waitForEvent(env.page, id, 'complete')).payload
    await frameOnScreen(env.page, id, 'done')
    await expect
      .poll(() => inFrame(env.page, id, 'dl.details').textContent(), { timeout: 10_000 })
      .toContain(`Transaction${transaction.id}Status${transaction.status}`)
  })

  it("grows add-card's iframe until its submit button is inside it, and never reports the resize as an event", {
    timeout: 60_000,
  }, async () => {
    await env.page.addStyleTag({ content: 'section[data-call] iframe { height: 280px; width: 360px; }' })
    const id = await startCall(env.page, 'setupAddCard', [(await connectedBuyer(env.sandbox.core)).clientToken])
    await frameOnScreen(env.page, id, 'form')
    const iframe = env.page.locator(`section[data-call="${id}"] iframe`)
    const submit = inFrame(env.page, id, 'form[data-action="enterCard"] button[type="submit"]')
    const fits = async () => {
      const [box, button] = [await iframe.boundingBox(), await submit.boundingBox()]
      return box !== null && button !== null && button.y >= box.y && button.y + button.height <= box.y + box.height
    }
    // Chromium does not render a cross-origin frame scrolled out of view: the customer sees this one.
    await iframe.scrollIntoViewIfNeeded()
    await expect.poll(fits, { timeout: 10_000 }).toBe(true)
    expect((await iframe.boundingBox())!.height).toBeGreaterThan(280)
    expect((await eventsOf(env.page, id)).map((e) => e.kind)).toEqual(['handshake', 'ready'])
  })

  it('switches a mounted frame to dark on setTheme, without an event or a journal entry', {
    timeout: 60_000,
  }, async () => {
    const buyer = await connectedBuyer(env.sandbox.core)
    const id = await mountKept('setupAddCard', [buyer.clientToken], { theme: 'light' })
    const body = inFrame(env.page, id, 'body')
    await frameOnScreen(env.page, id, 'form')
    await expect
      .poll(() => body.evaluate((el) => getComputedStyle(el).backgroundColor), { timeout: 10_000 })
      .toBe('rgb(255, 255, 255)')
    await env.page.evaluate((id) => (window as any).mounted[id].setTheme('dark'), id)
    await expect
      .poll(() => body.evaluate((el) => getComputedStyle(el).backgroundColor), { timeout: 10_000 })
      .toBe('rgb(21, 22, 26)')
    expect((await eventsOf(env.page, id)).map((e) => e.kind)).toEqual(['handshake', 'ready'])
    const journaled = buyer.tenant.journal.list({ kind: 'frame' }).flatMap((e) => (e.kind === 'frame' ? [e.event] : []))
    expect(journaled.filter((event) => event === 'setTheme' || event === 'resize')).toEqual([])
  })

  it('paints a dark frame dark from its first byte: data-theme on <html> in the served page', {
    timeout: 60_000,
  }, async () => {
    const buyer = await connectedBuyer(env.sandbox.core)
    const response = await fetch(
      `${env.sandbox.framesUrl}/platform/v1/add-card?clientToken=${buyer.clientToken}&theme=dark&channelId=ch_theme_1`,
      { headers: { referer: env.host.url } },
    )
    const html = await response.text()
    expect(html).toMatch(/<html lang="en" data-theme="dark">/)
    expect(html).toContain('<meta name="color-scheme" content="dark">')
  })

  it('submits the widget with the crypto field empty, buying its default', { timeout: 60_000 }, async () => {
    const id = await startCall(env.page, 'setupWidget', [], {
      params: { clientToken: (await connectedBuyer(env.sandbox.core)).clientToken },
    })
    await act(env.page, id, 'chooseAmount', { amount: '100' })
    await frameOnScreen(env.page, id, 'wallet')
    expect(await inFrame(env.page, id, 'label').first().textContent()).toContain('ETH wallet address')
  })

  it('keeps the focus in the frame between steps: the code screen focuses its input after the email is submitted', {
    timeout: 60_000,
  }, async () => {
    const sessionToken = await platformAccount(env.sandbox.core).session(magic.stranger)
    const { publicKeyHex } = await generateHostKeyPair()
    const id = await startCall(env.page, 'setupFrame', ['connect'], {
      params: { sessionToken, publicKey: publicKeyHex, apiKey: undefined },
    })
    await frameOnScreen(env.page, id, 'email')
    await inFrame(env.page, id, 'input[name="email"]').fill('new.person@example.com')
    await inFrame(env.page, id, 'input[name="email"]').press('Enter')
    const frame = await frameOnScreen(env.page, id, 'code')
    await expect
      .poll(() => frame.evaluate(() => document.activeElement?.getAttribute('name')), { timeout: 10_000 })
      .toBe('code')
  })
})

import type { Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'
import { axeViolations } from '#testing/axe-check.ts'
import { act, waitForEvent } from '#testing/host-page-calls.ts'
import { generateHostKeyPair } from '#portable/frames/credentials.ts'
import { connectedBuyer } from '#portable/frames/machines/purchase-test-kit.ts'
import { encodeQuote } from '#portable/frames/machines/purchase-flow.ts'
import { clearFrames, frameOnScreen, mountCall, type Theme } from '#testing/frame-mounts.ts'

const env = useBrowserSandbox()

/** How to open one frame in a theme (returns the call id and its first screen) and take it to a later screen. */
interface FrameCase {
  open(page: Page, theme: Theme): Promise<{ id: string; first: string }>
  later(page: Page, id: string): Promise<string>
}

const buyer = () => connectedBuyer(env.sandbox.core)

const payButton = (
  method: 'setupBuyButton' | 'setupApplePay' | 'setupGooglePay',
  type: 'card' | 'apple_pay' | 'google_pay',
): FrameCase => ({
  async open(page, theme) {
    const b = await buyer()
    return {
      id: await mountCall(page, method, [b.clientToken, encodeQuote(await b.quote(100, type))], theme),
      first: 'button',
    }
  },
  async later(page, id) {
    await act(page, id, 'tapPay')
    return 'sheet'
  },
})

const CASES: Record<string, FrameCase> = {
  'buy-button': payButton('setupBuyButton', 'card'),
  'apple-pay': payButton('setupApplePay', 'apple_pay'),
  'google-pay': payButton('setupGooglePay', 'google_pay'),
  buy: {
    // The buy frame takes no theme parameter: it follows the system's, emulated here.
    async open(page, theme) {
      await page.emulateMedia({ colorScheme: theme })
      const b = await buyer()
      const id = await mountCall(page, 'setupBuy', [b.clientToken, encodeQuote(await b.quote(100))], undefined)
      await waitForEvent(page, id, 'complete')
      return { id, first: 'done' }
    },
    // The headless buy frame has one screen a customer sees: its receipt.
    later: async () => 'done',
  },
  'add-card': {
    open: async (page, theme) => ({
      id: await mountCall(page, 'setupAddCard', [(await buyer()).clientToken], theme),
      first: 'form',
    }),
    async later(page, id) {
      await act(page, id, 'enterCard', { number: '4242', expiryMonth: '12', expiryYear: '2030', cvc: '123' })
      return 'form'
    },
  },
  connect: {
    async open(page, theme) {
      const sessionToken = await platformAccount(env.sandbox.core).session(magic.stranger)
      const { publicKeyHex } = await generateHostKeyPair()
      return {
        id: await mountCall(page, 'setupFrame', ['connect'], theme, {
          sessionToken,
          publicKey: publicKeyHex,
          apiKey: undefined,
        }),
        first: 'email',
      }
    },
    async later(page, id) {
      await act(page, id, 'enterEmail', { email: 'new.person@example.com' })
      await act(page, id, 'enterCode', { code: '123456' })
      return 'code'
    },
  },
  auth: {
    open: async (page, theme) => ({
      id: await mountCall(page, 'setupAuth', [(await buyer()).clientToken], theme),
      first: 'code',
    }),
    async later(page, id) {
      await act(page, id, 'enterCode', { code: '12' })
      return 'code'
    },
  },
  challenge: {
    async open(page, theme) {
      const b = await buyer()
      const buy = await mountCall(page, 'setupBuy', [b.clientToken, encodeQuote(await b.quote(49))], undefined)
      const { payload } = await waitForEvent(page, buy, 'challenge')
      return { id: await mountCall(page, 'setupChallenge', [payload.url], theme), first: 'cvv' }
    },
    async later(page, id) {
      await act(page, id, 'enterCvv', { cvv: '12' })
      return 'cvv'
    },
  },
  widget: {
    open: async (page, theme) => ({
      id: await mountCall(page, 'setupWidget', [], theme, { clientToken: (await buyer()).clientToken }),
      first: 'amount',
    }),
    async later(page, id) {
      await act(page, id, 'chooseAmount', { amount: '10' })
      return 'amount'
    },
  },
  'customer-export': {
    open: async (page, theme) => ({
      id: await mountCall(page, 'setupCustomerExport', [(await buyer()).clientToken], theme),
      first: 'asking',
    }),
    async later(page, id) {
      await act(page, id, 'decline')
      return 'declined'
    },
  },
}

describe('frame accessibility in Chromium (axe-core: no violation of any impact)', () => {
  beforeEach(() => clearFrames(env.page))

  for (const [frame, steps] of Object.entries(CASES)) {
    it(`${frame}: its first and a later screen, light and dark`, { timeout: 60_000 }, async () => {
      for (const theme of ['light', 'dark'] as const) {
        await env.page.emulateMedia({ colorScheme: null })
        await clearFrames(env.page)
        const { id, first } = await steps.open(env.page, theme)
        expect({
          theme,
          screen: first,
          violations: await axeViolations(await frameOnScreen(env.page, id, first)),
        }).toEqual({ theme, screen: first, violations: [] })
        const later = await steps.later(env.page, id)
        const view = await frameOnScreen(env.page, id, later)
        // A refused entry shows its alert: wait for it before checking the screen.
        if (frame !== 'buy' && later === first)
          await view.locator('[role="alert"]').first().waitFor({ timeout: 10_000 })
        expect({ theme, screen: later, violations: await axeViolations(view) }).toEqual({
          theme,
          screen: later,
          violations: [],
        })
      }
      await env.page.emulateMedia({ colorScheme: null })
    })
  }
})

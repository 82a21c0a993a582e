import { describe, expect, it } from 'vitest'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'
import { generateHostKeyPair } from '#portable/frames/credentials.ts'

const env = useBrowserSandbox()

/** Mounts a connect frame for a new customer with appearance parameters; returns its first button's and body's colours. */
async function connectFrameColours(appearance: Record<string, string>) {
  const sessionToken = await platformAccount(env.sandbox.core).session(magic.stranger)
  const { publicKeyHex } = await generateHostKeyPair()
  await env.page.evaluate(
    (params) => {
      const w = window as any
      const container = document.getElementById('frames')!
      container.replaceChildren()
      w.sandbox.setupFrame('connect', { container, params: { apiKey: undefined, ...params } })
    },
    { sessionToken, publicKey: publicKeyHex, ...appearance },
  )
  const button = env.page.frameLocator('#frames iframe').locator('form[data-action="enterEmail"] button')
  await button.waitFor()
  return {
    button: await button.evaluate((el) => getComputedStyle(el).backgroundColor),
    body: await button.evaluate((el) => getComputedStyle(el.ownerDocument.body).backgroundColor),
    radius: await button.evaluate((el) => getComputedStyle(el).borderRadius),
  }
}

describe('frame appearance in Chromium', { timeout: 30_000 }, () => {
  it('paints buttons in the brand colour', async () => {
    expect((await connectFrameColours({ brandColor: '#ff0066', theme: 'light' })).button).toBe('rgb(255, 0, 102)')
  })

  it('uses a dark background with theme=dark and a light one with theme=light', async () => {
    expect((await connectFrameColours({ theme: 'dark' })).body).toBe('rgb(21, 22, 26)')
    expect((await connectFrameColours({ theme: 'light' })).body).toBe('rgb(255, 255, 255)')
  })

  it('applies the custom theme: colour-scheme lock, border radius and palette', async () => {
    const colours = await connectFrameColours({
      customTheme: JSON.stringify({ colorScheme: 'dark', borderRadius: 2, palette: { primary: '#00aa55' } }),
    })
    expect(colours).toEqual({ button: 'rgb(0, 170, 85)', body: 'rgb(21, 22, 26)', radius: '2px' })
  })
})

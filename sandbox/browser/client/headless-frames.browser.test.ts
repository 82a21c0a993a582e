import { describe, expect, it } from 'vitest'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'

const env = useBrowserSandbox()

/** The iframes of a frame anywhere in the host page (a headless one goes to `document.body`). */
const iframesOf = (frame: string) =>
  env.page.evaluate((title) => document.querySelectorAll(`iframe[title="${title}"]`).length, `${frame} frame`)

describe('headless frames of the browser client, in Chromium', () => {
  it('getConnection removes its hidden check iframe once the check completes', async () => {
    const sessionToken = await platformAccount(env.sandbox.core).session(magic.usNy)
    const connection = await env.page.evaluate((token) => (window as any).sandbox.getConnection(token), sessionToken)
    expect(connection.status).toBe('active')
    await expect.poll(() => iframesOf('check'), { timeout: 15_000 }).toBe(0)
  }, 30_000)

  it('resetConnection removes its hidden reset iframe once the reset completes', async () => {
    const { connection } = await platformAccount(env.sandbox.core).connect(magic.usNy)
    const kinds = await env.page.evaluate(
      (clientToken) =>
        new Promise<string[]>((resolve) => {
          const seen: string[] = []
          ;(window as any).sandbox.resetConnection(clientToken, {
            onEvent: (event: { kind: string }) => {
              seen.push(event.kind)
              if (event.kind === 'complete' || event.kind === 'error') resolve(seen)
            },
          })
        }),
      connection.credentials.clientToken,
    )
    expect(kinds).toEqual(['handshake', 'complete'])
    await expect.poll(() => iframesOf('reset'), { timeout: 15_000 }).toBe(0)
  }, 30_000)

  it('a frame mounted in a container stays after its complete: it is the partner page’s to remove', async () => {
    const sessionToken = await platformAccount(env.sandbox.core).session(magic.usNy)
    await env.page.evaluate((token) => {
      const container = document.createElement('section')
      container.id = 'kept'
      document.body.append(container)
      return (window as any).sandbox.connect(token, { container })
    }, sessionToken)
    expect(await env.page.evaluate(() => document.querySelectorAll('#kept iframe').length)).toBe(1)
  }, 30_000)
})

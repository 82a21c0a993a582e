import { describe, expect, it } from 'vitest'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'

const env = useBrowserSandbox()

/** How late the frames origin takes a frame's journal entry: long enough that a host told first would read the journal before it. */
const SLOW_JOURNAL_MS = 300

describe('a frame page and the journal', { timeout: 30_000 }, () => {
  it('journals each event before the host receives it: what the host saw, the journal already holds', async () => {
    const page = await env.newHostPage()
    await page.route('**/__frames/event', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_JOURNAL_MS))
      await route.continue()
    })
    const account = platformAccount(env.sandbox.core)
    const sessionToken = await account.session(magic.usNy)
    // At the moment the host receives each event, the events the journal holds for the frame.
    const journaledWhenReceived: Array<{ received: string; journaled: string[] }> = []
    await page.exposeFunction('journaledNow', (received: string) => {
      const journaled = account
        .tenant()
        .journal.list({ kind: 'frame' })
        .flatMap((entry) => (entry.kind === 'frame' && entry.direction === 'out' ? [entry.event] : []))
      journaledWhenReceived.push({ received, journaled })
    })
    await page.evaluate(async (token) => {
      const w = window as any
      await w.sandbox.getConnection(token, { onEvent: (event: { kind: string }) => void w.journaledNow(event.kind) })
    }, sessionToken)
    await expect.poll(() => journaledWhenReceived.length, { timeout: 10_000 }).toBe(2)
    expect(journaledWhenReceived).toEqual([
      { received: 'handshake', journaled: ['handshake'] },
      { received: 'complete', journaled: ['handshake', 'complete'] },
    ])
    await page.close()
  })
})

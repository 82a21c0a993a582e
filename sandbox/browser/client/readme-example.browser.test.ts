import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { JournalEntry } from '#contract/index.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'
import { createPartnerSession } from '#testing/partner-session.ts'

const env = useBrowserSandbox()

/** The origins the frames guide's example names: `npm start`'s. The test's sandbox has ports of its own. */
const README_API = 'http://127.0.0.1:4010'
const README_FRAMES = 'http://127.0.0.1:4011'

/** The browser client example of docs/frames.md: the one fenced `html` block importing `ramp-sandbox/client`. */
function readmeExample(): string {
  const readme = readFileSync(new URL('../../../docs/frames.md', import.meta.url), 'utf8')
  const blocks = [...readme.matchAll(/^```html\n([\s\S]*?)^```$/gm)]
    .map((match) => match[1]!)
    .filter((block) => block.includes("from 'ramp-sandbox/client'"))
  expect(blocks, 'docs/frames.md has one html block importing ramp-sandbox/client').toHaveLength(1)
  return blocks[0]!
}

/**
 * The partner's side of the example: its page (the block as written, on the test sandbox's origins) and its server's
 * `POST /api/session`, which creates a session for an active magic customer with the default secret key.
 */
async function partnerSite(page: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/api/session') {
      createPartnerSession(env.sandbox.apiUrl, 'sk_test_sandbox', 'readme-buyer')
        .then((sessionToken) => {
          response.writeHead(200, { 'content-type': 'application/json' })
          response.end(JSON.stringify({ sessionToken }))
        })
        .catch((error: Error) => {
          response.writeHead(500)
          response.end(error.message)
        })
      return
    }
    if (request.url !== '/') return void response.writeHead(204).end()
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(page)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server }
}

let site: { url: string; server: Server }

beforeAll(async () => {
  const example = readmeExample()
  expect(example).toContain(README_API)
  expect(example).toContain(README_FRAMES)
  site = await partnerSite(
    example.replaceAll(README_API, env.sandbox.apiUrl).replaceAll(README_FRAMES, env.sandbox.framesUrl),
  )
})

afterAll(async () => {
  site?.server.closeAllConnections()
  await new Promise((resolve) => site?.server.close(resolve) ?? resolve(undefined))
})

const frameEvents = async () => {
  const response = await fetch(`${env.sandbox.apiUrl}/__sandbox/journal?kind=frame`, {
    headers: { 'x-api-key': 'sk_test_sandbox' },
  })
  const { data } = (await response.json()) as { data: JournalEntry[] }
  return data.flatMap((entry) =>
    entry.kind === 'frame' && entry.direction === 'out' ? [`${entry.frame} ${entry.event}`] : [],
  )
}

describe('the docs example of the browser client (docs/frames.md)', () => {
  it('runs as written: it decrypts the check frame’s credentials, quotes, and the Apple Pay frame it encoded the quote for gets ready', async () => {
    const page = await env.browser.newPage()
    const logged: string[] = []
    const problems: string[] = []
    page.on('console', (message) => {
      // The example's own messages (the frames' pages log on their own origin).
      if (!message.location().url.startsWith(site.url)) return
      if (message.type() === 'log') logged.push(message.text())
      else if (message.type() === 'warning' || message.type() === 'error')
        problems.push(`${message.type()}: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
    try {
      await page.goto(site.url)
      await expect
        .poll(() => ({ problems, applePayReady: logged.some((text) => /^ready\b/.test(text)) }), {
          timeout: 20_000,
          interval: 100,
        })
        .toEqual({ problems: [], applePayReady: true })
      await expect
        .poll(frameEvents, { timeout: 10_000, interval: 100 })
        .toEqual(expect.arrayContaining(['check complete', 'apple-pay ready']))
      expect(await page.locator('#pay iframe').count()).toBe(1)
    } finally {
      await page.close()
    }
  }, 30_000)
})

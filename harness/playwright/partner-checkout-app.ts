import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPartnerSession } from '#testing/partner-session.ts'

/**
 * The partner app the Playwright example of docs/harness.md drives, standing in for `http://localhost:3000`: a checkout page
 * whose "Buy ETH" button asks its own server for a session (the server calls the sandbox with the secret key, as a
 * partner's backend does), then connects the customer in the check frame through the sandbox's browser client, and
 * says "Connected" with the connection's status. The page takes the sandbox's origins and the publishable key from its
 * URL (`/checkout?api=…&frames=…&pk=…`); the server learns each test's secret key from the test itself, server to
 * server (`POST /test/ramp-account`, a test-only route), so the secret key never reaches the page.
 */
export interface PartnerCheckoutApp {
  url: string
  close(): Promise<void>
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Checkout</title></head><body>
<main><h1>Checkout</h1><button type="button" id="buy">Buy ETH</button><p id="status" role="status"></p><div id="frames"></div></main>
<script type="module">
  const query = new URLSearchParams(location.search)
  const [api, frames, pk] = ['api', 'frames', 'pk'].map((name) => query.get(name))
  const status = document.getElementById('status')
  document.getElementById('buy').addEventListener('click', async () => {
    try {
      const session = await (await fetch('/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pk }) })).json()
      if (!session.sessionToken) throw new Error(session.message ?? 'no session')
      const { createClient } = await import(api + '/sandbox-client.js')
      const client = createClient({ framesOrigin: frames, apiOrigin: api, apiKey: pk })
      const connection = await client.getConnection(session.sessionToken, { container: document.getElementById('frames') })
      status.textContent = 'Connected: ' + connection.status
    } catch (error) {
      status.textContent = 'Failed: ' + error.message
    }
  })
</script></body></html>`

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8'))
}

/** Each test's sandbox account, by publishable key: what the test told the backend (`POST /test/ramp-account`). */
type Accounts = Map<string, { apiUrl: string; secretKey: string }>

/** The test-only route: the test hands the backend its account's API URL and secret key, server to server. */
async function rememberAccount(accounts: Accounts, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { apiUrl, publishableKey, secretKey } = (await bodyOf(request)) as {
    apiUrl: string
    publishableKey: string
    secretKey: string
  }
  accounts.set(publishableKey, { apiUrl, secretKey })
  response.writeHead(204).end()
}

/** The partner's backend: creates the sandbox session for its customer with the secret key of the page's account. */
async function createSession(accounts: Accounts, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { pk } = (await bodyOf(request)) as { pk: string }
  const account = accounts.get(pk)
  if (!account) throw new Error(`no sandbox account for ${pk}: POST /test/ramp-account first`)
  const sessionToken = await createPartnerSession(account.apiUrl, account.secretKey, 'customer-1')
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(JSON.stringify({ sessionToken }))
}

/**
 * Starts the stand-in partner app on 127.0.0.1 and a free port.
 *
 * @example
 * const app = await startPartnerCheckoutApp()
 * await request.post(`${app.url}/test/ramp-account`, { data: { apiUrl: sandbox.apiUrl, publishableKey: tenant.publishableKey, secretKey: tenant.secretKey } })
 * await page.goto(`${app.url}/checkout?api=${sandbox.apiUrl}&frames=${sandbox.framesUrl}&pk=${tenant.publishableKey}`)
 */
export async function startPartnerCheckoutApp(): Promise<PartnerCheckoutApp> {
  const accounts: Accounts = new Map()
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://app').pathname
    if (request.method === 'POST' && (path === '/session' || path === '/test/ramp-account')) {
      ;(path === '/session' ? createSession : rememberAccount)(accounts, request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ message: String(error) }))
      })
      return
    }
    response.writeHead(path === '/checkout' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
    response.end(path === '/checkout' ? PAGE : 'not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

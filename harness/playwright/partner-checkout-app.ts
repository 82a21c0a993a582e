import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPartnerSession } from '../../sandbox/testing/partner-session.ts'

/**
 * The partner app the README's Playwright example drives, standing in for `http://localhost:3000`: a checkout page
 * whose "Buy ETH" button asks its own server for a session (the server calls the sandbox with the secret key, as a
 * partner's backend does), then connects the customer in the check frame through the sandbox's browser client, and
 * says "Connected" with the connection's status. It takes the sandbox's origins and the tenant's keys from its URL:
 * `/checkout?api=…&frames=…&pk=…&sk=…`.
 */
export interface PartnerCheckoutApp {
  url: string
  close(): Promise<void>
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Checkout</title></head><body>
<main><h1>Checkout</h1><button type="button" id="buy">Buy ETH</button><p id="status" role="status"></p><div id="frames"></div></main>
<script type="module">
  const query = new URLSearchParams(location.search)
  const [api, frames, pk, sk] = ['api', 'frames', 'pk', 'sk'].map((name) => query.get(name))
  const status = document.getElementById('status')
  document.getElementById('buy').addEventListener('click', async () => {
    try {
      const session = await (await fetch('/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api, sk }) })).json()
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

/** The partner's backend: creates the sandbox session for its customer with the secret key the page was given. */
async function createSession(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { api, sk } = (await bodyOf(request)) as { api: string; sk: string }
  const sessionToken = await createPartnerSession(api, sk, 'customer-1')
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(JSON.stringify({ sessionToken }))
}

/**
 * Starts the stand-in partner app on 127.0.0.1 and a free port.
 *
 * @example
 * const app = await startPartnerCheckoutApp()
 * await page.goto(`${app.url}/checkout?api=${sandbox.apiUrl}&frames=${sandbox.framesUrl}&pk=${tenant.publishableKey}&sk=${tenant.secretKey}`)
 */
export async function startPartnerCheckoutApp(): Promise<PartnerCheckoutApp> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://app').pathname
    if (request.method === 'POST' && path === '/session') {
      createSession(request, response).catch((error: unknown) => {
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

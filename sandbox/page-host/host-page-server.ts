import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A partner's page on its own origin, loading the sandbox's browser client, and an intruder on another. */
export interface HostPageServer {
  url: string
  /**
   * The same host page on `http://partner.localhost:<port>`: an origin the default allowed origins
   * (`http://localhost:*`, `http://127.0.0.1:*`) do not match, for tests of a tenant's own origins.
   * Chromium resolves `*.localhost` to loopback and counts it as a secure context (WebCrypto works).
   */
  partnerUrl: string
  /** A page on a fourth origin that posts `?message=` to the top window's first frame. */
  intruderUrl: string
  close(): Promise<void>
}

const INTRUDER = `<!doctype html><script>
  const message = new URLSearchParams(location.search).get('message')
  window.top.frames[0].postMessage(message, '*')
  document.title = 'sent'
</script>`

/**
 * Serves a minimal host page on 127.0.0.1 (a port of its own, so a third origin):
 * it loads `{apiUrl}/sandbox-client.js`, creates a client as `window.sandbox`,
 * and records every frame event in `window.frameEvents`.
 */
export async function startHostPage(apiUrl: string, framesUrl: string): Promise<HostPageServer> {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>host</title><link rel="icon" href="data:,"></head><body>
<div id="frames"></div>
<script type="module">
  import * as client from '${apiUrl}/sandbox-client.js'
  window.frameEvents = []
  window.sandbox = client.createClient({ framesOrigin: '${framesUrl}', apiOrigin: '${apiUrl}' })
  window.sandboxClient = client
  window.record = (event) => window.frameEvents.push(event)
  window.ready = true
</script></body></html>`
  const page = (body: string) =>
    createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(body)
    })
  const servers = [page(html), page(INTRUDER)]
  for (const server of servers) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const [hostPort, intruderPort] = servers.map((server) => (server.address() as AddressInfo).port)
  return {
    url: `http://127.0.0.1:${hostPort}/`,
    partnerUrl: `http://partner.localhost:${hostPort}/`,
    intruderUrl: `http://127.0.0.1:${intruderPort}/`,
    close: async () => {
      for (const server of servers) {
        server.closeAllConnections()
        await new Promise<void>((resolve) => server.close(() => resolve()))
      }
    },
  }
}

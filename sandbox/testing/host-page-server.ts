import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A partner's page on its own origin, loading the sandbox's browser client. */
export interface HostPageServer {
  url: string
  close(): Promise<void>
}

/**
 * Serves a minimal host page on 127.0.0.1 (a port of its own, so a third origin):
 * it loads `{apiUrl}/sandbox-client.js`, creates a client as `window.sandbox`,
 * and records every frame event in `window.frameEvents`.
 */
export async function startHostPage(apiUrl: string, framesUrl: string): Promise<HostPageServer> {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>host</title></head><body>
<div id="frames"></div>
<script type="module">
  import * as client from '${apiUrl}/sandbox-client.js'
  window.frameEvents = []
  window.sandbox = client.createClient({ framesOrigin: '${framesUrl}', apiOrigin: '${apiUrl}' })
  window.sandboxClient = client
  window.record = (event) => window.frameEvents.push(event)
  window.ready = true
</script></body></html>`
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

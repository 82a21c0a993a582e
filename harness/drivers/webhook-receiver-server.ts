import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { WebhookInboxes } from './webhook-inboxes.ts'
import type { WebhookReceiver } from './webhook-listeners.ts'

/** A receiver on a real port: the browser driver's, one per site, closed with its environment. */
export interface WebhookReceiverServer extends WebhookReceiver {
  close(): Promise<void>
}

/**
 * Starts a `node:http` server on 127.0.0.1, port 0, that hands every request to `inboxes` as a fetch `Request` and
 * answers the status they give: the same inbox code as the node driver's in-process transport, over a socket.
 *
 * @example
 * const receiver = await startWebhookReceiver(new WebhookInboxes())
 * // register `${receiver.origin}/__harness/<account>/<as>` as an endpoint …
 * await receiver.close()
 */
export async function startWebhookReceiver(inboxes: WebhookInboxes): Promise<WebhookReceiverServer> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const headers = new Headers()
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === 'string') headers.set(name, value)
      const method = request.method ?? 'POST'
      const body = method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks)
      inboxes
        .receive(new Request(`http://127.0.0.1${request.url ?? '/'}`, { method, headers, body }))
        .then((answer) => response.writeHead(answer.status).end())
        .catch(() => response.writeHead(500).end())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    inboxes,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

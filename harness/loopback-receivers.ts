import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { WebhookHandler } from '#kernel/webhook-transport.ts'

/** Webhook handlers behind one loopback server: a URL per handler, and the server closed with `close()`. */
interface LoopbackReceivers {
  /** Starts the server on first use (127.0.0.1, a free port) and answers a URL that hands each POST to `handler`. */
  url(handler: WebhookHandler): Promise<string>
  /** Closes the server, if one was started. */
  close(): Promise<void>
}

/** Reads a request's body whole. */
async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * What a handler's answer becomes on the socket, as `handlerTransport` counts it in process: nothing is a 200; a
 * throw or `Response.error()` drops the connection.
 */
async function answer(
  handler: WebhookHandler,
  request: IncomingMessage,
  response: ServerResponse,
  origin: string,
): Promise<void> {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value)
  const body = await bodyOf(request)
  let reply: Response | void
  try {
    reply = await handler(
      new Request(`${origin}${request.url ?? '/'}`, {
        method: request.method ?? 'POST',
        headers,
        body: body.length > 0 ? new Uint8Array(body) : null,
      }),
    )
  } catch {
    response.destroy()
    return
  }
  if (reply === undefined) {
    response.writeHead(200).end()
    return
  }
  if (reply.type === 'error') {
    response.destroy()
    return
  }
  response.writeHead(reply.status, Object.fromEntries(reply.headers)).end(Buffer.from(await reply.arrayBuffer()))
}

/**
 * Webhook receivers for a sandbox served over HTTP (the Playwright fixture's): the handlers run in the test's
 * process, behind a loopback server that the sandbox's deliveries reach as a partner's server would.
 *
 * @example
 * const receivers = loopbackReceivers()
 * const url = await receivers.url(async (request) => void seen.push(await request.json())) // http://127.0.0.1:…/1
 * await receivers.close()
 */
export function loopbackReceivers(): LoopbackReceivers {
  const handlers = new Map<string, WebhookHandler>()
  let started: Promise<{ server: Server; origin: string }> | undefined
  const start = () =>
    (started ??= new Promise((resolve, reject) => {
      const server = createServer((request, response) => {
        const handler = handlers.get(new URL(request.url ?? '/', 'http://receiver').pathname)
        if (!handler) return void response.writeHead(404).end()
        void answer(handler, request, response, `http://127.0.0.1:${(server.address() as AddressInfo).port}`).catch(
          () => response.destroy(),
        )
      })
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () =>
        resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
      )
    }))
  return {
    async url(handler) {
      const { origin } = await start()
      const path = `/${handlers.size + 1}`
      handlers.set(path, handler)
      return `${origin}${path}`
    },
    async close() {
      if (!started) return
      const { server } = await started
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

import { http, HttpResponse, type HttpHandler } from 'msw'
import { createSandboxCore, isTextReply, parseQueryString, secretFromBytes, type SandboxCore, type SandboxOptions } from '../../http/index.ts'
import { fetchTransport, handlerTransport, type WebhookHandler, type WebhookTransport } from '../../kernel/webhook-transport.ts'

/** Options of the msw adapter. */
export interface MswSandboxOptions extends SandboxOptions {
  /** Origin your code calls (your configured API base URL). Default `http://127.0.0.1:4010`. */
  baseUrl?: string
  /**
   * The signing secret (hex): give one when a test compares tokens or quote
   * signatures across runs or sandboxes. Default: 32 random bytes from
   * `crypto.getRandomValues`, drawn when the sandbox is created.
   */
  secret?: string
  /**
   * Where webhooks go: a function that receives them in process (a `Request` in, a `Response` or nothing out), or
   * `'fetch'` (the default): sent with the global `fetch`, so your own msw handler for your webhook URL receives them.
   * Signatures carry the wall clock either way, so `verifyWebhook` accepts them. `webhookTransport` overrides both.
   */
  webhooks?: WebhookHandler | 'fetch'
}

/** Unix seconds of the wall clock: what receivers check webhook timestamps against. */
const wallSeconds = () => Math.floor(Date.now() / 1000)

/** The transport for the `webhooks` option: the handler in process, or the global `fetch` (looked up per attempt). */
function webhookTransportFor(webhooks: WebhookHandler | 'fetch'): WebhookTransport {
  return webhooks === 'fetch' ? { post: fetchTransport.post, nowSeconds: wallSeconds } : handlerTransport(webhooks, { nowSeconds: wallSeconds })
}

/** A sandbox for msw: its core (for control and inspection) and the handlers to mount. */
export interface MswSandbox {
  core: SandboxCore
  handlers: HttpHandler[]
}

/**
 * Creates a sandbox whose routes are msw handlers, for `setupServer` (node) or
 * `setupWorker` (browser). The handlers call the same core as the real server.
 *
 * @example
 * import { setupServer } from 'msw/node'
 * import { createSandbox } from 'ramp-sandbox/msw'
 *
 * const sandbox = createSandbox({ baseUrl: 'https://ramp.test' })
 * const server = setupServer(...sandbox.handlers)
 * server.listen()
 *
 * // Webhooks to a function in process instead of your msw handler for the webhook URL:
 * createSandbox({ webhooks: async (request) => void received.push(await request.json()) })
 */
export function createSandbox(options: MswSandboxOptions = {}): MswSandbox {
  const { baseUrl = 'http://127.0.0.1:4010', secret = secretFromBytes(crypto.getRandomValues(new Uint8Array(32))), webhooks = 'fetch', ...coreOptions } = options
  const origin = baseUrl.replace(/\/+$/, '')
  const core = createSandboxCore({ origins: { api: origin, frames: origin }, secret, webhookTransport: webhookTransportFor(webhooks), ...coreOptions })
  const handler = http.all(`${origin}/*`, async ({ request }) => {
    const url = new URL(request.url)
    const headers: Record<string, string> = {}
    request.headers.forEach((value, name) => (headers[name] = value))
    const bytes = request.method === 'GET' || request.method === 'HEAD' ? undefined : new Uint8Array(await request.arrayBuffer())
    const plain = await core.handle({
      method: request.method,
      path: url.pathname,
      query: parseQueryString(url.search.slice(1)),
      search: url.search,
      headers,
      ...(bytes && bytes.length > 0 ? { body: new TextDecoder().decode(bytes), bytes } : {}),
    })
    if (plain.kind === 'network-error') return HttpResponse.error()
    if (plain.body === undefined) return new HttpResponse(null, { status: plain.status, headers: plain.headers })
    if (isTextReply(plain)) return new HttpResponse(plain.body as string, { status: plain.status, headers: plain.headers })
    return new HttpResponse(plain.json ?? JSON.stringify(plain.body), {
      status: plain.status,
      headers: { ...plain.headers, 'content-type': 'application/json; charset=utf-8' },
    })
  })
  return { core, handlers: [handler] }
}

import { http, HttpResponse, type HttpHandler } from 'msw'
import { createSandboxCore, hasBody, isTextReply, parseQueryString, secretFromBytes, type SandboxCore, type SandboxOptions } from '../../http/index.ts'
import { tenantControl, type TenantControl } from '../../http/tenant-control.ts'
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

/** One account of an msw sandbox: its keys and its control API (faults in, verification out), in process. */
export interface MswTenant extends TenantControl {
  account: string
  mode: 'test' | 'live'
  publishableKey: string
  secretKey: string
}

/** A sandbox for msw: its core (for control and inspection), the handlers to mount, and a tenant's control API. */
export interface MswSandbox {
  core: SandboxCore
  handlers: HttpHandler[]
  /**
   * The account your code's keys name (`pk_test_sandbox` by default): `addFault`, `clearFaults`, `listFaults`,
   * `countRequests`, `findRequests`, in process (no request goes through msw). The harness's `toHaveReceived` matcher
   * (`ramp-sandbox/harness/vitest`) reads it: `await expect(sandbox.tenant()).toHaveReceived({ method: 'POST', path: '/platform/v1/sessions' })`.
   */
  tenant(account?: string, mode?: 'test' | 'live'): MswTenant
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
 *
 * // Faults and verification for the account your code uses (pk_test_sandbox / sk_test_sandbox):
 * const tenant = sandbox.tenant()
 * await tenant.addFault({ method: 'POST', path: '/platform/v1/quotes/buy', status: 429, responseHeaders: { 'retry-after': '2' } })
 * await expect(tenant).toHaveReceived({ method: 'POST', path: '/platform/v1/quotes/buy' }, { times: 2 })
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
    if (!hasBody(plain)) return new HttpResponse(null, { status: plain.status, headers: plain.headers })
    if (plain.raw !== undefined) return new HttpResponse(plain.raw, { status: plain.status, headers: plain.headers })
    if (isTextReply(plain)) return new HttpResponse(plain.body as string, { status: plain.status, headers: plain.headers })
    return new HttpResponse(plain.json ?? JSON.stringify(plain.body), {
      status: plain.status,
      headers: { ...plain.headers, 'content-type': 'application/json; charset=utf-8' },
    })
  })
  const tenant = (account = 'sandbox', mode: 'test' | 'live' = 'test'): MswTenant => {
    const secretKey = `sk_${mode}_${account}`
    const control = tenantControl(async (method, path, headers, body) => {
      const [pathname, search = ''] = path.split('?') as [string, string?]
      const plain = await core.handle({
        method,
        path: pathname,
        query: parseQueryString(search),
        search: search === '' ? '' : `?${search}`,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      return plain.kind === 'reply' ? { status: plain.status, body: plain.body } : { status: 502, body: { message: 'the control API dropped the connection' } }
    }, secretKey)
    return { ...control, account, mode, publishableKey: `pk_${mode}_${account}`, secretKey }
  }
  return { core, handlers: [handler], tenant }
}

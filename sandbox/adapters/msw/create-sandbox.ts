import { http, HttpResponse, type HttpHandler } from 'msw'
import { createSandboxCore, secretFromBytes, type SandboxCore, type SandboxOptions } from '#http/index.ts'
import { answerRequest, coreControlCall } from '#http/core-fetch.ts'
import { tenantHandle, type TenantHandle } from '#http/tenant-handle.ts'
import { webhookReceivers } from '#kernel/webhook-receivers.ts'
import {
  fetchTransport,
  handlerTransport,
  type WebhookHandler,
  type WebhookTransport,
} from '#kernel/webhook-transport.ts'

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
  return webhooks === 'fetch'
    ? { post: fetchTransport.post, nowSeconds: wallSeconds }
    : handlerTransport(webhooks, { nowSeconds: wallSeconds })
}

/** @deprecated The tenant handle, the same as `useSandbox`'s and the Playwright fixture's: use `TenantHandle`. */
export type MswTenant = TenantHandle

/** A sandbox for msw: its core (for control and inspection), the handlers to mount, and a tenant's control API. */
export interface MswSandbox {
  core: SandboxCore
  handlers: HttpHandler[]
  /**
   * The handle of the account your code's keys name (`pk_test_sandbox` by default), the same as `useSandbox`'s and the
   * Playwright fixture's: keys, `clock`, faults, requests, `webhooks` (`listen(handler)` receives in process),
   * `fixtures()`, `reset()`, `journal`. Its calls go to the control API in process (not through msw). The harness's
   * matchers (`ramp-sandbox/harness/vitest`) read it: `await expect(sandbox.tenant()).toHaveReceived({ method: 'POST', path: '/platform/v1/sessions' })`.
   */
  tenant(account?: string, mode?: 'test' | 'live'): TenantHandle
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
 * // The same handle as useSandbox's and the Playwright fixture's: clock, webhooks, fixtures, reset
 * await tenant.webhooks.listen(async (request) => void received.push(await request.json()), { events: ['transaction_created'] })
 * await tenant.clock.advance('30s')
 * await tenant.webhooks.settle() // { deliveries: 1, pending: 0, delivered: 1, failed: 0 }
 */
export function createSandbox(options: MswSandboxOptions = {}): MswSandbox {
  const {
    baseUrl = 'http://127.0.0.1:4010',
    secret = secretFromBytes(crypto.getRandomValues(new Uint8Array(32))),
    webhooks = 'fetch',
    ...coreOptions
  } = options
  const origin = baseUrl.replace(/\/+$/, '')
  const { webhookTransport = webhookTransportFor(webhooks), ...rest } = coreOptions
  const receivers = webhookReceivers()
  const core = createSandboxCore({
    origins: { api: origin, frames: origin },
    secret,
    ...rest,
    webhookTransport: receivers.transport(webhookTransport),
  })
  const handler = http.all(
    `${origin}/*`,
    async ({ request }) => (await answerRequest(core, request)) ?? HttpResponse.error(),
  )
  const call = coreControlCall(core)
  const tenant = (account = 'sandbox', mode: 'test' | 'live' = 'test'): TenantHandle =>
    tenantHandle(call, { account, mode, receiver: receivers.url })
  return { core, handlers: [handler], tenant }
}

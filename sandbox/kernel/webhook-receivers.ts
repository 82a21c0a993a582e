import { handlerTransport, type WebhookHandler, type WebhookTransport } from './webhook-transport.ts'

/**
 * A loopback origin with no server behind it (port 9, discard): deliveries to it are taken in process by the
 * receivers, never sent; an endpoint left registered after its handler is gone fails to connect, as a closed port does.
 */
const RECEIVER_ORIGIN = 'http://127.0.0.1:9'

/** The path of the in-process receivers: apart from the harness's `/__harness/` inboxes. */
const RECEIVER_PATH = '/__handle/'

/**
 * In-process webhook receivers: `url(handler)` names a loopback URL a tenant can register as an endpoint, and
 * `transport(inner)` takes every delivery to such a URL to its handler (`handlerTransport`: a `Request` in, a `Response`
 * or nothing out) and hands the rest to `inner`. What a tenant handle's `webhooks.listen(handler)` stands on where the
 * sandbox runs in process (msw, `useSandbox`).
 */
interface WebhookReceivers {
  /** A URL for `handler`, distinct per call. */
  url(handler: WebhookHandler): string
  /** `inner`, with deliveries to the receivers' URLs taken in process; signatures stamped as `inner` stamps them. */
  transport(inner: WebhookTransport): WebhookTransport
}

/**
 * Receivers for one sandbox core.
 *
 * @example
 * const receivers = webhookReceivers()
 * const core = createSandboxCore({ webhookTransport: receivers.transport(fetchTransport) })
 * const url = receivers.url(async (request) => void seen.push(await request.json())) // http://127.0.0.1:9/__handle/1
 */
export function webhookReceivers(): WebhookReceivers {
  const handlers = new Map<string, WebhookHandler>()
  return {
    url(handler) {
      const url = `${RECEIVER_ORIGIN}${RECEIVER_PATH}${handlers.size + 1}`
      handlers.set(url, handler)
      return url
    },
    transport(inner) {
      const nowSeconds = inner.nowSeconds?.bind(inner)
      return {
        ...(nowSeconds && { nowSeconds }),
        post(request) {
          const handler = handlers.get(request.url)
          return handler ? handlerTransport(handler).post(request) : inner.post(request)
        },
      }
    },
  }
}

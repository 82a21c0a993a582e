import { handlerTransport, type WebhookHandler, type WebhookTransport } from '#kernel/webhook-transport.ts'
import { WebhookInboxes } from './webhook-inboxes.ts'
import { WebhookListeners } from './webhook-listeners.ts'

/** The node driver's inboxes: one set for every core of the process, told apart by account and `as`. */
const inboxes = new WebhookInboxes()

/** A loopback origin with no server behind it: the node driver's transport takes its deliveries in process. */
const NODE_RECEIVER_ORIGIN = 'http://127.0.0.1:9'

/** The path prefix of the harness's receivers. */
const HARNESS_PATH = '/__harness/'

/**
 * The transport the node driver's cores send webhooks with: deliveries to the harness's receivers go to their inbox in
 * process (never the network), anything else to `partner` (a partner's own handler; without one, `fetch`). Signatures are
 * stamped with the wall clock, which `verifyWebhook` checks them against.
 *
 * @example
 * const core = createSandboxCore({ seed: 1, webhookTransport: nodeWebhookTransport() })
 * await runInNode(scenario, { core })
 */
export function nodeWebhookTransport(partner: WebhookHandler = sendWithFetch): WebhookTransport {
  return handlerTransport(
    (request) => (new URL(request.url).pathname.startsWith(HARNESS_PATH) ? inboxes.receive(request) : partner(request)),
    {
      nowSeconds: () => Math.floor(Date.now() / 1000),
    },
  )
}

/** Any other endpoint, without a partner handler: the network, as the core's default transport would send. */
const sendWithFetch: WebhookHandler = (request) => fetch(request, { redirect: 'manual' })

/**
 * A node-driver run's webhook endpoints, at the in-process receiver.
 *
 * @example
 * const webhooks = nodeWebhookListeners()
 */
export function nodeWebhookListeners(): WebhookListeners {
  return new WebhookListeners({ inboxes, origin: NODE_RECEIVER_ORIGIN })
}

import {
  WebhookApiKeyView,
  WebhookDelivery,
  WebhookEndpointWithSecret,
  dataOf,
  type WebhookEventType,
} from '#contract/index.ts'
import type { WebhookRecord } from '../recording.ts'
import type { Step } from '../scenario.ts'
import { secretKey, type ApiStepContext } from './api-steps.ts'
import type { AccountWebhookKey, WebhookInboxes } from './webhook-inboxes.ts'

/** Where a driver receives webhooks: its inboxes, and the origin their URLs start with. */
export interface WebhookReceiver {
  inboxes: WebhookInboxes
  /** `http://127.0.0.1:<port>`: the browser driver's receiver server, or a port the node driver never dials. */
  origin: string
}

/** The delivery log holds at most this many; a run reads them all. */
const DELIVERY_LOG_LIMIT = 500

/**
 * One run's webhook endpoints: `listen` registers one at the driver's receiver, `settle` waits for the attempts under
 * way (`POST /__sandbox/webhooks/settle`), `finish` records the deliveries as the recording's third channel and the
 * inboxes' findings, and closes the inboxes. A run without `listen` steps makes no webhook calls at all.
 *
 * @example
 * const webhooks = new WebhookListeners(receiver)
 * await webhooks.listen({ webhooks: 'listen', as: 'hooks' }, context)
 * await webhooks.finish(context)
 */
export class WebhookListeners {
  private readonly paths = new Map<string, string>()
  /** The run's account webhook key, read at its first `listen` (one account and mode a run). */
  private key: AccountWebhookKey | undefined

  constructor(private readonly receiver: WebhookReceiver) {}

  /**
   * Registers the step's endpoint with the run's secret key and opens its inbox, which verifies the V2 header with the
   * account's webhook key (read once a run, at its first listen) and the endpoint's own with its secret; the endpoint
   * is the result `as`.
   */
  async listen(step: Extract<Step, { webhooks: 'listen' }>, context: ApiStepContext): Promise<void> {
    const key = (this.key ??= await accountKey(context))
    const path = `/__harness/${context.account}/${encodeURIComponent(step.as)}`
    const { webhooks: _, as: __, answers: ___, ...options } = step
    const body = { url: `${this.receiver.origin}${path}`, ...options }
    const reply = await context.api('POST /__sandbox/webhooks/endpoints', { headers: secretKey(context), body })
    if (reply.status !== 201)
      throw new Error(`webhooks listen ${step.as}: the endpoint was refused: ${JSON.stringify(reply.body)}`)
    const { secret, ...endpoint } = dataOf(WebhookEndpointWithSecret).parse(reply.body).data
    this.receiver.inboxes.listen(path, step.as, {
      secret,
      scheme: endpoint.scheme,
      key,
      answers: step.answers ?? [],
      note: (entry) => context.recording.timeline.push(entry),
    })
    this.paths.set(path, step.as)
    context.recording.results[step.as] = endpoint
  }

  /** Waits until every attempt under way has ended (nothing to wait for without endpoints). */
  async settle(context: ApiStepContext): Promise<void> {
    if (this.paths.size === 0) return
    const reply = await context.api('POST /__sandbox/webhooks/settle', { headers: secretKey(context) })
    if (reply.status !== 200) throw new Error(`webhooks settle: ${reply.status} ${JSON.stringify(reply.body)}`)
  }

  /**
   * Settles, then records each delivery to the run's endpoints in emission order (its `data`, and the top-level
   * `externalCustomerId` of a body that has one), and every inbox finding.
   */
  async finish(context: ApiStepContext): Promise<void> {
    if (this.paths.size === 0) return
    await this.settle(context)
    const reply = await context.api(`GET /__sandbox/webhooks/deliveries?limit=${DELIVERY_LOG_LIMIT}`, {
      headers: secretKey(context),
    })
    const deliveries = dataOf(WebhookDelivery.array()).parse(reply.body).data.reverse()
    for (const delivery of deliveries) {
      const path = new URL(delivery.url).pathname
      if (!this.paths.has(path)) continue
      const received = this.receiver.inboxes
        .received(path)
        .filter((arrival) => arrival.eventId === delivery.eventId).length
      const body = JSON.parse(delivery.body) as { data: unknown; externalCustomerId?: string | null }
      const top = 'externalCustomerId' in body ? { externalCustomerId: body.externalCustomerId } : {}
      context.recording.webhooks.push(
        webhookRecord(delivery.type, {
          data: body.data,
          status: delivery.status,
          attempts: delivery.attempts.length,
          received,
          ...top,
        }),
      )
    }
    for (const path of this.paths.keys()) context.recording.findings.push(...this.receiver.inboxes.findings(path))
    this.close()
  }

  /** Closes the run's inboxes (after `finish`, or when a step threw): later deliveries to them are answered 404. */
  close(): void {
    for (const path of this.paths.keys()) this.receiver.inboxes.close(path)
    this.paths.clear()
  }
}

/** The account's webhook API key and header names, as `GET /__sandbox/webhooks/key` shows them. */
async function accountKey(context: ApiStepContext): Promise<AccountWebhookKey> {
  const reply = await context.api('GET /__sandbox/webhooks/key', { headers: secretKey(context) })
  if (reply.status !== 200)
    throw new Error(
      `webhooks listen: the account's webhook key was refused: ${reply.status} ${JSON.stringify(reply.body)}`,
    )
  return dataOf(WebhookApiKeyView).parse(reply.body).data
}

/** A recorded delivery: the log's `data` is the sandbox's own object for the type (the log's schema keeps it as text). */
const webhookRecord = (kind: WebhookEventType, payload: Omit<WebhookRecord['payload'], 'data'> & { data: unknown }) =>
  ({ kind, payload }) as WebhookRecord

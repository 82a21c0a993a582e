import {
  readWebhookBody,
  SANDBOX_EVENT_ID_HEADER,
  WebhookEventType,
  webhookBody,
  webhookEntry,
  type WebhookScheme,
} from '#contract/index.ts'
import { verifyWebhook, WebhookVerificationError } from '#kernel/webhook-signature.ts'
import type { TimelineEntry } from '../recording.ts'

/** One delivery an inbox took: the event, and the status the inbox answered. */
interface InboxDelivery {
  eventId: string
  type: WebhookEventType
  data: unknown
  status: number
}

/**
 * The account's webhook API key and the names of the two signature headers (`GET /__sandbox/webhooks/key`): what
 * verifies the V2 header of every delivery to the account's endpoints (decision 0086).
 */
export interface AccountWebhookKey {
  webhookApiKey: string
  /** The V2 header (`webhookSignatureHeader`), keyed with the webhook API key. */
  header: string
  /** The legacy header (`webhookLegacySignatureHeader`), keyed with the endpoint's secret. */
  legacyHeader: string
}

/** What an inbox is told when a run listens: how to verify, what to answer, where to note arrivals. */
interface InboxOptions {
  /** The endpoint's secret: it verifies the legacy header (scheme `sandbox`) or the Standard Webhooks headers (`standard`). */
  secret: string
  scheme: WebhookScheme
  /** The account's key: it verifies the V2 header. */
  key: AccountWebhookKey
  /** Statuses to answer successive deliveries with; 200 after them. */
  answers: number[]
  note: (entry: TimelineEntry) => void
}

interface Inbox extends InboxOptions {
  name: string
  received: InboxDelivery[]
  findings: string[]
}

/**
 * The harness's webhook receivers, by URL path (`/__harness/<account>/<as>`): the node driver hands them `Request`s in
 * process, the browser driver from a `node:http` server. Each inbox verifies both signatures of a delivery with
 * `verifyWebhook`, as a partner's handler would: the V2 header with the account's webhook API key, and the endpoint's
 * own (the legacy header, or the Standard Webhooks headers) with its secret. One that fails either is a finding naming
 * the header, answered 400. It keeps the event and answers the next of its statuses (then 200). A path no run listens
 * on is answered 404.
 *
 * @example
 * const inboxes = new WebhookInboxes()
 * inboxes.listen('/__harness/acct/hooks', 'hooks', { secret, scheme: 'sandbox', key, answers: [500], note: console.log })
 * await inboxes.receive(request) // Response 500, then 200 for the next
 */
export class WebhookInboxes {
  private readonly inboxes = new Map<string, Inbox>()

  /** Opens the inbox at `path`, named `name` on the timeline (a second listen on the path starts it afresh). */
  listen(path: string, name: string, options: InboxOptions): void {
    this.inboxes.set(path, { ...options, answers: [...options.answers], name, received: [], findings: [] })
  }

  /** What the inbox at `path` took so far, in order of arrival. */
  received(path: string): readonly InboxDelivery[] {
    return this.inboxes.get(path)?.received ?? []
  }

  /** What went wrong at the inbox at `path`: deliveries that did not verify or were not webhooks. */
  findings(path: string): readonly string[] {
    return this.inboxes.get(path)?.findings ?? []
  }

  /** Closes the inbox at `path`: later deliveries to it are answered 404. */
  close(path: string): void {
    this.inboxes.delete(path)
  }

  /** Takes one delivery: the status answered says what the inbox made of it. */
  async receive(request: Request): Promise<Response> {
    const inbox = this.inboxes.get(new URL(request.url).pathname)
    if (!inbox) return new Response(null, { status: 404 })
    const body = await request.text()
    const problem = signatureProblem(body, request.headers, inbox)
    if (problem) return this.refuse(inbox, `a webhook to ${inbox.name} does not verify: ${problem}`)
    const event = envelopeProblem(body, request.headers.get(SANDBOX_EVENT_ID_HEADER))
    if (typeof event === 'string')
      return this.refuse(inbox, `a webhook to ${inbox.name} is not in its family's envelope: ${event}`)
    const status = inbox.answers.shift() ?? 200
    const { eventId, type, data } = event
    inbox.received.push({ eventId, type, data, status })
    inbox.note({ actor: 'sandbox', target: `webhooks:${inbox.name}`, what: `${type} → ${status}` })
    return new Response(null, { status })
  }

  private refuse(inbox: Inbox, finding: string): Response {
    inbox.findings.push(finding)
    inbox.note({ actor: 'sandbox', target: `webhooks:${inbox.name}`, what: 'refused → 400' })
    return new Response(null, { status: 400 })
  }
}

/**
 * Why a delivery's signatures do not verify, naming the header (the V2 one first), or undefined when both do: the V2
 * header with the account's key, and the endpoint's own with its secret.
 */
function signatureProblem(body: string, headers: Headers, inbox: Inbox): string | undefined {
  const names = { headerName: inbox.key.header, legacyHeaderName: inbox.key.legacyHeader }
  const checks: Array<[string, () => void]> = [
    [
      `its V2 header ${inbox.key.header} (the account's webhook API key)`,
      () => verifyWebhook(body, headers, inbox.key.webhookApiKey, names),
    ],
    [
      inbox.scheme === 'standard'
        ? "its Standard Webhooks headers (the endpoint's secret)"
        : `its legacy header ${inbox.key.legacyHeader} (the endpoint's secret)`,
      () => verifyWebhook(body, headers, inbox.secret, { ...names, scheme: inbox.scheme }),
    ],
  ]
  for (const [header, check] of checks) {
    try {
      check()
    } catch (error) {
      return `${header}: ${error instanceof WebhookVerificationError ? `${error.code}: ${error.message}` : String(error)}`
    }
  }
  return undefined
}

/**
 * The event a body carries, or why it is not one: a known type, in exactly its family's envelope (the body the
 * sandbox would make of that type, id and data, key for key), the event id from the sandbox's header.
 */
function envelopeProblem(
  body: string,
  eventId: string | null,
): { eventId: string; type: WebhookEventType; data: unknown } | string {
  const read = readWebhookBody(body)
  if (!read) return 'neither {type, data} nor {id, type, timestamp, data}'
  const type = WebhookEventType.safeParse(read.type)
  if (!type.success) return `type ${read.type} is no event of the catalogue`
  if (eventId === null) return `the ${SANDBOX_EVENT_ID_HEADER} header is missing`
  const parsed = JSON.parse(body) as { timestamp?: string }
  const expected = JSON.stringify(webhookBody(type.data, { eventId, at: parsed.timestamp ?? '' }, read.data))
  if (expected !== body)
    return `a ${type.data} body must be exactly ${webhookEntry(type.data).family === 'widget' ? '{type, data}' : '{id, type, timestamp, data} with the event id'} (its family's envelope)`
  return { eventId, type: type.data, data: read.data }
}

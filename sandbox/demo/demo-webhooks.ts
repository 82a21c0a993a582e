import { z } from 'zod'
import {
  readWebhookBody,
  WebhookApiKeyView,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookEventType,
  dataOf,
  type WebhookScheme,
} from '#contract/index.ts'
import { verifyWebhook, WebhookVerificationError } from '#kernel/webhook-signature.ts'

/** Where the demo's partner server receives its webhooks (`?mode=test|live` says for which key). */
export const DEMO_WEBHOOK_PATH = '/demo/api/webhooks'

/** How many received webhooks the demo keeps per mode for its page: the newest. */
const DEMO_WEBHOOKS_KEPT = 100

/** The demo tenant's modes, each with its own endpoint and secret. */
type DemoMode = 'test' | 'live'

/** A call of the demo's partner server to the sandbox with the mode's secret key. */
type DemoCall = (
  mode: DemoMode,
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body?: unknown }>

/** A webhook of either family (decision 0087): widget `{type, data}`, platform `{id, type, timestamp, data}` (its `id` kept). */
interface DemoEvent {
  type: WebhookEventType
  data: Record<string, unknown>
  id?: string
}

/** What the demo's partner server made of a webhook: verified (with its event), or rejected (with why). */
type Verdict = { verified: true; event: DemoEvent } | { verified: false; error: { code: string; message: string } }

/** One webhook as the demo's partner server took it, numbered in the order it came (`seq`). */
export type ReceivedWebhook = { seq: number; receivedAt: string } & Verdict

/** The demo's endpoint for a mode, with what verifies its deliveries: its secret and scheme, and the account's webhook key. */
interface Registered {
  id: string
  updatedAt: string
  secret: string
  scheme: WebhookScheme
  key: WebhookApiKeyView
}

const Endpoints = dataOf(z.array(WebhookEndpoint))
const WithSecret = dataOf(WebhookEndpointWithSecret)
const Key = dataOf(WebhookApiKeyView)

/**
 * The demo partner's webhook receiver: it registers an endpoint at {@link DEMO_WEBHOOK_PATH} on the sandbox's API
 * origin for each mode, taking both families (lazily, once: a reset of the tenant removes it and the next use registers it again), verifies
 * both signatures of every delivery with `verifyWebhook` (the V2 header with the account's webhook key, the endpoint's
 * own with its secret, decision 0086) and keeps the newest {@link DEMO_WEBHOOKS_KEPT} per mode for the page.
 *
 * @example
 * const webhooks = demoWebhooks(call, origins)
 * await webhooks.ensure('test') // registered, secret kept
 * const webhook = await webhooks.receive('test', request.body, request.headers) // { verified: true, event } or { verified: false, error }
 */
export function demoWebhooks(call: DemoCall, origins: { readonly api: string }) {
  const registered = new Map<DemoMode, Registered>()
  const registering = new Map<DemoMode, Promise<Registered>>()
  const received = new Map<DemoMode, ReceivedWebhook[]>([
    ['test', []],
    ['live', []],
  ])
  let seq = 0

  const answer = <T extends z.ZodType>(
    schema: T,
    reply: { status: number; body?: unknown },
    what: string,
  ): z.output<T> => {
    if (reply.status < 200 || reply.status > 299)
      throw new Error(`${what} answered ${reply.status}: ${JSON.stringify(reply.body)}`)
    return schema.parse(reply.body)
  }

  /** Finds the mode's endpoint by its URL (registers it when missing) and reads its secret, and the account's key, when it is new or changed. */
  async function register(mode: DemoMode): Promise<Registered> {
    const url = `${origins.api}${DEMO_WEBHOOK_PATH}?mode=${mode}`
    const endpoints = answer(
      Endpoints,
      await call(mode, 'GET', '/__sandbox/webhooks/endpoints'),
      'listing the webhook endpoints',
    ).data
    const found = endpoints.find((endpoint) => endpoint.url === url)
    const kept = registered.get(mode)
    if (found && kept?.id === found.id && kept.updatedAt === found.updatedAt) return kept
    const endpoint = found
      ? answer(
          WithSecret,
          await call(mode, 'GET', `/__sandbox/webhooks/endpoints/${found.id}/secret`),
          'reading the endpoint secret',
        ).data
      : answer(
          WithSecret,
          await call(mode, 'POST', '/__sandbox/webhooks/endpoints', { url, family: 'both' }),
          'registering the webhook endpoint',
        ).data
    const key = answer(
      Key,
      await call(mode, 'GET', '/__sandbox/webhooks/key'),
      "reading the account's webhook key",
    ).data
    const current = {
      id: endpoint.id,
      updatedAt: endpoint.updatedAt,
      secret: endpoint.secret,
      scheme: endpoint.scheme,
      key,
    }
    registered.set(mode, current)
    return current
  }

  function keep(mode: DemoMode, verdict: Verdict): ReceivedWebhook {
    const list = received.get(mode)!
    const webhook = { ...verdict, seq: ++seq, receivedAt: new Date().toISOString() }
    list.push(webhook)
    if (list.length > DEMO_WEBHOOKS_KEPT) list.splice(0, list.length - DEMO_WEBHOOKS_KEPT)
    return webhook
  }

  return {
    /** The mode's endpoint, registered if it is not (one registration at a time per mode: never two endpoints). */
    ensure(mode: DemoMode): Promise<Registered> {
      const running = registering.get(mode)
      if (running) return running
      const started = register(mode).finally(() => registering.delete(mode))
      registering.set(mode, started)
      return started
    },
    /**
     * Verifies a delivery's V2 header against the account's webhook key and its legacy (or Standard Webhooks) headers
     * against the mode's secret, as last read (a partner keeps them; it does not ask for them on every webhook; one
     * that has none yet, after a restart, reads them first) and keeps it, verified or rejected (with the reason, which
     * names the header).
     */
    async receive(
      mode: DemoMode,
      body: string | undefined,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<ReceivedWebhook> {
      const rejected = (code: string, message: string) => keep(mode, { verified: false, error: { code, message } })
      const known = registered.get(mode) ?? (await this.ensure(mode).catch((error: Error) => error))
      if (known instanceof Error)
        return rejected('no_secret', `the demo has no webhook secret for ${mode} mode: ${known.message}`)
      const { secret, scheme, key } = known
      const names = { headerName: key.header, legacyHeaderName: key.legacyHeader }
      const checks: Array<[string, () => void]> = [
        [`the V2 header ${key.header}`, () => verifyWebhook(body ?? '', headers, key.webhookApiKey, names)],
        [
          scheme === 'standard' ? 'the Standard Webhooks headers' : `the legacy header ${key.legacyHeader}`,
          () => verifyWebhook(body ?? '', headers, secret, { ...names, scheme }),
        ],
      ]
      for (const [header, check] of checks) {
        try {
          check()
        } catch (error) {
          if (error instanceof WebhookVerificationError) return rejected(error.code, `${header}: ${error.message}`)
          throw error
        }
      }
      const read = readWebhookBody(body!)
      const type = WebhookEventType.safeParse(read?.type)
      if (!read || !type.success)
        return rejected(
          'not_an_envelope',
          'the signed body is neither a widget webhook {type, data} nor a platform one {id, type, timestamp, data} of a known type',
        )
      return keep(mode, {
        verified: true,
        event: { type: type.data, data: read.data, ...(read.id === undefined ? {} : { id: read.id }) },
      })
    },
    /** The kept webhooks of a mode received after `after` (a `seq`), and the last `seq` given out. */
    since(mode: DemoMode, after: number): { webhooks: ReceivedWebhook[]; last: number } {
      return { webhooks: received.get(mode)!.filter((webhook) => webhook.seq > after), last: seq }
    },
  }
}

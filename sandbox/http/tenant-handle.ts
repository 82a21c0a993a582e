import type { z } from 'zod'
import type { TenantInfo as TenantInfoSchema } from '#contract/index.ts'
import type {
  ClockState,
  CreateWebhookEndpoint,
  JournalEntry,
  JournalKind,
  TenantFixtures,
  TriggeredWebhook,
  TriggerWebhook,
  WebhookApiKeyView,
  WebhookDelivery,
  WebhookDeliverySummary,
  WebhookEndpointWithSecret,
  WebhookEventType,
} from '#contract/index.ts'
import type { WebhookHandler } from '#kernel/webhook-transport.ts'
import { refusal, tenantControl, type ControlCall, type TenantControl } from './tenant-control.ts'

/** What `reset()` answers: the tenant's account, mode and seed. */
export type TenantInfo = z.infer<typeof TenantInfoSchema>

/** The clock after `clock.advance`: as `GET /__sandbox/clock` reads it, and how many timers the advance fired. */
export type ClockAdvanced = ClockState & { firedTimers: number }

/** What `webhooks.listen` registers besides the URL: the fields of `POST /__sandbox/webhooks/endpoints`. */
export type ListenOptions = Omit<CreateWebhookEndpoint, 'url'>

/** What `webhooks.trigger` fires besides the type: the object named (default the tenant's newest) and `data` overrides. */
export type TriggerOptions = Omit<TriggerWebhook, 'type'>

/** A tenant's webhooks, through `/__sandbox/webhooks/…`. */
export interface TenantWebhooks {
  /**
   * Registers an endpoint (`POST /__sandbox/webhooks/endpoints`): at `url` (loopback, or a host the operator allows),
   * or at a receiver the handle's runtime gives `handler` (in process under msw and `useSandbox`; a loopback server in
   * the Playwright fixture). Answers the endpoint with its signing secret.
   */
  listen(target: string | WebhookHandler, options?: ListenOptions): Promise<WebhookEndpointWithSecret>
  /** `POST /__sandbox/webhooks/settle`: waits until every attempt under way has ended; the delivery log by status. */
  settle(): Promise<WebhookDeliverySummary>
  /** `POST /__sandbox/webhooks/trigger`: fires an event of `type` now to every endpoint that wants it. */
  trigger(type: WebhookEventType, options?: TriggerOptions): Promise<TriggeredWebhook>
  /** `GET /__sandbox/webhooks/deliveries`: the newest deliveries (default 50, at most 500), newest first, with every attempt. */
  deliveries(options?: { limit?: number }): Promise<WebhookDelivery[]>
  /** `GET /__sandbox/webhooks/key`: the account's webhook API key (the V2 signature's) and the two signature headers. */
  key(): Promise<WebhookApiKeyView>
}

/**
 * One tenant of the sandbox, the same under msw (`createSandbox().tenant()`), vitest (`useSandbox().tenant()`) and
 * Playwright (the `tenant` fixture): its keys, and every call through its control API (decision 0093), so what a call
 * does is the same whatever runs the sandbox. The harness's matchers (`toHaveReceived`, `toHaveEmittedSubsequence` …)
 * read it.
 */
export interface TenantHandle extends TenantControl {
  account: string
  mode: 'test' | 'live'
  publishableKey: string
  secretKey: string
  /** The tenant clock: `advance('30s')` fires what falls due (`POST /__sandbox/clock/advance`); `now()` is its ISO time. */
  clock: { advance(by: string): Promise<ClockAdvanced>; now(): Promise<string> }
  webhooks: TenantWebhooks
  /** `GET /__sandbox/fixtures`: the keys, settings, clock, magic customers and their cards, triggers, currencies and prices. */
  fixtures(): Promise<TenantFixtures>
  /** `POST /__sandbox/reset`: back to the seeded state (clock, journal, faults, settings). */
  reset(): Promise<TenantInfo>
  /** `GET /__sandbox/journal`: the tenant's journal (API calls, frame events, state changes), optionally one kind. */
  journal(kind?: JournalKind): Promise<JournalEntry[]>
  /** The frame events the frames sent (from the journal), as `{kind, payload?}`, in order; optionally one channel's. */
  frameEvents(channelId?: string): Promise<Array<{ kind: string; payload?: unknown }>>
}

/** Where the handle's runtime has somewhere to run a webhook handler: a URL for it (in process, or a loopback server). */
type WebhookReceiverUrl = (handler: WebhookHandler) => string | Promise<string>

/** Options of {@link tenantHandle}. */
interface TenantHandleOptions {
  account: string
  /** Default `test`. */
  mode?: 'test' | 'live'
  /** What `webhooks.listen(handler)` registers; without it, only `listen(url)` works and a handler is refused. */
  receiver?: WebhookReceiverUrl
}

/**
 * The tenant handle of `account` over any HTTP-shaped `call` into the control API: in process (`coreControlCall`) or
 * over `fetch` (a served sandbox). A refusal (a 4xx) throws an `Error` with the sandbox's words for it.
 *
 * @example
 * const tenant = tenantHandle(coreControlCall(core), { account: 'acme', receiver: receivers.url })
 * await tenant.webhooks.listen(async (request) => void seen.push(await request.json()), { events: ['transaction_created'] })
 * await tenant.clock.advance('30s')
 * await tenant.webhooks.settle() // { deliveries: 1, pending: 0, delivered: 1, failed: 0 }
 */
export function tenantHandle(call: ControlCall, options: TenantHandleOptions): TenantHandle {
  const { account, mode = 'test', receiver } = options
  const secretKey = `sk_${mode}_${account}`
  const headers = { 'x-api-key': secretKey }
  async function data<T>(what: string, method: string, path: string, expected: number, body?: unknown): Promise<T> {
    const reply = await call(method, path, headers, body)
    if (reply.status !== expected) throw refusal(what, reply.status, reply.body)
    return (reply.body as { data: T }).data
  }
  const journal = (kind?: JournalKind) =>
    data<JournalEntry[]>('the journal', 'GET', `/__sandbox/journal${kind ? `?kind=${kind}` : ''}`, 200)
  return {
    ...tenantControl(call, secretKey),
    account,
    mode,
    publishableKey: `pk_${mode}_${account}`,
    secretKey,
    clock: {
      advance: (by) => data('advancing the clock', 'POST', '/__sandbox/clock/advance', 200, { by }),
      now: async () => (await data<ClockState>('the clock', 'GET', '/__sandbox/clock', 200)).now,
    },
    webhooks: {
      async listen(target, listen = {}) {
        if (typeof target !== 'string' && !receiver)
          throw new Error('this tenant handle has no in-process webhook receiver: give webhooks.listen a URL')
        const url = typeof target === 'string' ? target : await receiver!(target)
        return data('the webhook endpoint', 'POST', '/__sandbox/webhooks/endpoints', 201, { ...listen, url })
      },
      settle: () => data('settling the webhooks', 'POST', '/__sandbox/webhooks/settle', 200),
      trigger: (type, trigger = {}) =>
        data('the webhook trigger', 'POST', '/__sandbox/webhooks/trigger', 201, { ...trigger, type }),
      deliveries: ({ limit } = {}) =>
        data(
          'the webhook deliveries',
          'GET',
          `/__sandbox/webhooks/deliveries${limit === undefined ? '' : `?limit=${limit}`}`,
          200,
        ),
      key: () => data('the webhook API key', 'GET', '/__sandbox/webhooks/key', 200),
    },
    fixtures: () => data('the fixtures', 'GET', '/__sandbox/fixtures', 200),
    reset: () => data('the reset', 'POST', '/__sandbox/reset', 200),
    journal,
    async frameEvents(channelId) {
      const entries = await journal('frame')
      return entries.flatMap((e) =>
        e.kind === 'frame' && e.direction === 'out' && (channelId === undefined || e.channelId === channelId)
          ? [e.payload === undefined ? { kind: e.event } : { kind: e.event, payload: e.payload }]
          : [],
      )
    },
  }
}

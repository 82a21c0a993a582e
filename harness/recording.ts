import type { FrameOutbound, RequestMatcherInput, WebhookEventType } from '#contract/index.ts'
import type { WebhookData } from '#domain/webhook-deliveries.ts'

/** One line of a scenario's timeline: who did what, in order. */
export interface TimelineEntry {
  actor: string
  target: string
  what: string
  detail?: unknown
}

/** What the recording keeps of one webhook delivery of type `Type`. */
export interface WebhookPayload<Type extends WebhookEventType = WebhookEventType> {
  /** The event's `data`: the object as the API showed it when the event was emitted. */
  data: WebhookData[Type]
  /** The delivery's status in the sandbox's log once the run settled. */
  status: 'pending' | 'delivered' | 'failed'
  /** How many attempts the sandbox made. */
  attempts: number
  /** How many times the run's receiver got it (retries of a failed answer included). */
  received: number
  /** The body's top-level `externalCustomerId`, kept only for the events whose widget body repeats it (`identity_check_updated`). */
  externalCustomerId?: string | null
}

/** One webhook delivery as the third channel records it: its event type as `kind`, so `matchSequence` checks it. */
export type WebhookRecord = { [K in WebhookEventType]: { kind: K; payload: WebhookPayload<K> } }[WebhookEventType]

/** What a driver recorded while running a scenario. */
export interface Recording {
  /** Events each channel's frame posted, in order. */
  channels: Record<string, FrameOutbound[]>
  /** Results of steps that named themselves with `as`. */
  results: Record<string, unknown>
  timeline: TimelineEntry[]
  /** The deliveries to the run's webhook endpoints (`webhooks: 'listen'` steps), in the order the events were emitted. */
  webhooks: WebhookRecord[]
  /** What went wrong whatever the scenario expects (a webhook whose signature did not verify): each one fails it. */
  findings: string[]
  /** The counts of `expect.requests`, in its order, read after the steps. */
  requests: RequestCountRecord[]
}

/** How many of the run's calls one `expect.requests` matcher counted. */
export interface RequestCountRecord {
  match: RequestMatcherInput
  count: number
  /** The bounded journal dropped calls, so the count may be short. */
  truncated: boolean
}

/**
 * A recording with nothing in it yet, as a driver starts a run.
 *
 * @example
 * const recording = newRecording() // { channels: {}, results: {}, timeline: [], webhooks: [], findings: [], requests: [] }
 */
export function newRecording(): Recording {
  return { channels: {}, results: {}, timeline: [], webhooks: [], findings: [], requests: [] }
}

function lookup(path: string, results: Record<string, unknown>): unknown {
  const [name, ...keys] = path.split('.')
  let value: unknown = results[name!]
  for (const key of keys) value = (value as Record<string, unknown> | undefined)?.[key]
  if (value === undefined) throw new Error(`ref ${path} resolves to nothing`)
  return value
}

/**
 * Resolves `{$ref: 'name.path'}` values against earlier results, deeply, and
 * `{{name.path}}` placeholders inside strings (`'Bearer {{conn.credentials.accessToken}}'`).
 */
export function resolveInput(input: unknown, results: Record<string, unknown>): unknown {
  if (typeof input === 'string')
    return input.includes('{{')
      ? input.replace(/\{\{([^}]+)\}\}/g, (_, path: string) => String(lookup(path.trim(), results)))
      : input
  if (Array.isArray(input)) return input.map((item) => resolveInput(item, results))
  if (input === null || typeof input !== 'object') return input
  if ('$ref' in input && typeof (input as { $ref: unknown }).$ref === 'string')
    return lookup((input as { $ref: string }).$ref, results)
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, resolveInput(value, results)]))
}

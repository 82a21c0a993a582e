import type {
  FaultInput,
  FrameName,
  RequestMatcherInput,
  FrameOutbound,
  WebhookEndpointFamily,
  WebhookEventType,
  WebhookScheme,
} from '#contract/index.ts'
import type { Present, SequenceMode } from './match-sequence.ts'
import type { WebhookPayload } from './recording.ts'

/** A value taken from an earlier step's result: `ref('session.sessionToken')`. */
interface Ref {
  $ref: string
}

/** Refers to a field of an earlier step's result (`as` name, then a dotted path). */
export const ref = (path: string): Ref => ({ $ref: path })

/** A literal or a reference. */
export type Value = string | number | boolean | null | Ref

/** A value, or an object or array of values, resolved before a step runs. */
export type Input = Value | Input[] | { [key: string]: Input }

/** A partial of T: every field optional, nested; a plain value may be {@link Present} (`present`: any set value). */
export type DeepPartial<T> =
  T extends Array<infer U>
    ? Array<DeepPartial<U>>
    : T extends object
      ? { [K in keyof T]?: DeepPartial<T[K]> }
      : T | Present

/** An expected frame event: its kind and, optionally, part of its payload (typed by kind). */
export type EventMatcher = {
  [K in FrameOutbound['kind']]: Extract<FrameOutbound, { kind: K }> extends { payload: infer P }
    ? { kind: K; payload?: DeepPartial<P> }
    : { kind: K }
}[FrameOutbound['kind']]

/**
 * An expected webhook: its event type and, optionally, part of what the recording keeps of it (`data` typed by type;
 * the delivery's `status`, its `attempts`, how many times the receiver got it, `received`).
 */
export type WebhookMatcher = {
  [K in WebhookEventType]: { type: K; payload?: DeepPartial<WebhookPayload<K>> }
}[WebhookEventType]

export type { SequenceMode } from './match-sequence.ts'

/** The steps a scenario runs, in order. */
export type Step =
  /** Partner server: `POST /platform/v1/sessions` with the secret key; result `{sessionToken, expiresAt}`. */
  | { server: 'createSession'; as: string; body: { [key: string]: Input } }
  /** Partner server: `DELETE /platform/v1/sessions` for a session token. */
  | { server: 'revokeSession'; sessionToken: Input }
  /**
   * Partner server: signs a widget URL whose query is `params` (in their order, encoded as `URLSearchParams` encodes
   * them) with the run's secret key (`signWidgetUrl`); result `{signature}`. The frame's `channelId` is not signed.
   */
  | { server: 'signWidgetUrl'; as: string; params: { [key: string]: Input } }
  /**
   * Partner client: the check frame resolves a session; result: the connection with decrypted credentials. `skipKyc`
   * is `getConnection(sessionToken, {skipKyc: true})`, the Customer API onboarding path. The channel defaults to `<as>-check`.
   */
  | { client: 'getConnection'; sessionToken: Input; as: string; channel?: string; skipKyc?: boolean }
  /**
   * Partner client: `setupAuth` mounts the auth frame for a customer's clientToken, and the customer enters the
   * one-time code (`code`, default the sandbox's `000000`); result: the connection with decrypted credentials. The
   * channel defaults to `<as>-auth`.
   */
  | { client: 'setupAuth'; clientToken: Input; as: string; channel?: string; code?: Input }
  /**
   * Partner client: `POST /platform/v1/quotes/buy`; result `{status, body, quote, encoded, attempts}` (`encoded` is the
   * frame `quote` parameter; `attempts` the statuses in order). With `retry`, a 429 or 503 carrying `Retry-After: N`
   * advances the tenant clock N seconds (the partner's wait, on the sandbox's time) and calls again, up to `retry` times.
   */
  | { client: 'getQuote'; accessToken: Input; body: { [key: string]: Input }; as: string; retry?: number }
  /** Partner client: another platform call with an access token; result `{status, body}`. */
  | { client: 'getPaymentMethods' | 'listTransactions'; accessToken: Input; as: string; query?: string }
  /** Opens a frame on a named channel. */
  | { open: FrameName; channel: string; params: { [key: string]: Input } }
  /** The customer acts inside a frame (the action's type is its button). */
  | { customer: string; channel: string; fields?: { [key: string]: Input } }
  /** Opens the challenge frame that the last `challenge` event of `from` asked for. */
  | { openChallenge: string; from: string; params?: { [key: string]: Input } }
  /** The host sends `setQuote` to a frame (after `quoteExpired`); `quote` is a buy quote (e.g. `ref('fresh.quote')`). */
  | { host: 'setQuote'; channel: string; quote: Input }
  /** Waits until a channel has posted an event of this kind. */
  | { until: string; kind: FrameOutbound['kind'] }
  /** Sandbox control: advance the tenant clock, inject a fault, reset, change settings. */
  | { control: 'advanceClock'; by: string }
  /** Arms a fault (`POST /__sandbox/faults`; refs in it resolved); result `as`: the fault as stored. A refused fault fails the run. */
  | { control: 'fault'; fault: FaultInput; as?: string }
  /** Disarms every fault (`DELETE /__sandbox/faults`). */
  | { control: 'clearFaults' }
  | { control: 'settings'; body: { [key: string]: Input } }
  /**
   * A raw API call, `'METHOD /path?query'`; result `{status, body}`. Without `headers` it carries the run's secret key;
   * `headers: {}` sends none. `{pk}` and `{sk}` in the path are the run's keys; `{{name.path}}` anywhere is a ref. An
   * absolute URL (an upload URL the sandbox answered) is called by its path and query on the driver's server.
   */
  | { api: string; as: string; body?: Input; headers?: { [key: string]: Input } }
  /**
   * Registers a webhook endpoint (control API, secret key) at the driver's receiver for this run, named `as`: the
   * receiver verifies every delivery's signature with the endpoint's secret and answers `answers` to successive
   * deliveries, then 200. `events`, `scheme` and the delivery switches `duplicate`, `shuffleWindow`, `delay` as the
   * control API takes them (default: every type, `sandbox`, no switches).
   */
  | {
      webhooks: 'listen'
      as: string
      family?: WebhookEndpointFamily
      events?: WebhookEventType[]
      scheme?: WebhookScheme
      answers?: number[]
      duplicate?: boolean
      shuffleWindow?: string
      delay?: string
    }

/**
 * The key that names a step's kind: every step has exactly one. The scenario loader checks a file's steps against
 * this list; `runStep` (`drivers/run-step.ts`) is what tells the kinds apart.
 */
export const STEP_KINDS = [
  'server',
  'client',
  'open',
  'customer',
  'openChallenge',
  'host',
  'until',
  'control',
  'api',
  'webhooks',
] as const

/** A step whose kind is missing from {@link STEP_KINDS}: none, or this file fails to compile. */
type StepOfNoListedKind = Exclude<
  Step,
  { [K in (typeof STEP_KINDS)[number]]: Record<K, unknown> }[(typeof STEP_KINDS)[number]]
>
const everyStepHasAListedKind: [StepOfNoListedKind] extends [never] ? true : never = true
void everyStepHasAListedKind

/** What a scenario asserts. */
export interface Expectations {
  /** Per channel: the events, checked in a mode (default `exact`). */
  channels?: Record<string, { mode?: SequenceMode; events: EventMatcher[] }>
  /** Per `as` name of an `api`/`client` step: the status, part of the body, and (a retried `getQuote`) the statuses of its attempts. */
  responses?: Record<string, { status?: number; body?: unknown; attempts?: number[] }>
  /** The webhooks the run's endpoints were sent, one per delivery in the order the events were emitted (default `exact`). */
  webhooks?: { mode?: SequenceMode; events: WebhookMatcher[] }
  /**
   * What the run's account sent, counted after the steps (`GET /__sandbox/requests/count`): each matcher `times`
   * exactly, or `atLeast` / `atMost` (none given: at least once).
   */
  requests?: RequestExpectation[]
}

/** One `expect.requests` entry: a request matcher (the one faults take) and how many calls it should count. */
export interface RequestExpectation {
  match: RequestMatcherInput
  times?: number
  atLeast?: number
  atMost?: number
}

/** A scripted partner flow: data, run by the node and browser drivers. */
export interface Scenario {
  title: string
  /** Labels for `--grep @tag` and reports; none when absent. */
  tags?: string[]
  seed?: number
  /** Account name (keys `pk_test_<account>`…); default: unique per run. */
  account?: string
  mode?: 'test' | 'live'
  steps: Step[]
  expect: Expectations
}

/**
 * Defines a scenario: one partner flow, as data.
 *
 * @example
 * export default defineScenario({
 *   title: 'new customer connects',
 *   tags: ['connect'],
 *   steps: [{ server: 'createSession', as: 'session', body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7' } }],
 *   expect: {},
 * })
 */
export function defineScenario<const S extends Scenario>(scenario: S): S {
  return scenario
}

import { z } from 'zod'
import { IsoTimestamp } from './currency.ts'
import { IpRangeRule } from './data.ts'
import { IpAddressOverrides } from './ip-address-override.ts'
import { Mode } from './api-key.ts'
import { FailureCode } from './platform/transaction.ts'
import { StageFailureReason, StageName } from './platform/transaction-stages.ts'
import { queryNumber } from './query-number.ts'
import { RequestKey } from './request-matcher.ts'
import { StateEventName } from './state-event-name.ts'

const DURATION = /^(?:[0-9]{1,9}(?:ms|s|m|h|d))+$/
const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const
const MAX_ADVANCE_MS = 366 * UNIT_MS.d

/** Parses `"30s"`, `"1h30m"`, `"250ms"` into milliseconds. */
export function durationToMs(text: string): number {
  let total = 0
  for (const [, amount, unit] of text.matchAll(/([0-9]+)(ms|s|m|h|d)/g)) {
    total += Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS]
  }
  return total
}

/**
 * A duration kept as its text (`"2s"`, `"1h30m"`), in the format `POST /__sandbox/clock/advance` takes, longer than 0
 * and at most `maxMs`; errors name `field`.
 *
 * @example
 * durationText('delay', 86_400_000).parse('30s') // '30s'
 */
export function durationText(field: string, maxMs: number, maxText: string) {
  return z
    .string()
    .regex(DURATION, { message: `${field} must be a duration such as 30s, 5m, 1h30m or 250ms`, abort: true })
    .refine((text) => durationToMs(text) > 0, `${field} must be longer than 0`)
    .refine((text) => durationToMs(text) <= maxMs, `${field} must be at most ${maxText}`)
}

/** A duration such as `"30s"`, `"5m"`, `"1h30m"`, `"2d"`; up to 366 days. */
export const Duration = z
  .string()
  .regex(DURATION, 'by must be a duration such as 30s, 5m, 1h30m or 250ms')
  .transform(durationToMs)
  .refine((ms) => ms > 0, 'by must be longer than 0')
  .refine((ms) => ms <= MAX_ADVANCE_MS, 'by must be at most 366d')

/**
 * The last instant a tenant clock may reach: a year before the end of four-digit years (9999-12-31), since what the
 * clock stamps (session, quote and consent expiries) runs up to a year past it and must stay an ISO 8601 timestamp.
 */
export const LAST_CLOCK_INSTANT = Date.parse('9999-01-01T00:00:00.000Z')
/** The first instant a tenant clock may start at: the first of four-digit years, so every stamp is ISO 8601. */
export const FIRST_CLOCK_INSTANT = Date.parse('0000-01-01T00:00:00.000Z')

/** Body of `POST /__sandbox/clock/advance`. */
export const ClockAdvanceRequest = z.strictObject({ by: Duration })

/** The tenant clock as the control API reports it. */
export const ClockState = z.object({ now: IsoTimestamp, startedAt: IsoTimestamp, advancedMs: z.number().int().min(0) })
export type ClockState = z.infer<typeof ClockState>

/** Partner capabilities a tenant can have. */
export const Capabilities = z.object({ identity: z.boolean(), guestCheckout: z.boolean() })
export type Capabilities = z.infer<typeof Capabilities>

/** Origin pattern such as `https://app.example.com` or `http://localhost:*`. */
export const OriginPattern = z
  .string()
  .regex(
    /^https?:\/\/[A-Za-z0-9.\-*]+(:([0-9]{1,5}|\*))?$/,
    'must be an origin such as https://app.example.com or http://localhost:*',
  )

/** Headers a webhook's signature may not be sent in: HTTP's own, the ones the sandbox sets, the standard scheme's. */
const RESERVED_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'authorization',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'cookie',
  'date',
  'expect',
  'host',
  'keep-alive',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'user-agent',
  'webhook-id',
  'webhook-signature',
  'webhook-timestamp',
])

/** The V2 signature header (keyed with the account's webhook API key), unless a tenant's settings name another: the reference's. */
export const DEFAULT_WEBHOOK_SIGNATURE_HEADER = 'moonpay-signature-v2'

/** The legacy signature header (keyed with the endpoint's secret), unless a tenant's settings name another: the reference's. */
export const DEFAULT_WEBHOOK_LEGACY_SIGNATURE_HEADER = 'moonpay-signature'

/** A header name for a `t=,s=` signature (setting `field`): a lower-case HTTP token, none HTTP or the sandbox already uses. */
function signatureHeaderName(field: string) {
  return z
    .string()
    .max(64, `${field} must be at most 64 characters`)
    .regex(/^[a-z0-9!#$%&'*+.^_`|~-]+$/, `${field} must be a lower-case HTTP header name (a-z, 0-9, -)`)
    .refine(
      (name) => !RESERVED_HEADERS.has(name),
      `${field} must not be a header HTTP, the sandbox or the standard scheme (webhook-*) already uses`,
    )
}

/** A name for the V2 signature header (`webhookSignatureHeader`). */
export const WebhookSignatureHeader = signatureHeaderName('webhookSignatureHeader')

/** A name for the legacy signature header (`webhookLegacySignatureHeader`). */
export const WebhookLegacySignatureHeader = signatureHeaderName('webhookLegacySignatureHeader')

/**
 * When the widget's `transaction_updated` and `sell_transaction_updated` fire (decision 0090): `everyChange` (each
 * status or stage change, the default) or `statusChange` (only a change of the object's `status` from the last one
 * sent for it, its creation counting as sent).
 */
export const WebhookUpdatedEvents = z.enum(['everyChange', 'statusChange'], {
  error: 'webhookUpdatedEvents must be everyChange (each status or stage change) or statusChange (only a new status)',
})
export type WebhookUpdatedEvents = z.infer<typeof WebhookUpdatedEvents>

/** A tenant's settings. */
export const TenantSettings = z.object({
  defaultExtraFeePercentage: z.number().int().min(0).max(10),
  allowedOrigins: z.array(OriginPattern),
  capabilities: Capabilities,
  /**
   * Whether Google Pay is available to the tenant's customers (sandbox setting, default true): when false, the
   * payment-method configs list google_pay as unavailable (`wallet_unavailable`) and the google-pay frame posts `unsupported`.
   */
  googlePayAvailable: z.boolean(),
  /** The header webhooks carry their V2 signature in, keyed with the account's webhook API key (absent in state files written before it). */
  webhookSignatureHeader: WebhookSignatureHeader.default(DEFAULT_WEBHOOK_SIGNATURE_HEADER),
  /** The header webhooks carry their legacy signature in, keyed with the endpoint's secret (absent in state files written before it). */
  webhookLegacySignatureHeader: WebhookLegacySignatureHeader.default(DEFAULT_WEBHOOK_LEGACY_SIGNATURE_HEADER),
  /** When `transaction_updated` / `sell_transaction_updated` fire (decision 0090; absent in state files written before it: `everyChange`). */
  webhookUpdatedEvents: WebhookUpdatedEvents.default('everyChange'),
  /** Whether a failure sends `*_updated` (status `failed`) right before `*_failed` (decision 0090; absent in state files written before it: false). */
  webhookUpdatedOnFailure: z.boolean().default(false),
  /** The tenant's IP-map overrides, checked before the seeded map by `GET /v3/ip_address` (absent: none). */
  ipAddresses: IpAddressOverrides.optional(),
})
export type TenantSettings = z.infer<typeof TenantSettings>

/**
 * A tenant's settings as a state file holds them. One saved before the legacy signature header existed named, in
 * `webhookSignatureHeader`, the header keyed with the endpoint's secret, which is now the legacy header: that name
 * moves there, so a receiver that verified it with the secret still does, and the V2 header takes its default
 * (decision 0086).
 *
 * @example
 * SavedTenantSettings.parse({ ...saved, webhookSignatureHeader: 'x-webhook-signature' })
 * // { …, webhookSignatureHeader: 'moonpay-signature-v2', webhookLegacySignatureHeader: 'x-webhook-signature' }
 */
export const SavedTenantSettings = z.preprocess((saved) => {
  if (
    typeof saved !== 'object' ||
    saved === null ||
    Object.hasOwn(saved, 'webhookLegacySignatureHeader') ||
    !Object.hasOwn(saved, 'webhookSignatureHeader')
  )
    return saved
  const { webhookSignatureHeader, ...rest } = saved as Record<string, unknown>
  // The one name the move would give both headers: kept where it was (the V2 header), the legacy one defaulted.
  if (webhookSignatureHeader === DEFAULT_WEBHOOK_SIGNATURE_HEADER) return saved
  return { ...rest, webhookLegacySignatureHeader: webhookSignatureHeader }
}, TenantSettings)

/** Body of `PUT /__sandbox/settings`: any subset of the settings. */
export const SettingsUpdate = z.strictObject({
  defaultExtraFeePercentage: z.number().int().min(0).max(10).optional(),
  allowedOrigins: z.array(OriginPattern).max(50).optional(),
  capabilities: Capabilities.partial().strict().optional(),
  googlePayAvailable: z.boolean().optional(),
  webhookSignatureHeader: WebhookSignatureHeader.optional(),
  webhookLegacySignatureHeader: WebhookLegacySignatureHeader.optional(),
  webhookUpdatedEvents: WebhookUpdatedEvents.optional(),
  webhookUpdatedOnFailure: z.boolean({ error: 'webhookUpdatedOnFailure must be true or false' }).optional(),
  /** Replaces the tenant's IP-map overrides (`[]` clears them). */
  ipAddresses: IpAddressOverrides.optional(),
})
export type SettingsUpdate = z.infer<typeof SettingsUpdate>

/** A request and its response, as journaled. */
export const ApiJournalEntry = z.object({
  seq: z.number().int(),
  at: IsoTimestamp,
  kind: z.literal('api'),
  method: z.string(),
  path: z.string(),
  query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  status: z.number().int(),
  requestBody: z.unknown().optional(),
  responseBody: z.unknown().optional(),
  deprecated: z.boolean().optional(),
  /** The session whose access token (`Authorization: Bearer`) authorized the call: which customer's credentials a partner used. */
  session: z.string().optional(),
  /** The path a renamed route moved to, when the call used the old path (which still works). */
  renamedTo: z.string().optional(),
  /** The fault that touched the call (a status, a body, a delay or a dropped connection). */
  fault: z.string().optional(),
  /** The fault answered instead of the route (a status, an overridden body, a dropped connection): not the simulation's answer. */
  answeredByFault: z.literal(true).optional(),
  /** How the call authenticated. */
  key: RequestKey.optional(),
  /** The request's headers, lower-case; credentials (`authorization`, `x-api-key`, `cookie`) kept as `[redacted]`. */
  headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
})
export type ApiJournalEntry = z.infer<typeof ApiJournalEntry>

/** A change of tenant state, one of {@link StateEventName} (`clock:advanced`, `webhook-endpoint:secret-rotated` ...). */
export const StateJournalEntry = z.object({
  seq: z.number().int(),
  at: IsoTimestamp,
  kind: z.literal('state'),
  event: StateEventName,
  detail: z.record(z.string(), z.unknown()),
})
export type StateJournalEntry = z.infer<typeof StateJournalEntry>

/**
 * A postMessage a frame sent (`out`), received (`in`), or dropped as malformed or foreign (`dropped`), or an action of
 * the customer inside it (`action`: `event` is the action, such as `tapPay`; `payload` what the customer typed), with
 * its tenant's session and channel. What `ramp-sandbox record` replays a frame from.
 */
export const FrameJournalEntry = z.object({
  seq: z.number().int(),
  at: IsoTimestamp,
  kind: z.literal('frame'),
  frame: z.string(),
  channelId: z.string(),
  session: z.string().nullable(),
  direction: z.enum(['out', 'in', 'dropped', 'action']),
  event: z.string(),
  payload: z.unknown().optional(),
  /** On the frame's `handshake`: the parameters it was opened with, as its URL gave them (`channelId` aside). */
  params: z.record(z.string(), z.unknown()).optional(),
})
export type FrameJournalEntry = z.infer<typeof FrameJournalEntry>

/** Any journal entry. */
export const JournalEntry = z.discriminatedUnion('kind', [ApiJournalEntry, StateJournalEntry, FrameJournalEntry])
export type JournalEntry = z.infer<typeof JournalEntry>
export const JournalKind = z.enum(['api', 'state', 'frame'])
export type JournalKind = z.infer<typeof JournalKind>

/** A journal seq number in a query (`since`): only entries after it. */
export const SinceSeq = queryNumber(
  z
    .string()
    .regex(/^[0-9]{1,15}$/, 'since must be a journal seq number')
    .transform(Number),
  {
    type: 'integer',
    minimum: 0,
    description: 'Only entries after this seq number',
  },
)

/** How many journal entries a query lists (`limit`), 1 to 1000. */
export const JournalLimit = queryNumber(
  z
    .string()
    .regex(/^[0-9]{1,4}$/, 'limit must be an integer')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 1000, 'limit must be from 1 to 1000'),
  { type: 'integer', minimum: 1, maximum: 1000 },
)

/** Query of `GET /__sandbox/journal`. */
export const JournalQuery = z.object({
  since: SinceSeq.optional(),
  kind: JournalKind.optional(),
  limit: JournalLimit.optional(),
})

/** The tenant identity the control API reports. */
export const TenantInfo = z.object({ account: z.string(), mode: Mode, seed: z.number().int() })

/** Bytes against a limit. */
const Held = z.object({ held: z.number().int().min(0), limit: z.number().int().min(0) })

/**
 * Body of `GET /__sandbox/usage`: what the account holds beyond its seed against its budget, in bytes of JSON text,
 * by part (decision 0084), and the lists it holds against their caps.
 */
export const AccountUsage = z.object({
  bytes: z.object({
    journal: z.number().int().min(0),
    faults: z.number().int().min(0),
    deliveries: z.number().int().min(0),
    records: z.number().int().min(0),
    total: z.number().int().min(0),
    limit: z.number().int().min(0),
  }),
  faults: Held,
  webhookEndpoints: Held,
  webhookDeliveries: Held,
  journal: z.object({ entries: Held, bytes: Held }),
})
export type AccountUsage = z.infer<typeof AccountUsage>

/** A fixture customer as `GET /__sandbox/fixtures` lists it: the magic test values and their outcome. */
export const FixtureCustomer = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  magic: z.string().nullable(),
  outcome: z.string().nullable(),
  country: z.string(),
  administrativeArea: z.string().nullable(),
  area: z.string().nullable(),
  kycStatus: z.string(),
  cards: z.array(
    z.object({
      id: z.string(),
      brand: z.string(),
      last4: z.string(),
      available: z.boolean(),
      reason: z.string().optional(),
    }),
  ),
  transactions: z.number().int(),
})
export type FixtureCustomer = z.infer<typeof FixtureCustomer>

/** Body of `GET /__sandbox/fixtures`: what a tenant is seeded with, so users can find test values. */
export const TenantFixtures = z.object({
  tenant: TenantInfo,
  keys: z.object({ publishable: z.string(), secret: z.string() }),
  settings: TenantSettings,
  clock: ClockState,
  customers: z.array(FixtureCustomer),
  /** Test-mode triggers: buy amounts that choose a frame outcome (docs/triggers.md). */
  triggers: z.array(z.record(z.string(), z.unknown())),
  currencies: z.array(z.record(z.string(), z.unknown())),
  prices: z.record(z.string(), z.unknown()),
  /** The IP map `GET /v3/ip_address` answers from (decision 0064); absent in answers recorded before it. */
  ipRanges: z.array(IpRangeRule).optional(),
  /** Test-mode sell triggers: significant digits of a crypto amount sold that choose a failure (decision 0067); absent in answers recorded before them. */
  sellTriggers: z.array(z.record(z.string(), z.unknown())).optional(),
  /** Test-mode swap triggers: quoted base amounts that choose a swap's outcome (decision 0068); absent in answers recorded before swaps. */
  swapTriggers: z.array(z.record(z.string(), z.unknown())).optional(),
})

/** Body of `POST /__sandbox/connections`; `skipKyc` as the client's `getConnection(sessionToken, {skipKyc: true})` passes it. */
export const ConnectionRequest = z.strictObject({
  sessionToken: z.string().min(1).max(4096),
  skipKyc: z.boolean().optional(),
})
export type TenantFixtures = z.infer<typeof TenantFixtures>

/**
 * Body of `POST /__sandbox/transactions/{id}/fail`: the transaction's `failureCode`, the stage it fails at (default:
 * the one in progress) and that stage's `failureReason` (default: the code's, `stageFailureOf`).
 */
export const FailTransactionRequest = z.strictObject({
  failureCode: FailureCode,
  stage: StageName.optional(),
  failureReason: StageFailureReason.optional(),
})
export type FailTransactionRequest = z.infer<typeof FailTransactionRequest>

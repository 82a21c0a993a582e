/**
 * Signing and verifying webhooks (server-to-server events) as the service's reference sends them (decision 0086):
 *
 * - the V2 header (default `moonpay-signature-v2`): `t=<unix seconds>,s=<lowercase hex HMAC-SHA256(key,
 *   "<t>.<raw body>")>` keyed with the ACCOUNT's webhook API key (`wk_<mode>_…`), the key's text as UTF-8;
 * - the legacy header (default `moonpay-signature`): the same form keyed with the ENDPOINT's signing secret
 *   (`whsec_…`, its text as UTF-8). While a secret is rotated it carries one `s=` per secret, and a receiver accepts
 *   it when any of them matches;
 * - `standard`, [Standard Webhooks](https://www.standardwebhooks.com), an endpoint's option: `webhook-id`,
 *   `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256(key, "<id>.<t>.<raw body>")>`
 *   (several space-separated entries allowed), keyed with the base64-decoded part of the endpoint's secret.
 *
 * Which header a key signs or verifies follows from the key: a webhook API key the V2 header, an endpoint secret the
 * legacy one (or, with `scheme: 'standard'`, the Standard Webhooks headers).
 * Pure and portable (`@noble/hashes`, no node:crypto): it runs in Node and in browsers.
 */
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { z } from 'zod'
import { DEFAULT_WEBHOOK_LEGACY_SIGNATURE_HEADER, DEFAULT_WEBHOOK_SIGNATURE_HEADER } from '#contract/control.ts'
import { constantTimeEqual } from './constant-time-equal.ts'
import { isWebhookApiKey, WEBHOOK_API_KEY_RULE } from './webhook-api-key.ts'
import { bytesToBase64, secretKeyBytes, WEBHOOK_SECRET_RULE } from './webhook-secret.ts'
import { WebhookVerificationError } from './webhook-verification-error.ts'

export { parseWebhookSecret, WebhookSecret, webhookSecretFrom } from './webhook-secret.ts'
export { webhookApiKeyFrom } from './webhook-api-key.ts'
export { WebhookVerificationError, type WebhookVerificationErrorCode } from './webhook-verification-error.ts'

/**
 * How an endpoint's secret signs: in the reference's legacy header (`sandbox`, the default) or in Standard Webhooks'
 * headers (`standard`). The V2 header, keyed with the account's webhook API key, is on every delivery either way.
 *
 * @example
 * const scheme: WebhookScheme = 'standard'
 * verifyWebhook(rawBody, request.headers, endpointSecret, { scheme })
 */
export type WebhookScheme = 'sandbox' | 'standard'

/**
 * The V2 header (keyed with the account's webhook API key), unless told otherwise.
 *
 * @example
 * request.headers[DEFAULT_SIGNATURE_HEADER] // 't=1767225600,s=2353c49c…'
 */
const DEFAULT_SIGNATURE_HEADER = DEFAULT_WEBHOOK_SIGNATURE_HEADER

/**
 * The legacy header (keyed with the endpoint's signing secret), unless told otherwise.
 *
 * @example
 * request.headers[DEFAULT_LEGACY_SIGNATURE_HEADER] // 't=1767225600,s=…'
 */
const DEFAULT_LEGACY_SIGNATURE_HEADER = DEFAULT_WEBHOOK_LEGACY_SIGNATURE_HEADER

/**
 * How far (seconds, either way) a webhook's timestamp may be from now, unless told otherwise.
 *
 * @example
 * verifyWebhook(rawBody, headers, key, { toleranceSeconds: 2 * DEFAULT_TOLERANCE_SECONDS })
 */
const DEFAULT_TOLERANCE_SECONDS = 300

/** Which key a string is: the account's webhook API key, or an endpoint's secret; anything else is `invalid_secret`. */
function kindOf(key: unknown): 'api-key' | 'secret' {
  if (isWebhookApiKey(key)) return 'api-key'
  if (typeof key === 'string' && secretKeyBytes(key) !== undefined) return 'secret'
  const rule =
    typeof key === 'string' && key.startsWith('wk_')
      ? WEBHOOK_API_KEY_RULE
      : `the key must be the account's webhook API key (wk_…) or an endpoint's ${WEBHOOK_SECRET_RULE}`
  throw new WebhookVerificationError('invalid_secret', rule)
}

/** The `t=,s=` digest: lowercase hex HMAC-SHA256 of `"<t>.<raw body>"`, keyed with the key's text as UTF-8. */
function headerSignature(key: string, timestamp: number, body: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(`${timestamp}.${body}`)))
}

function standardSignature(key: Uint8Array, id: string, timestamp: number, body: string): string {
  return bytesToBase64(hmac(sha256, key, utf8ToBytes(`${id}.${timestamp}.${body}`)))
}

const WEBHOOK_ID_RULE = 'webhook-id must be 1 to 256 printable characters without spaces'
const WebhookId = z.string().regex(/^[\x21-\x7e]{1,256}$/, WEBHOOK_ID_RULE)

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

function checkedHeaderName(option: string, name: string): string {
  if (!HEADER_NAME.test(name))
    throw new RangeError(`${option} must be an HTTP header name (letters, digits, -), not ${JSON.stringify(name)}`)
  return name.toLowerCase()
}

/** Options naming the two `t=,s=` headers: `headerName` the V2 one, `legacyHeaderName` the legacy one. */
interface HeaderNames {
  headerName?: string
  legacyHeaderName?: string
}

/**
 * The headers (lowercase names) that sign `body` at `timestamp` (unix seconds) with each key given: the account's
 * webhook API key (`wk_…`) signs the V2 header (`headerName`, default `moonpay-signature-v2`), an endpoint's secret
 * (`whsec_…`) the legacy header (`legacyHeaderName`, default `moonpay-signature`), or with `scheme: 'standard'` the
 * Standard Webhooks headers (which need the event's `id`). Several secrets (one being rotated) give one `s=` (or
 * `v1,` entry) each. A key of neither form throws {@link WebhookVerificationError} `invalid_secret`; a bad option, a
 * `RangeError`.
 *
 * @example
 * const apiKey = 'wk_test_' + 'A'.repeat(43) // examples, not secrets
 * const secret = 'whsec_' + 'A'.repeat(32)
 * signWebhook('{"hello":"world"}', [apiKey, secret], { timestamp: 1767225600 })
 * // { 'moonpay-signature-v2': 't=1767225600,s=<hex>', 'moonpay-signature': 't=1767225600,s=2353c49c82b7371e8f279169b13a91584d130a07c5423ec6fb0a13f9d10425c2' }
 * signWebhook('{"hello":"world"}', secret, { timestamp: 1767225600, scheme: 'standard', id: 'evt_01' })
 * // { 'webhook-id': 'evt_01', 'webhook-timestamp': '1767225600', 'webhook-signature': 'v1,NOslAD1052Fw2b4Y7asVq5z0DyvNujYyZKPMgvpjAhQ=' }
 */
export function signWebhook(
  body: string,
  keys: string | string[],
  options: { timestamp: number; scheme?: WebhookScheme; id?: string } & HeaderNames,
): Record<string, string> {
  const { timestamp, scheme = 'sandbox' } = options
  if (!Number.isSafeInteger(timestamp) || timestamp < 0)
    throw new RangeError(`timestamp must be whole unix seconds, not ${timestamp}`)
  const all = typeof keys === 'string' ? [keys] : keys
  if (all.length === 0) throw new RangeError('signWebhook needs at least one key')
  const apiKeys = all.filter((key) => kindOf(key) === 'api-key')
  const secrets = all.filter((key) => kindOf(key) === 'secret')
  const headers: Record<string, string> = {}
  if (apiKeys.length > 0)
    headers[checkedHeaderName('headerName', options.headerName ?? DEFAULT_SIGNATURE_HEADER)] = signatureHeader(
      apiKeys,
      timestamp,
      body,
    )
  if (secrets.length === 0) return headers
  if (scheme === 'sandbox') {
    const name = checkedHeaderName('legacyHeaderName', options.legacyHeaderName ?? DEFAULT_LEGACY_SIGNATURE_HEADER)
    if (name in headers) throw new RangeError(`headerName and legacyHeaderName must differ; both are ${name}`)
    headers[name] = signatureHeader(secrets, timestamp, body)
    return headers
  }
  const { id } = options
  if (id === undefined || !WebhookId.safeParse(id).success)
    throw new RangeError(`the standard scheme needs an id: ${WEBHOOK_ID_RULE}`)
  const signatures = secrets.map((each) => `v1,${standardSignature(secretKeyBytes(each)!, id, timestamp, body)}`)
  return {
    ...headers,
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatures.join(' '),
  }
}

function signatureHeader(keys: string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...keys.map((key) => `s=${headerSignature(key, timestamp, body)}`)].join(',')
}

// ---- Verification --------------------------------------------------------------------

const UnixSeconds = z
  .string()
  .regex(/^\d{1,12}$/, 'must be unix seconds (digits only)')
  .transform(Number)

/** `t=<unix seconds>,s=<hex>[,s=<hex>…]`, as entries grouped by key (each present at least once). */
const SignatureEntries = z.object({
  t: z.tuple([UnixSeconds], { error: 'must appear exactly once' }),
  s: z.array(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (HMAC-SHA256)')
      .transform((hex) => hex.toLowerCase()),
  ),
})

/** One entry of `webhook-signature`: `<version>,<signature>`; v1 signatures are base64 of 32 bytes. */
const StandardSignatureEntry = z
  .string()
  .regex(
    /^(?:v1,[A-Za-z0-9+/]{43}=|v(?!1,)[0-9a-z]+,\S+)$/,
    'entries must be <version>,<signature>, v1 ones base64 of 32 bytes',
  )

const StandardSignatureHeader = z
  .string()
  .transform((text) => text.trim().split(/\s+/))
  .pipe(z.array(StandardSignatureEntry))

type HeaderInput = Record<string, string | string[] | undefined> | Headers

/** The one value of a header, matched case-insensitively; undefined when absent or empty. */
function headerValue(headers: HeaderInput, name: string): string | undefined {
  const wanted = name.toLowerCase()
  let values: string[]
  if (typeof Headers !== 'undefined' && headers instanceof Headers) {
    const value = headers.get(wanted)
    values = value === null ? [] : [value]
  } else {
    values = Object.entries(headers as Record<string, unknown>)
      .filter(([key]) => key.toLowerCase() === wanted)
      .flatMap(([, value]) => (Array.isArray(value) ? value : value === undefined ? [] : [value]))
  }
  const present = values.filter((value) => typeof value !== 'string' || value.trim() !== '')
  if (present.length === 0) return undefined
  if (present.length > 1)
    throw new WebhookVerificationError('malformed_signature', `${wanted} is sent more than once; it must be one header`)
  const [value] = present
  if (typeof value !== 'string') throw new WebhookVerificationError('malformed_signature', `${wanted} must be text`)
  return value.trim()
}

function requiredHeader(headers: HeaderInput, name: string): string {
  const value = headerValue(headers, name)
  if (value === undefined) throw new WebhookVerificationError('missing_signature', `the webhook has no ${name} header`)
  return value
}

function malformed(name: string, error: z.ZodError): WebhookVerificationError {
  const issue = error.issues[0]
  const entry = typeof issue?.path[0] === 'string' ? ` ${issue.path[0]}=` : ''
  return new WebhookVerificationError('malformed_signature', `${name}${entry} ${issue?.message ?? 'is malformed'}`)
}

/** What a header claims: its timestamp and the signatures to compare against the expected one. */
interface Claim {
  timestamp: number
  signatures: string[]
  expected: string
}

/** A `t=,s=` header (V2 or legacy) read as the reference's receiver guidance says: split on `,`, then on the first `=`. */
function headerClaim(body: string, headers: HeaderInput, key: string, name: string): Claim {
  const value = requiredHeader(headers, name)
  const grouped: Record<'t' | 's', string[]> = { t: [], s: [] }
  for (const entry of value.split(',')) {
    const match = /^\s*([a-z]+)=(\S*)\s*$/.exec(entry)
    if (match === null || (match[1] !== 't' && match[1] !== 's')) {
      throw new WebhookVerificationError(
        'malformed_signature',
        `${name} must be t=<unix seconds>,s=<hex>, not ${JSON.stringify(value)}`,
      )
    }
    if (match[2] !== '') grouped[match[1]].push(match[2]!)
  }
  if (grouped.t.length === 0)
    throw new WebhookVerificationError('missing_timestamp', `${name} has no t= (the unix seconds it was signed at)`)
  // A t= that swallowed the rest (`t=1;s=…`) is malformed, not a header missing its s=.
  const timestamp = SignatureEntries.shape.t.safeParse(grouped.t)
  if (!timestamp.success)
    throw malformed(
      name,
      new z.ZodError(timestamp.error.issues.map((issue) => ({ ...issue, path: ['t', ...issue.path] }))),
    )
  if (grouped.s.length === 0)
    throw new WebhookVerificationError('missing_digest', `${name} has no s= (the hex HMAC-SHA256 digest)`)
  const parsed = SignatureEntries.safeParse(grouped)
  if (!parsed.success) throw malformed(name, parsed.error)
  return {
    timestamp: parsed.data.t[0],
    signatures: parsed.data.s,
    expected: headerSignature(key, parsed.data.t[0], body),
  }
}

function standardClaim(body: string, headers: HeaderInput, secret: string): Claim {
  const id = requiredHeader(headers, 'webhook-id')
  const timestampText = requiredHeader(headers, 'webhook-timestamp')
  const signatureText = requiredHeader(headers, 'webhook-signature')
  const parsedId = WebhookId.safeParse(id)
  if (!parsedId.success) throw new WebhookVerificationError('malformed_signature', WEBHOOK_ID_RULE)
  const timestamp = UnixSeconds.safeParse(timestampText)
  if (!timestamp.success) throw malformed('webhook-timestamp', timestamp.error)
  const entries = StandardSignatureHeader.safeParse(signatureText)
  if (!entries.success) throw malformed('webhook-signature', entries.error)
  const signatures = entries.data.filter((entry) => entry.startsWith('v1,')).map((entry) => entry.slice('v1,'.length))
  if (signatures.length === 0) {
    throw new WebhookVerificationError(
      'signature_mismatch',
      'webhook-signature carries no v1 signature; this verifier checks v1 (HMAC-SHA256) only',
    )
  }
  return {
    timestamp: timestamp.data,
    signatures,
    expected: standardSignature(secretKeyBytes(secret)!, id, timestamp.data, body),
  }
}

/**
 * Checks that `body` (the raw request body, exactly as received) was signed with `key` at a time within
 * `toleranceSeconds` (default 300, either way) of `now`; returns nothing, or throws {@link WebhookVerificationError}.
 * The key picks the header: the account's webhook API key (`wk_…`) checks the V2 header (`headerName`, default
 * `moonpay-signature-v2`); an endpoint's secret (`whsec_…`) the legacy header (`legacyHeaderName`, default
 * `moonpay-signature`), or with `scheme: 'standard'` the Standard Webhooks headers. Codes, the first four being the
 * reference's reasons to answer 400:
 *
 * - `missing_signature`: the header is absent or empty;
 * - `missing_timestamp` / `missing_digest`: the header has no `t=` / no `s=`;
 * - `signature_mismatch`: no digest in the header matches the key (tampered body or timestamp, another key);
 * - `malformed_signature`: the header is there but not in its format (a `t=` twice, a digest not 64 hex digits…);
 * - `timestamp_out_of_tolerance`: the digest matches, but its timestamp is too far from now (a replay, or a skewed
 *   clock). The digest is checked first, so this code is given only for webhooks the key's holder did sign;
 * - `invalid_secret`: `key` is neither a webhook API key nor a `whsec_` secret.
 *
 * Digests are compared in constant time. Header names match case-insensitively; `headers` may be a plain record
 * (node's `request.headers`) or a fetch `Headers`.
 *
 * `now` (unix seconds) defaults to the current time, read here with `Date.now()`: this is a helper for partners'
 * receivers, which run on the wall clock, not sandbox domain code (which reads only the sandbox clock). Tests and the
 * sandbox itself pass `now`.
 *
 * @example
 * verifyWebhook(rawBody, request.headers, webhookApiKey) // the V2 header; returns, or throws WebhookVerificationError
 * verifyWebhook(rawBody, request.headers, endpointSecret) // the legacy header
 * verifyWebhook(rawBody, request.headers, endpointSecret, { scheme: 'standard', now: 1767225600 })
 */
export function verifyWebhook(
  body: string,
  headers: HeaderInput,
  key: string,
  options: { scheme?: WebhookScheme; toleranceSeconds?: number; now?: number } & HeaderNames = {},
): void {
  const { scheme = 'sandbox', toleranceSeconds = DEFAULT_TOLERANCE_SECONDS } = options
  if (!Number.isFinite(toleranceSeconds) || toleranceSeconds < 0)
    throw new RangeError(`toleranceSeconds must be a number of seconds, 0 or more, not ${toleranceSeconds}`)
  const now = options.now ?? Math.floor(Date.now() / 1000)
  if (!Number.isFinite(now)) throw new RangeError(`now must be unix seconds, not ${now}`)
  const kind = kindOf(key)
  const headerName = checkedHeaderName('headerName', options.headerName ?? DEFAULT_SIGNATURE_HEADER)
  const legacyHeaderName = checkedHeaderName(
    'legacyHeaderName',
    options.legacyHeaderName ?? DEFAULT_LEGACY_SIGNATURE_HEADER,
  )
  const claim =
    kind === 'api-key'
      ? headerClaim(body, headers, key, headerName)
      : scheme === 'sandbox'
        ? headerClaim(body, headers, key, legacyHeaderName)
        : standardClaim(body, headers, key)
  // Every entry is compared (no early exit), so the time taken does not tell which one matched.
  let matched = false
  for (const signature of claim.signatures) matched = constantTimeEqual(signature, claim.expected) || matched
  if (!matched) {
    const where = kind === 'api-key' ? headerName : scheme === 'sandbox' ? legacyHeaderName : 'webhook-signature'
    throw new WebhookVerificationError(
      'signature_mismatch',
      `no digest in ${where} matches this ${kind === 'api-key' ? 'webhook API key' : 'secret'} for this body and timestamp`,
    )
  }
  if (Math.abs(now - claim.timestamp) > toleranceSeconds) {
    throw new WebhookVerificationError(
      'timestamp_out_of_tolerance',
      `the webhook's timestamp ${claim.timestamp} is ${Math.abs(now - claim.timestamp)} s ${claim.timestamp < now ? 'before' : 'after'} now (${now}); at most ${toleranceSeconds} s is accepted`,
    )
  }
}

/**
 * Signing and verifying webhooks (server-to-server events), in two schemes:
 *
 * - `sandbox`, the service's own: one header (default `x-webhook-signature`) holding
 *   `t=<unix seconds>,s=<lowercase hex HMAC-SHA256(secret, "<t>.<raw body>")>`, where the
 *   key is the secret text itself as UTF-8. While a secret is rotated the header carries
 *   one `s=` per secret, and a receiver accepts it when any of them matches.
 * - `standard`, [Standard Webhooks](https://www.standardwebhooks.com): `webhook-id`,
 *   `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256(key, "<id>.<t>.<raw body>")>`
 *   (several space-separated entries allowed), where the key is the base64-decoded part
 *   of the secret after `whsec_`.
 *
 * Both schemes take the same secrets: `whsec_` + standard base64 of 24 to 64 bytes.
 * Pure and portable (`@noble/hashes`, no node:crypto): it runs in Node and in browsers.
 */
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { z } from 'zod'
import { DEFAULT_WEBHOOK_SIGNATURE_HEADER } from '../contract/control.ts'
import { constantTimeEqual } from './constant-time-equal.ts'
import { bytesToBase64, parseWebhookSecret, secretKeyBytes } from './webhook-secret.ts'
import { WebhookVerificationError } from './webhook-verification-error.ts'

export { parseWebhookSecret, WEBHOOK_SECRET_RULE, WebhookSecret, webhookSecretFrom } from './webhook-secret.ts'
export { WebhookVerificationError, type WebhookVerificationErrorCode } from './webhook-verification-error.ts'

/**
 * Which signature headers a webhook carries: the service's own (`sandbox`) or Standard Webhooks' (`standard`).
 *
 * @example
 * const scheme: WebhookScheme = 'standard'
 * verifyWebhook(rawBody, request.headers, secret, { scheme })
 */
export type WebhookScheme = 'sandbox' | 'standard'


/**
 * The header the `sandbox` scheme signs into, unless told otherwise.
 *
 * @example
 * request.headers[DEFAULT_SIGNATURE_HEADER] // 't=1767225600,s=2353c49c…'
 */
export const DEFAULT_SIGNATURE_HEADER = DEFAULT_WEBHOOK_SIGNATURE_HEADER

/**
 * How far (seconds, either way) a webhook's timestamp may be from now, unless told otherwise.
 *
 * @example
 * verifyWebhook(rawBody, headers, secret, { toleranceSeconds: 2 * DEFAULT_TOLERANCE_SECONDS })
 */
export const DEFAULT_TOLERANCE_SECONDS = 300


/** The HMAC key of a secret in a scheme: its UTF-8 text for `sandbox`, its decoded bytes for `standard`. */
function keyOf(secret: string, scheme: WebhookScheme): Uint8Array {
  parseWebhookSecret(secret)
  return scheme === 'sandbox' ? utf8ToBytes(secret) : secretKeyBytes(secret)!
}

function sandboxSignature(key: Uint8Array, timestamp: number, body: string): string {
  return bytesToHex(hmac(sha256, key, utf8ToBytes(`${timestamp}.${body}`)))
}

function standardSignature(key: Uint8Array, id: string, timestamp: number, body: string): string {
  return bytesToBase64(hmac(sha256, key, utf8ToBytes(`${id}.${timestamp}.${body}`)))
}

const WEBHOOK_ID_RULE = 'webhook-id must be 1 to 256 printable characters without spaces'
const WebhookId = z.string().regex(/^[\x21-\x7e]{1,256}$/, WEBHOOK_ID_RULE)

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

function checkedHeaderName(name: string): string {
  if (!HEADER_NAME.test(name)) throw new RangeError(`headerName must be an HTTP header name (letters, digits, -), not ${JSON.stringify(name)}`)
  return name.toLowerCase()
}

/**
 * The headers (lowercase names) that sign `body` at `timestamp` (unix seconds) with `secret`;
 * with several secrets (while one is rotated) it signs with each, so a receiver holding
 * either verifies. `scheme` defaults to `sandbox`; `standard` needs the event's `id`.
 * `headerName` (default `x-webhook-signature`) names the `sandbox` header and is ignored by
 * `standard`, whose header names are fixed. A secret that is not `whsec_` + base64 of 24 to
 * 64 bytes throws {@link WebhookVerificationError} `invalid_secret`; a bad option, a `RangeError`.
 *
 * @example
 * const secret = 'whsec_' + 'A'.repeat(32) // 24 zero bytes: an example, not a secret
 * signWebhook('{"hello":"world"}', secret, { timestamp: 1767225600 })
 * // { 'x-webhook-signature': 't=1767225600,s=2353c49c82b7371e8f279169b13a91584d130a07c5423ec6fb0a13f9d10425c2' }
 * signWebhook('{"hello":"world"}', secret, { timestamp: 1767225600, scheme: 'standard', id: 'evt_01' })
 * // { 'webhook-id': 'evt_01', 'webhook-timestamp': '1767225600', 'webhook-signature': 'v1,NOslAD1052Fw2b4Y7asVq5z0DyvNujYyZKPMgvpjAhQ=' }
 * signWebhook(body, [oldSecret, newSecret], { timestamp: 1767225600 }) // 't=1767225600,s=…,s=…' while rotating
 */
export function signWebhook(
  body: string,
  secret: string | string[],
  options: { timestamp: number; scheme?: WebhookScheme; id?: string; headerName?: string },
): Record<string, string> {
  const { timestamp, scheme = 'sandbox' } = options
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new RangeError(`timestamp must be whole unix seconds, not ${timestamp}`)
  const secrets = typeof secret === 'string' ? [secret] : secret
  if (secrets.length === 0) throw new RangeError('signWebhook needs at least one secret')
  if (scheme === 'sandbox') {
    const name = checkedHeaderName(options.headerName ?? DEFAULT_SIGNATURE_HEADER)
    const signatures = secrets.map((each) => `s=${sandboxSignature(keyOf(each, 'sandbox'), timestamp, body)}`)
    return { [name]: [`t=${timestamp}`, ...signatures].join(',') }
  }
  const { id } = options
  if (id === undefined || !WebhookId.safeParse(id).success) throw new RangeError(`the standard scheme needs an id: ${WEBHOOK_ID_RULE}`)
  const signatures = secrets.map((each) => `v1,${standardSignature(keyOf(each, 'standard'), id, timestamp, body)}`)
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatures.join(' ') }
}

// ---- Verification --------------------------------------------------------------------

const UnixSeconds = z
  .string()
  .regex(/^\d{1,12}$/, 'must be unix seconds (digits only)')
  .transform(Number)

/** `t=<unix seconds>,s=<hex>[,s=<hex>…]`, as entries grouped by key. */
const SandboxSignatureEntries = z.object({
  t: z.tuple([UnixSeconds], { error: 'must appear exactly once' }),
  s: z
    .array(z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (HMAC-SHA256)').transform((hex) => hex.toLowerCase()))
    .min(1, 'must appear at least once'),
})

/** One entry of `webhook-signature`: `<version>,<signature>`; v1 signatures are base64 of 32 bytes. */
const StandardSignatureEntry = z
  .string()
  .regex(/^(?:v1,[A-Za-z0-9+/]{43}=|v(?!1,)[0-9a-z]+,\S+)$/, 'entries must be <version>,<signature>, v1 ones base64 of 32 bytes')

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
  if (present.length > 1) throw new WebhookVerificationError('malformed_signature', `${wanted} is sent more than once; it must be one header`)
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

function sandboxClaim(body: string, headers: HeaderInput, secret: string, headerName: string): Claim {
  const name = checkedHeaderName(headerName)
  const value = requiredHeader(headers, name)
  const grouped: Record<'t' | 's', string[]> = { t: [], s: [] }
  for (const entry of value.split(',')) {
    const match = /^\s*([a-z]+)=(\S*)\s*$/.exec(entry)
    if (match === null || (match[1] !== 't' && match[1] !== 's')) {
      throw new WebhookVerificationError('malformed_signature', `${name} must be t=<unix seconds>,s=<hex>[,s=<hex>…], not ${JSON.stringify(value)}`)
    }
    grouped[match[1]].push(match[2]!)
  }
  const parsed = SandboxSignatureEntries.safeParse(grouped)
  if (!parsed.success) throw malformed(name, parsed.error)
  const key = keyOf(secret, 'sandbox')
  return { timestamp: parsed.data.t[0], signatures: parsed.data.s, expected: sandboxSignature(key, parsed.data.t[0], body) }
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
    throw new WebhookVerificationError('signature_mismatch', 'webhook-signature carries no v1 signature; this verifier checks v1 (HMAC-SHA256) only')
  }
  const key = keyOf(secret, 'standard')
  return { timestamp: timestamp.data, signatures, expected: standardSignature(key, id, timestamp.data, body) }
}

/**
 * Checks that `body` (the raw request body, exactly as received) was signed with `secret`
 * at a time within `toleranceSeconds` (default 300, either way) of `now`; returns nothing,
 * or throws {@link WebhookVerificationError} with a `code`:
 *
 * - `missing_signature`: a signature header is absent or empty;
 * - `malformed_signature`: a header is there but not in the scheme's format;
 * - `signature_mismatch`: no signature in the header matches `secret` (tampered body,
 *   timestamp or id, or another secret);
 * - `timestamp_out_of_tolerance`: the signature matches, but its timestamp is too far from
 *   now (a replay, or a skewed clock). The signature is checked first, so this code is given
 *   only for webhooks the secret's holder did sign;
 * - `invalid_secret`: `secret` is not `whsec_` + base64 of 24 to 64 bytes.
 *
 * Header names match case-insensitively; `headers` may be a plain record (node's
 * `request.headers`) or a fetch `Headers`. `scheme` defaults to `sandbox`; `headerName`
 * (default `x-webhook-signature`) applies to `sandbox` only.
 *
 * `now` (unix seconds) defaults to the current time, read here with `Date.now()`: this is a
 * helper for partners' receivers, which run on the wall clock, not sandbox domain code (which
 * reads only the sandbox clock). Tests and the sandbox itself pass `now`.
 *
 * @example
 * verifyWebhook(rawBody, request.headers, 'whsec_…') // returns, or throws WebhookVerificationError
 * verifyWebhook(rawBody, request.headers, secret, { scheme: 'standard', now: 1767225600 })
 */
export function verifyWebhook(
  body: string,
  headers: HeaderInput,
  secret: string,
  options: { scheme?: WebhookScheme; headerName?: string; toleranceSeconds?: number; now?: number } = {},
): void {
  const { scheme = 'sandbox', toleranceSeconds = DEFAULT_TOLERANCE_SECONDS } = options
  if (!Number.isFinite(toleranceSeconds) || toleranceSeconds < 0) throw new RangeError(`toleranceSeconds must be a number of seconds, 0 or more, not ${toleranceSeconds}`)
  const now = options.now ?? Math.floor(Date.now() / 1000)
  if (!Number.isFinite(now)) throw new RangeError(`now must be unix seconds, not ${now}`)
  parseWebhookSecret(secret)
  const claim = scheme === 'sandbox' ? sandboxClaim(body, headers, secret, options.headerName ?? DEFAULT_SIGNATURE_HEADER) : standardClaim(body, headers, secret)
  // Every entry is compared (no early exit), so the time taken does not tell which one matched.
  let matched = false
  for (const signature of claim.signatures) matched = constantTimeEqual(signature, claim.expected) || matched
  if (!matched) {
    throw new WebhookVerificationError('signature_mismatch', `no signature in the ${scheme} headers matches this secret for this body and timestamp`)
  }
  if (Math.abs(now - claim.timestamp) > toleranceSeconds) {
    throw new WebhookVerificationError(
      'timestamp_out_of_tolerance',
      `the webhook's timestamp ${claim.timestamp} is ${Math.abs(now - claim.timestamp)} s ${claim.timestamp < now ? 'before' : 'after'} now (${now}); at most ${toleranceSeconds} s is accepted`,
    )
  }
}

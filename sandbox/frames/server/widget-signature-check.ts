import type { FieldError, FrameErrorPayload, FrameName } from '#contract/index.ts'
import { constantTimeEqual } from '#kernel/constant-time-equal.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { widgetSignature } from '#kernel/widget-url-signature.ts'

/** The service's messages for a widget URL whose signature is absent or does not match (the reference's words). */
const MISSING_SIGNATURE = 'Missing signature'
const INVALID_SIGNATURE = 'Invalid signature'

const RULE =
  "signature must be the base64 HMAC-SHA256 of the URL's query string (without signature and channelId) keyed with the secret key"

/**
 * The tenant's secret key: the other half of the publishable key its frames are opened with.
 *
 * @example
 * secretKeyOf(core.tenants.get('shop', 'test')) // 'sk_test_shop'
 */
function secretKeyOf(tenant: Tenant): string {
  return `sk_${tenant.mode}_${tenant.account.account}`
}

/** A frame refused for its signature: the frame's `error` payload, and the field it names. */
type SignatureRefusal = FrameErrorPayload & { fields: FieldError[] }

/**
 * Checks the widget frame's `signature` against the query string as sent (`search`, with its `?`): required when
 * `walletAddress` is given, checked whenever present, compared in constant time. A `+` the query decoded to a space
 * is read back as `+` (an unencoded base64 signature). Other frames take no signature: undefined.
 *
 * @example
 * widgetSignatureRefusal(tenant, 'widget', { walletAddress: '0xab' }, '?apiKey=pk_test_x&walletAddress=0xab')
 * // { code: 'invalid_parameters', message: 'Missing signature: …', fields: [{ field: 'signature', … }] }
 */
export function widgetSignatureRefusal(
  tenant: Tenant,
  frame: FrameName,
  params: Record<string, unknown>,
  search: string,
): SignatureRefusal | undefined {
  if (frame !== 'widget') return undefined
  const given = typeof params.signature === 'string' ? params.signature.replace(/ /g, '+') : undefined
  if (given === undefined) {
    if (params.walletAddress === undefined) return undefined
    return refusal(`${MISSING_SIGNATURE}: signature is required with walletAddress (${RULE})`)
  }
  if (constantTimeEqual(widgetSignature(search, secretKeyOf(tenant)), given)) return undefined
  return refusal(`${INVALID_SIGNATURE}: ${RULE}`)
}

function refusal(message: string): SignatureRefusal {
  return { code: 'invalid_parameters', message, fields: [{ field: 'signature', message }] }
}

/**
 * The query string of parameters given as a record (the in-process frames, a request without its raw query): in
 * their order, encoded as `URLSearchParams` encodes them, which is what the browser client sends.
 *
 * @example
 * searchOf({ channelId: 'c', apiKey: 'pk_test_x' }) // '?channelId=c&apiKey=pk_test_x'
 */
export function searchOf(params: Record<string, string>): string {
  const text = new URLSearchParams(params).toString()
  return text === '' ? '' : `?${text}`
}

import type { Tenant } from '#kernel/tenant.ts'
import { jsonTextReply, type PlainReply } from './plain-http.ts'

/** A reply made lately: its JSON text, and the inputs it was made from beside the request. */
interface KeptReply {
  inputs: readonly unknown[]
  json: string
  /** Its UTF-8 bytes, made when it is first answered again (a reply asked once never pays for them). */
  bytes?: Uint8Array
}

/** One tenant's kept replies of one route, and the characters and bytes they hold together. */
interface TenantReplies {
  replies: Map<string, KeptReply>
  held: number
}

const utf8 = new TextEncoder()

/** The longest key kept: a request that long (a large body) is answered afresh, so a tenant's memo stays small. */
const MAX_KEY_CHARS = 4096

/**
 * What one tenant's kept replies of one route may hold, texts and bytes together: 48 kB (two pages of 20 transactions),
 * so 256 accounts hold at most ~12 MB per route. A larger reply is never kept.
 */
const MAX_HELD = 48 * 1024

/**
 * Replies of a route that is a pure function of its request and a few inputs (the tenant clock's now, the tenant's
 * settings object, a collection's version), kept per tenant by request, so a client asking the same again under a
 * frozen clock gets the same text without the work (docs/decisions/0078). An input is compared by identity: any
 * change (a clock that moved, settings replaced, a record written) makes the reply again. At most `max` replies and
 * 48 kB per tenant (keys of at most 4 096 characters); past either the tenant's start afresh. Only successful replies
 * are kept: a refusal is made (and worded) afresh each time.
 *
 * @example
 * const quotes = keptReplies(32)
 * return quotes(tenant, `${request.path}${request.search}`, [tenant.clock.now(), tenant.settings], () => priceIt())
 */
export function keptReplies(
  max: number,
): (
  tenant: Tenant,
  key: string | undefined,
  inputs: readonly unknown[],
  make: () => PlainReply & { json: string },
) => PlainReply {
  const byTenant = new WeakMap<Tenant, TenantReplies>()
  return (tenant, key, inputs, make) => {
    if (key === undefined || key.length > MAX_KEY_CHARS) return make()
    let kept = byTenant.get(tenant)
    const hit = kept?.replies.get(key)
    if (kept && hit && sameInputs(hit.inputs, inputs)) return jsonTextReply(200, hit.json, {}, bytesOf(kept, hit))
    const made = make()
    if (made.status !== 200 || made.json.length > MAX_HELD / 2) return made
    if (!kept) byTenant.set(tenant, (kept = { replies: new Map(), held: 0 }))
    if (hit) kept.held -= hit.json.length + (hit.bytes?.length ?? 0)
    if (kept.replies.size >= max || kept.held + made.json.length > MAX_HELD) kept = startAfresh(kept)
    kept.replies.set(key, { inputs, json: made.json })
    kept.held += made.json.length
    return made
  }
}

function startAfresh(kept: TenantReplies): TenantReplies {
  kept.replies.clear()
  kept.held = 0
  return kept
}

/** The reply's bytes, made once, while they fit in what the tenant's replies may hold (else none: the adapter encodes the text). */
function bytesOf(kept: TenantReplies, reply: KeptReply): Uint8Array | undefined {
  if (reply.bytes === undefined && kept.held + reply.json.length <= MAX_HELD) {
    reply.bytes = utf8.encode(reply.json)
    kept.held += reply.bytes.length
  }
  return reply.bytes
}

function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

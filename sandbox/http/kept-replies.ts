import type { Tenant } from '../kernel/tenant.ts'
import { jsonTextReply, type PlainReply } from './plain-http.ts'

/** A reply made lately: its JSON text, and the inputs it was made from beside the request. */
interface KeptReply {
  inputs: readonly unknown[]
  json: string
  /** Its UTF-8 bytes, made when it is first answered again (a reply asked once never pays for them). */
  bytes?: Uint8Array
}

const utf8 = new TextEncoder()

/** The longest key kept: a request that long (a large body) is answered afresh, so a tenant's memo stays small. */
const MAX_KEY_CHARS = 4096

/**
 * Replies of a route that is a pure function of its request and a few inputs (the tenant clock's now, the tenant's
 * settings object, a collection's count of changes), kept per tenant by request (a key of at most 4 096 characters) so a client asking the same again under a frozen clock gets the same
 * text without the work (docs/decisions/0078). An input is compared by identity: any change (a clock that moved,
 * settings replaced, a reset) makes the reply again. At most `max` replies per tenant; past it the tenant's start afresh.
 * Only successful replies are kept: a refusal is made (and worded) afresh each time.
 *
 * @example
 * const quotes = keptReplies(32)
 * return quotes(tenant, `${request.path}${request.search}`, [tenant.clock.now(), tenant.settings], () => priceIt())
 */
export function keptReplies(max: number): (tenant: Tenant, key: string | undefined, inputs: readonly unknown[], make: () => PlainReply & { json: string }) => PlainReply {
  const byTenant = new WeakMap<Tenant, Map<string, KeptReply>>()
  return (tenant, key, inputs, make) => {
    if (key === undefined || key.length > MAX_KEY_CHARS) return make()
    let kept = byTenant.get(tenant)
    const hit = kept?.get(key)
    if (hit && sameInputs(hit.inputs, inputs)) return jsonTextReply(200, hit.json, {}, (hit.bytes ??= utf8.encode(hit.json)))
    const made = make()
    if (made.status !== 200) return made
    if (!kept) byTenant.set(tenant, (kept = new Map()))
    if (kept.size >= max) kept.clear()
    kept.set(key, { inputs, json: made.json })
    return made
  }
}

function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

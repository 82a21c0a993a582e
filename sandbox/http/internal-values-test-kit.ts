import { portableHmacSha256 } from '#kernel/hmac.ts'
import type { SandboxCore } from './sandbox-core.ts'

/**
 * Fields only the core, a tenant, its registry or a frame context hold; `internal` is what each of them serialises to
 * (their `toJSON`). `secret` is not one: the fixtures name the secret API key so.
 */
const INTERNAL_FIELDS = ['"internal":', '"signingKey"', '"bootId"', '"tenants"', '"catalog"', '"routes"', '"options"']

/**
 * What of the core's internals a body (an answer, a journal entry) holds: its secret, its boot id, any tenant's
 * signing key, or a field only an internal object has. Give the core a secret and boot id of its own (not the
 * public test ones), so finding them means a leak.
 *
 * @example
 * expect(internalValuesIn(core, reply.body)).toEqual([])
 */
export function internalValuesIn(core: SandboxCore, body: unknown): string[] {
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? null)
  const hmac = core.options.hmac ?? portableHmacSha256
  const signingKeys = core.tenants.all().map((tenant) => hmac(core.secret, `tenant:${tenant.id}`))
  return [core.secret, core.bootId, ...signingKeys, ...INTERNAL_FIELDS].filter((value) => text.includes(value))
}

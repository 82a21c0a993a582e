import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'

/**
 * A new opaque, deterministic id: a digest of a per-store counter under the
 * account's seeded id key. Same seed and same calls, same ids (whatever the
 * process secret); different tenants, different ids.
 *
 * @example
 * newId(tenant, store, 'ses') // 'ses_Xb3…' (16 characters after the prefix)
 */
export function newId(tenant: Tenant, store: TenantStore, prefix: string): string {
  return seededId(tenant, prefix, `${prefix}:${store.next(prefix)}`)
}

/**
 * `prefix`, `_` and 16 letters and digits of the tenant's seeded digest of `label`: the id of something the account
 * has once (its own id), or of the `label`'s thing.
 *
 * @example
 * seededId(tenant, 'acc', 'account') // 'acc_3fQ…'
 */
export function seededId(tenant: Tenant, prefix: string, label: string): string {
  return `${prefix}_${tenant.opaqueId(label).replace(/[-_]/g, '').slice(0, 16)}`
}

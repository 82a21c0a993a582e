import type { Tenant } from '../kernel/tenant.ts'
import type { TenantStore } from '../kernel/store/tenant-store.ts'

/**
 * A new opaque, deterministic id: a digest of a per-store counter under the
 * account's seeded id key. Same seed and same calls, same ids (whatever the
 * process secret); different tenants, different ids.
 *
 * @example
 * newId(tenant, store, 'ses') // 'ses_Xb3…' (16 characters after the prefix)
 */
export function newId(tenant: Tenant, store: TenantStore, prefix: string): string {
  const n = store.next(prefix)
  return `${prefix}_${tenant.opaqueId(`${prefix}:${n}`).replace(/[-_]/g, '').slice(0, 16)}`
}

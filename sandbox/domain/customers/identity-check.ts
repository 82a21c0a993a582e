import type { CustomerRecord, IdentityCheck } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { emitWebhook } from '../webhook-deliveries.ts'

/**
 * The id of a customer's identity (the KYC record the challenge frame's
 * identity `complete` and the web identity calls name, and the identity check's id): one per customer, the
 * customer id's suffix under `idn_`, so it is stable and needs no storage.
 *
 * @example
 * identityIdOf('cus_Ab12Cd34Ef56Gh78') // 'idn_Ab12Cd34Ef56Gh78'
 */
export function identityIdOf(customerId: string): string {
  return `idn_${customerId.replace(/^cus_/, '')}`
}

/** The KYC level of the sandbox's one identity check (details, document, selfie): the reference's examples show 2 and 3. */
const IDENTITY_CHECK_LEVEL = 2

/** Why a rejected check was rejected: the only way the sandbox rejects is the magic last name. */
const REJECTED_DESCRIPTION = "rejected by the sandbox: the customer's last name is the magic value Rejected"

/**
 * A customer's identity check (decision 0088), built from the customer's KYC state: `not_started` → `initiated`,
 * `pending` → `pending`, `approved` → `completed` `clear`, `rejected` → `completed` `rejected` (`rejectType` `retry`:
 * the customer may submit again), its id the customer's identity id.
 *
 * @example
 * identityCheckOf(store, record) // { id: 'idn_…', status: 'completed', result: 'clear', level: 2, … }
 */
export function identityCheckOf(store: TenantStore, record: CustomerRecord): IdentityCheck {
  const rejected = record.kycStatus === 'rejected'
  const decided = rejected || record.kycStatus === 'approved'
  return {
    id: identityIdOf(record.id),
    customerId: record.id,
    externalCustomerId: store.externalCustomers.of(record.id),
    createdAt: record.identityCheck?.createdAt ?? record.createdAt,
    updatedAt: record.identityCheck?.updatedAt ?? record.createdAt,
    level: IDENTITY_CHECK_LEVEL,
    status: decided ? 'completed' : record.kycStatus === 'pending' ? 'pending' : 'initiated',
    result: decided ? (rejected ? 'rejected' : 'clear') : null,
    rejectType: rejected ? 'retry' : null,
    rejectLabels: decided ? (rejected ? ['Other'] : []) : null,
    rejections: record.identityCheck?.rejections ?? (rejected ? 1 : 0),
    resultDescription: rejected ? REJECTED_DESCRIPTION : null,
    escalationReasons: null,
  }
}

/**
 * Stamps a customer's identity check in a store update (`draft` is the customer being changed): created at its first
 * change, updated now, one more rejection when `draft.kycStatus` is now `rejected`.
 *
 * @example
 * await store.customers.update(id, (draft) => { draft.kycStatus = 'rejected'; stampIdentityCheck(draft, now) })
 */
export function stampIdentityCheck(draft: CustomerRecord, now: string): void {
  const rejections = (draft.identityCheck?.rejections ?? 0) + (draft.kycStatus === 'rejected' ? 1 : 0)
  draft.identityCheck = { createdAt: draft.identityCheck?.createdAt ?? now, updatedAt: now, rejections }
}

/**
 * Emits `identity_check_updated` with the customer's identity check as it is now (read only when an endpoint wants it).
 *
 * @example
 * await emitIdentityCheck(tenant, store, 'cus_…')
 */
export async function emitIdentityCheck(tenant: Tenant, store: TenantStore, customerId: string): Promise<void> {
  const record = store.customers.get(customerId)
  if (record) await emitWebhook(tenant, store, 'identity_check_updated', identityCheckOf(store, record))
}

/**
 * `GET /__sandbox/customers/{customerId}/identity_check`: the customer's identity check as `identity_check_updated`
 * carries it; 404 for a customer this account does not have.
 *
 * @example
 * await getIdentityCheck(tenant, 'cus_…') // { id: 'idn_…', status: 'pending', result: null, … }
 */
export async function getIdentityCheck(tenant: Tenant, customerId: string): Promise<IdentityCheck> {
  const store = await tenant.store()
  const record = store.customers.get(customerId)
  if (!record) throw new SandboxError('not_found', `customer ${customerId} does not exist for this account`)
  return identityCheckOf(store, record)
}

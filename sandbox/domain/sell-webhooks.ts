import type { SellTransaction, SellTransactionRecord, SellTransactionStatus } from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { sellTransactionView } from './sell-view.ts'
import { lifecycleEventsOf } from './updated-webhooks.ts'
import { emitWebhook } from './webhook-deliveries.ts'

/** The sell events (decision 0067): created, each change (deposit, stage, completion), and failure. */
type SellEventType = 'sell_transaction_created' | 'sell_transaction_updated' | 'sell_transaction_failed'

/**
 * Emits a sell's event carrying the sell as `GET /v3/sell_transactions/{id}` shows it now, and answers that view. For
 * a change (from the status `before`, read before the record changed, to `record`), which events are sent is the tenant's setting (`lifecycleEventsOf`, decision 0090):
 * `sell_transaction_updated` may be skipped (the status did not move) or sent before `sell_transaction_failed`.
 *
 * @example
 * await emitSellWebhook(tenant, store, 'sell_transaction_created', record) // the view, delivered to the endpoints that want it
 * await emitSellWebhook(tenant, store, 'sell_transaction_updated', updated, 'pending') // unless statusChange skips a pending sell's stage
 */
export async function emitSellWebhook(
  tenant: Tenant,
  store: TenantStore,
  type: 'sell_transaction_created',
  record: SellTransactionRecord,
): Promise<SellTransaction>
export async function emitSellWebhook(
  tenant: Tenant,
  store: TenantStore,
  type: 'sell_transaction_updated' | 'sell_transaction_failed',
  record: SellTransactionRecord,
  before: SellTransactionStatus,
): Promise<SellTransaction>
export async function emitSellWebhook(
  tenant: Tenant,
  store: TenantStore,
  type: SellEventType,
  record: SellTransactionRecord,
  before?: SellTransactionStatus,
): Promise<SellTransaction> {
  const view = sellTransactionView(tenant, record)
  if (type === 'sell_transaction_created' || before === undefined) {
    await emitWebhook(tenant, store, type, view)
    return view
  }
  const events = lifecycleEventsOf(
    tenant.settings,
    type === 'sell_transaction_failed' ? 'failed' : 'updated',
    before,
    record.status,
  )
  for (const event of events)
    await emitWebhook(tenant, store, event === 'failed' ? 'sell_transaction_failed' : 'sell_transaction_updated', view)
  return view
}

import type { TransactionRecord } from '../contract/index.ts'
import type { Tenant } from '../kernel/tenant.ts'
import type { TenantStore } from '../kernel/store/tenant-store.ts'
import { emitWebhook } from './webhook-deliveries.ts'
import { widgetTransactionOf } from './widget-transactions.ts'

/** The widget family's buy events. */
export type BuyEventType = 'transaction_created' | 'transaction_updated' | 'transaction_failed'

/**
 * A buy changed: one transaction seen through both APIs raises an event in each family (decision 0087). The widget
 * event `type` carries the buy as `GET /v1/transactions/{id}` shows it; `transaction.updated` carries it as
 * `GET /platform/v1/transactions/{id}` shows it (the record is that shape). Each view is read only when some endpoint
 * wants its event.
 *
 * @example
 * await emitBuyWebhooks(tenant, store, 'transaction_created', record) // transaction_created and transaction.updated
 */
export async function emitBuyWebhooks(tenant: Tenant, store: TenantStore, type: BuyEventType, record: TransactionRecord): Promise<void> {
  await emitWebhook(tenant, store, type, () => Promise.resolve(widgetTransactionOf(tenant, store, record)))
  await emitWebhook(tenant, store, 'transaction.updated', record)
}

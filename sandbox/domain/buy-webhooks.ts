import type { TransactionRecord, WidgetTransaction, WidgetTransactionStatus } from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { lifecycleEventsOf } from './updated-webhooks.ts'
import { emitWebhook } from './webhook-deliveries.ts'
import { widgetStatusOf } from './widget-transaction.ts'
import { widgetTransactionOf } from './widget-transactions.ts'

/** The widget family's buy events. */
type BuyEventType = 'transaction_created' | 'transaction_updated' | 'transaction_failed'

/**
 * A buy changed: one transaction seen through both APIs raises an event in each family (decision 0087). The widget
 * events carry the buy as `GET /v1/transactions/{id}` shows it; which are sent for a change (from the widget status `before`, read before the record changed, to `record`) is
 * the tenant's setting (`lifecycleEventsOf`, decision 0090). `transaction.updated` carries it as
 * `GET /platform/v1/transactions/{id}` shows it (the record is that shape), at every change whatever the setting.
 * Each view is read only when some endpoint wants its event.
 *
 * @example
 * await emitBuyWebhooks(tenant, store, 'transaction_created', record) // transaction_created and transaction.updated
 * await emitBuyWebhooks(tenant, store, 'transaction_updated', updated, widgetStatusOf(current)) // transaction_updated (unless the setting skips it) and transaction.updated
 */
export async function emitBuyWebhooks(
  tenant: Tenant,
  store: TenantStore,
  type: 'transaction_created',
  record: TransactionRecord,
): Promise<void>
export async function emitBuyWebhooks(
  tenant: Tenant,
  store: TenantStore,
  type: 'transaction_updated' | 'transaction_failed',
  record: TransactionRecord,
  before: WidgetTransactionStatus,
): Promise<void>
export async function emitBuyWebhooks(
  tenant: Tenant,
  store: TenantStore,
  type: BuyEventType,
  record: TransactionRecord,
  before?: WidgetTransactionStatus,
): Promise<void> {
  let view: WidgetTransaction | undefined
  const widget = () => Promise.resolve((view ??= widgetTransactionOf(tenant, store, record)))
  // Only creation comes without a status before it (the overloads): it is always sent.
  if (before === undefined) await emitWebhook(tenant, store, type, widget)
  else {
    const events = lifecycleEventsOf(
      tenant.settings,
      type === 'transaction_failed' ? 'failed' : 'updated',
      before,
      widgetStatusOf(record),
    )
    for (const event of events)
      await emitWebhook(tenant, store, event === 'failed' ? 'transaction_failed' : 'transaction_updated', widget)
  }
  await emitWebhook(tenant, store, 'transaction.updated', record)
}

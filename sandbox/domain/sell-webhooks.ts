import type { SellTransaction, SellTransactionRecord } from '../contract/index.ts'
import type { Tenant } from '../kernel/tenant.ts'
import type { TenantStore } from '../kernel/store/tenant-store.ts'
import { sellTransactionView } from './sell-view.ts'
import { emitWebhook } from './webhook-deliveries.ts'

/** The sell events (decision 0067): created, each change (deposit, stage, completion), and failure. */
export type SellEventType = 'sell_transaction_created' | 'sell_transaction_updated' | 'sell_transaction_failed'

/**
 * Emits a sell event carrying the sell as `GET /v3/sell_transactions/{id}` shows it now, and answers that view.
 *
 * @example
 * await emitSellWebhook(tenant, store, 'sell_transaction_updated', record) // the view, delivered to the endpoints that want it
 */
export async function emitSellWebhook(tenant: Tenant, store: TenantStore, type: SellEventType, record: SellTransactionRecord): Promise<SellTransaction> {
  const view = sellTransactionView(tenant, record)
  await emitWebhook(tenant, store, type, view)
  return view
}

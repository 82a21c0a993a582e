import type { SwapRecord, SwapTransaction } from '../contract/index.ts'
import type { Tenant } from '../kernel/tenant.ts'
import type { TenantStore } from '../kernel/store/tenant-store.ts'
import { swapView } from './swaps.ts'
import { emitWebhook } from './webhook-deliveries.ts'

/** The swap events (decisions 0068, 0088), each sent at one step of a swap's life. */
export const SWAP_EVENT_TYPES = [
  'swap_transaction_created', 'swap_deposit_wallet_created', 'swap_deposit_received', 'swap_asset_delivery_initiated',
  'swap_transaction_completed', 'swap_transaction_failed', 'swap_quote_expired', 'swap_quote_invalid',
  'swap_refund_asset_delivery_initiated', 'swap_refund_completed',
] as const
/** One of the swap events. */
export type SwapEventType = (typeof SWAP_EVENT_TYPES)[number]

/**
 * Emits a swap event carrying the swap as `GET /v4/swap/transaction/{id}` shows it now (the same builder), and
 * answers that view.
 *
 * @example
 * await emitSwapWebhook(tenant, store, 'swap_deposit_received', record) // the view, delivered to the endpoints that want it
 */
export async function emitSwapWebhook(tenant: Tenant, store: TenantStore, type: SwapEventType, swap: SwapRecord): Promise<SwapTransaction> {
  const view = swapView(tenant, swap)
  await emitWebhook(tenant, store, type, view)
  return view
}

/** The swap events (decisions 0068, 0088), each sent at one step of a swap's life. */
export const SWAP_EVENT_TYPES = [
  'swap_transaction_created',
  'swap_deposit_wallet_created',
  'swap_deposit_received',
  'swap_asset_delivery_initiated',
  'swap_transaction_completed',
  'swap_transaction_failed',
  'swap_quote_expired',
  'swap_quote_invalid',
  'swap_refund_asset_delivery_initiated',
  'swap_refund_completed',
] as const
/** One of the swap events. */
export type SwapEventType = (typeof SWAP_EVENT_TYPES)[number]

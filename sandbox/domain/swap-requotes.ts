import type { RejectRequoteRequest, SwapQuote } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { curatedSwapPair } from './swap-pairs.ts'
import { priceSwap, readSwapQuote } from './swap-quote.ts'
import { failSwap } from './swap-lifecycle.ts'
import { checkSwapWallet } from './swap-wallets.ts'
import { customerSwap, swapCrypto } from './swaps.ts'

function requoting(swapStatus: string, swapId: string): SandboxError {
  return new SandboxError('conflict', `swap ${swapId} is ${swapStatus}: only a swap in reQuoteRequired has a requote`)
}

/**
 * A new quote for what a swap in `reQuoteRequired` actually received (its deposit amount), at the tenant's clock,
 * signed for the customer and the swap: executing it (`POST /v4/swap/execute_quote` with the swap's
 * `externalTransactionId`) accepts it; `POST /v4/swap/reject_requote` refuses it. 404 for another customer's swap,
 * 409 for a swap in another status.
 *
 * @example
 * requoteSwap(tenant, store, 'cus_…', 'swp_…').baseCurrencyAmount // the deposited amount
 */
export function requoteSwap(tenant: Tenant, store: TenantStore, customerId: string, swapId: string): SwapQuote {
  const swap = customerSwap(store, customerId, swapId)
  if (swap.status !== 'reQuoteRequired') throw requoting(swap.status, swap.id)
  const pair = curatedSwapPair(tenant, swap.quote.pair)
  if (!pair)
    throw new SandboxError(
      'internal_error',
      `swap ${swap.id} names pair ${swap.quote.pair}, which the catalog does not have`,
    )
  return priceSwap(tenant, store, pair, Number(swap.depositAmount), { customer: customerId, swap: swap.id })
}

/**
 * Refuses a swap's requote: the swap fails with `depositAmountIncorrect` and its deposit goes back to the refund
 * wallet given, as every refund does (`failSwap`: a refund hash, the refund events). The signature must be a requote of a swap of this customer, unexpired, and the
 * `externalTransactionId` the swap's; 409 once the swap has left `reQuoteRequired`.
 *
 * @example
 * await rejectRequote(tenant, store, 'cus_…', { signature, externalTransactionId: 'ext-1', walletAddresses: { refundWalletAddress } })
 */
export async function rejectRequote(
  tenant: Tenant,
  store: TenantStore,
  customerId: string,
  request: RejectRequoteRequest,
): Promise<{ success: true }> {
  const claims = readSwapQuote(tenant, request.signature)
  if (claims.swap === null)
    throw SandboxError.invalidField(
      'signature',
      'signature is a swap quote, not a requote: GET /v4/swap/transaction/{id}/requote answers one (invalidQuote)',
    )
  if (claims.customer !== customerId)
    throw SandboxError.invalidField('signature', 'signature was made for another customer (invalidQuote)')
  const swap = customerSwap(store, customerId, claims.swap)
  if (swap.externalTransactionId !== request.externalTransactionId) {
    throw SandboxError.invalidField(
      'externalTransactionId',
      `externalTransactionId must be the requoted swap's (${swap.externalTransactionId})`,
    )
  }
  if (swap.status !== 'reQuoteRequired') throw requoting(swap.status, swap.id)
  const base = swapCrypto(tenant, swap.quote.base)
  const { refundWalletAddress, refundWalletAddressTag } = request.walletAddresses
  const refundWallet = checkSwapWallet(
    base,
    refundWalletAddress,
    refundWalletAddressTag,
    tenant.mode,
    'walletAddresses.refundWalletAddress',
    'walletAddresses.refundWalletAddressTag',
  )
  await failSwap(tenant, store, swap, 'depositAmountIncorrect', { refundWallet })
  return { success: true }
}

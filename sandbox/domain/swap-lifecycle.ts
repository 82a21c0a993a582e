import type { SwapDepositRequest, SwapFailureReason, SwapRecord, SwapStep, SwapTransaction } from '#contract/index.ts'
import { fromMinor, roundTo } from '#contract/rounding.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { isoTime } from './iso-time.ts'
import { curatedSwapPair } from './swap-pairs.ts'
import { SWAP_DEPOSIT_TOLERANCE, SWAP_TIMINGS_MS } from './swap-timings.ts'
import { depositWalletFor, madeUpHash } from './swap-wallets.ts'
import { emitSwapWebhook, swapCrypto } from './swaps.ts'

/** Changes a swap, stamps `updatedAt` and journals its new status. */
async function change(
  tenant: Tenant,
  store: TenantStore,
  swap: SwapRecord,
  fields: Partial<SwapRecord>,
): Promise<SwapRecord> {
  const updated = (await store.swaps.update(swap.id, (draft) =>
    Object.assign(draft, fields, { updatedAt: isoTime(tenant.clock.now()) }),
  ))!
  tenant.record('swap:status', { swapId: swap.id, status: updated.status, failureReason: updated.failureReason })
  return updated
}

/**
 * Fails a swap (`swap_transaction_failed`); once a deposit arrived, it goes back to the refund wallet: the refund is
 * sent at once (a refund hash, `swap_refund_asset_delivery_initiated`) and arrives 30 s later on the clock
 * (`swap_refund_completed`). `fields` are changed with it (the refund wallet a rejected requote names).
 *
 * @example
 * await failSwap(tenant, store, swap, 'depositAmountIncorrect', { refundWallet })
 */
export async function failSwap(
  tenant: Tenant,
  store: TenantStore,
  swap: SwapRecord,
  failureReason: SwapFailureReason,
  fields: Partial<SwapRecord> = {},
): Promise<SwapRecord> {
  const refunded = swap.depositAmount !== null
  const refundHash = refunded ? madeUpHash(tenant, swapCrypto(tenant, swap.quote.base), swap.id, 'refund') : null
  const failed = await change(tenant, store, swap, { ...fields, status: 'failed', failureReason, refundHash })
  await emitSwapWebhook(tenant, store, 'swap_transaction_failed', failed)
  if (!refunded) return failed
  await emitSwapWebhook(tenant, store, 'swap_refund_asset_delivery_initiated', failed)
  tenant.scheduleJob(store, {
    kind: 'swap:step',
    at: tenant.clock.now() + SWAP_TIMINGS_MS.refund,
    swapId: swap.id,
    step: 'refunded',
  })
  return failed
}

/**
 * Simulates the customer's deposit to a swap waiting for it (the control call `POST /__sandbox/swaps/{id}/deposit`):
 * the amount, rounded to the base currency's precision, and its hash (default: made up). The swap is screened
 * (`screeningWalletAddress`, `swap_deposit_received`), and 10 s later on the clock goes on as {@link runSwapStep} says.
 * 404 for an unknown swap, 409 for one not waiting for a deposit.
 *
 * @example
 * await depositToSwap(tenant, 'swp_…', { amount: 0.5 }) // status screeningWalletAddress
 */
export async function depositToSwap(
  tenant: Tenant,
  swapId: string,
  request: SwapDepositRequest,
): Promise<SwapTransaction> {
  const store = await tenant.store()
  const swap = store.swaps.get(swapId)
  if (!swap) throw new SandboxError('not_found', `swap ${swapId} is not a swap of this account`)
  if (swap.status !== 'waitingForDeposit') {
    const hint =
      swap.status === 'waitingForDepositAddressGeneration'
        ? `: its deposit address is made ${SWAP_TIMINGS_MS.address / 1000} s after execution (POST /__sandbox/clock/advance)`
        : ''
    throw new SandboxError('conflict', `swap ${swapId} is ${swap.status}, not waitingForDeposit${hint}`)
  }
  const base = swapCrypto(tenant, swap.quote.base)
  const amount = roundTo(request.amount, base.precision)
  if (amount <= 0)
    throw SandboxError.invalidField(
      'amount',
      `amount rounds to 0 at ${base.code}'s precision (${base.precision} decimal places)`,
    )
  const updated = await change(tenant, store, swap, {
    status: 'screeningWalletAddress',
    depositAmount: String(amount),
    depositHash: request.hash ?? madeUpHash(tenant, base, swap.id, 'deposit'),
  })
  tenant.scheduleJob(store, {
    kind: 'swap:step',
    at: tenant.clock.now() + SWAP_TIMINGS_MS.screening,
    swapId,
    step: 'screened',
  })
  return emitSwapWebhook(tenant, store, 'swap_deposit_received', updated)
}

/** Whether a deposit is the quoted amount, within the tolerance (1 %, at least one minor unit). */
function asQuoted(deposit: number, quoted: number, precision: number): boolean {
  return Math.abs(deposit - quoted) <= Math.max(quoted * SWAP_DEPOSIT_TOLERANCE, fromMinor(1, precision)) + 1e-12
}

/**
 * A swap's step on the tenant clock (a `swap:step` job), each with its event (decision 0088); a swap no longer where the
 * step expects it is left alone:
 * - `addressGenerated`: `waitingForDeposit` with its deposit wallet, `swap_deposit_wallet_created` (trigger 61.13:
 *   failed `walletGenerationFailed`);
 * - `depositWindowClosed`: still `waitingForDeposit`, it fails with `noDepositWithinTimeframe`;
 * - `screened`: triggers 62.13 (failed `customerLimitsExceeded`), 63.13 (`frozen`, no event: the reference has none)
 *   and 65.13 (`reQuoteRequired`, `swap_quote_expired`); a deposit outside the pair's limits fails with
 *   `depositAmountOutsideLimits`, one off the quote needs a requote (`reQuoteRequired`, `swap_quote_invalid`); else
 *   `executingSwap`, `swap_asset_delivery_initiated`;
 * - `swapped`: `completed` with the destination hash, `swap_transaction_completed` (trigger 64.13: failed
 *   `assetSwapFailed`);
 * - `refunded`: a failed swap's refund arrives, `swap_refund_completed`.
 *
 * @example
 * await runSwapStep(tenant, store, 'swp_…', 'screened')
 */
export async function runSwapStep(tenant: Tenant, store: TenantStore, swapId: string, step: SwapStep): Promise<void> {
  const swap = store.swaps.get(swapId)
  if (!swap) return
  const now = tenant.clock.now()
  switch (step) {
    case 'addressGenerated': {
      if (swap.status !== 'waitingForDepositAddressGeneration') return
      if (swap.trigger === 'walletGenerationFailed')
        return void (await failSwap(tenant, store, swap, 'walletGenerationFailed'))
      const waiting = await change(tenant, store, swap, {
        status: 'waitingForDeposit',
        depositWallet: depositWalletFor(tenant, swapCrypto(tenant, swap.quote.base), swap.id),
      })
      tenant.scheduleJob(store, {
        kind: 'swap:step',
        at: now + SWAP_TIMINGS_MS.depositWindow,
        swapId,
        step: 'depositWindowClosed',
      })
      return void (await emitSwapWebhook(tenant, store, 'swap_deposit_wallet_created', waiting))
    }
    case 'depositWindowClosed':
      if (swap.status === 'waitingForDeposit') await failSwap(tenant, store, swap, 'noDepositWithinTimeframe')
      return
    case 'screened':
      return screen(tenant, store, swap)
    case 'swapped': {
      if (swap.status !== 'executingSwap') return
      if (swap.trigger === 'assetSwapFailed') return void (await failSwap(tenant, store, swap, 'assetSwapFailed'))
      const completed = await change(tenant, store, swap, {
        status: 'completed',
        destinationHash: madeUpHash(tenant, swapCrypto(tenant, swap.quote.quote), swap.id, 'destination'),
      })
      return void (await emitSwapWebhook(tenant, store, 'swap_transaction_completed', completed))
    }
    case 'refunded': {
      if (swap.status !== 'failed' || swap.refundHash === null || swap.refundCompletedAt !== null) return
      const refunded = await change(tenant, store, swap, { refundCompletedAt: isoTime(now) })
      return void (await emitSwapWebhook(tenant, store, 'swap_refund_completed', refunded))
    }
  }
}

/** The `screened` step of {@link runSwapStep}: what screening the deposit decides. */
async function screen(tenant: Tenant, store: TenantStore, swap: SwapRecord): Promise<void> {
  if (swap.status !== 'screeningWalletAddress') return
  if (swap.trigger === 'customerLimitsExceeded')
    return void (await failSwap(tenant, store, swap, 'customerLimitsExceeded'))
  if (swap.trigger === 'frozen') return void (await change(tenant, store, swap, { status: 'frozen' }))
  const deposit = Number(swap.depositAmount)
  const pair = curatedSwapPair(tenant, swap.quote.pair)
  if (pair && (deposit < pair.pair.minSwapAmount || deposit > pair.pair.maxSwapAmount))
    return void (await failSwap(tenant, store, swap, 'depositAmountOutsideLimits'))
  if (swap.trigger === 'quoteExpired')
    return void (await emitSwapWebhook(
      tenant,
      store,
      'swap_quote_expired',
      await change(tenant, store, swap, { status: 'reQuoteRequired' }),
    ))
  if (!asQuoted(deposit, Number(swap.quote.amounts.base), swapCrypto(tenant, swap.quote.base).precision)) {
    return void (await emitSwapWebhook(
      tenant,
      store,
      'swap_quote_invalid',
      await change(tenant, store, swap, { status: 'reQuoteRequired' }),
    ))
  }
  const executing = await change(tenant, store, swap, { status: 'executingSwap' })
  tenant.scheduleJob(store, {
    kind: 'swap:step',
    at: tenant.clock.now() + SWAP_TIMINGS_MS.swap,
    swapId: swap.id,
    step: 'swapped',
  })
  await emitSwapWebhook(tenant, store, 'swap_asset_delivery_initiated', executing)
}

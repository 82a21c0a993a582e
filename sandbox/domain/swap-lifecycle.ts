import type { SwapDepositRequest, SwapFailureReason, SwapRecord, SwapStep, SwapTransaction } from '../contract/index.ts'
import { fromMinor, roundTo } from '../contract/rounding.ts'
import { SandboxError } from '../kernel/sandbox-error.ts'
import type { Tenant } from '../kernel/tenant.ts'
import type { TenantStore } from '../kernel/store/tenant-store.ts'
import { isoTime } from './iso-time.ts'
import { curatedSwapPair } from './swap-pairs.ts'
import { SWAP_DEPOSIT_TOLERANCE, SWAP_TIMINGS_MS } from './swap-timings.ts'
import { depositWalletFor, madeUpHash } from './swap-wallets.ts'
import { swapCrypto, swapView } from './swaps.ts'
import { emitWebhook } from './webhook-deliveries.ts'

/** Changes a swap, stamps `updatedAt` and journals its new status. */
async function change(tenant: Tenant, store: TenantStore, swap: SwapRecord, fields: Partial<SwapRecord>): Promise<SwapRecord> {
  const updated = (await store.swaps.update(swap.id, (draft) => Object.assign(draft, fields, { updatedAt: isoTime(tenant.clock.now()) })))!
  tenant.record('swap:status', { swapId: swap.id, status: updated.status, failureReason: updated.failureReason })
  return updated
}

/** Fails a swap (`swap_transaction_failed` to the endpoints that want it); once a deposit arrived, it goes back to the refund wallet (a refund hash). */
async function fail(tenant: Tenant, store: TenantStore, swap: SwapRecord, failureReason: SwapFailureReason): Promise<SwapRecord> {
  const refundHash = swap.depositAmount === null ? null : madeUpHash(tenant, swapCrypto(tenant, swap.quote.base), swap.id, 'refund')
  const failed = await change(tenant, store, swap, { status: 'failed', failureReason, refundHash })
  await emitWebhook(tenant, store, 'swap_transaction_failed', swapView(tenant, failed))
  return failed
}

/**
 * Simulates the customer's deposit to a swap waiting for it (the control call `POST /__sandbox/swaps/{id}/deposit`):
 * the amount, rounded to the base currency's precision, and its hash (default: made up). The swap is screened
 * (`screeningWalletAddress`), and 10 s later on the clock goes on as {@link runSwapStep} says. 404 for an unknown swap,
 * 409 for one not waiting for a deposit.
 *
 * @example
 * await depositToSwap(tenant, 'swp_…', { amount: 0.5 }) // status screeningWalletAddress
 */
export async function depositToSwap(tenant: Tenant, swapId: string, request: SwapDepositRequest): Promise<SwapTransaction> {
  const store = await tenant.store()
  const swap = store.swaps.get(swapId)
  if (!swap) throw new SandboxError('not_found', `swap ${swapId} is not a swap of this account`)
  if (swap.status !== 'waitingForDeposit') {
    const hint = swap.status === 'waitingForDepositAddressGeneration' ? `: its deposit address is made ${SWAP_TIMINGS_MS.address / 1000} s after execution (POST /__sandbox/clock/advance)` : ''
    throw new SandboxError('conflict', `swap ${swapId} is ${swap.status}, not waitingForDeposit${hint}`)
  }
  const base = swapCrypto(tenant, swap.quote.base)
  const amount = roundTo(request.amount, base.precision)
  if (amount <= 0) throw SandboxError.invalidField('amount', `amount rounds to 0 at ${base.code}'s precision (${base.precision} decimal places)`)
  const updated = await change(tenant, store, swap, { status: 'screeningWalletAddress', depositAmount: String(amount), depositHash: request.hash ?? madeUpHash(tenant, base, swap.id, 'deposit') })
  tenant.scheduleJob(store, { kind: 'swap:step', at: tenant.clock.now() + SWAP_TIMINGS_MS.screening, swapId, step: 'screened' })
  return swapView(tenant, updated)
}

/** Whether a deposit is the quoted amount, within the tolerance (1 %, at least one minor unit). */
function asQuoted(deposit: number, quoted: number, precision: number): boolean {
  return Math.abs(deposit - quoted) <= Math.max(quoted * SWAP_DEPOSIT_TOLERANCE, fromMinor(1, precision)) + 1e-12
}

/**
 * A swap's step on the tenant clock (a `swap:step` job); a swap no longer where the step expects it is left alone:
 * - `addressGenerated`: `waitingForDeposit` with its deposit wallet (trigger 61.13: failed `walletGenerationFailed`);
 * - `depositWindowClosed`: still `waitingForDeposit`, it fails with `noDepositWithinTimeframe`;
 * - `screened`: triggers 62.13 (failed `customerLimitsExceeded`) and 63.13 (`frozen`); a deposit outside the pair's
 *   limits fails with `depositAmountOutsideLimits`, one off the quote needs a requote (`reQuoteRequired`); else
 *   `executingSwap`;
 * - `swapped`: `completed` with the destination hash (trigger 64.13: failed `assetSwapFailed`).
 *
 * @example
 * await runSwapStep(tenant, store, 'swp_…', 'screened')
 */
export async function runSwapStep(tenant: Tenant, store: TenantStore, swapId: string, step: SwapStep): Promise<void> {
  const swap = store.swaps.get(swapId)
  if (!swap) return
  const now = tenant.clock.now()
  switch (step) {
    case 'addressGenerated':
      if (swap.status !== 'waitingForDepositAddressGeneration') return
      if (swap.trigger === 'walletGenerationFailed') return void (await fail(tenant, store, swap, 'walletGenerationFailed'))
      await change(tenant, store, swap, { status: 'waitingForDeposit', depositWallet: depositWalletFor(tenant, swapCrypto(tenant, swap.quote.base), swap.id) })
      return tenant.scheduleJob(store, { kind: 'swap:step', at: now + SWAP_TIMINGS_MS.depositWindow, swapId, step: 'depositWindowClosed' })
    case 'depositWindowClosed':
      if (swap.status === 'waitingForDeposit') await fail(tenant, store, swap, 'noDepositWithinTimeframe')
      return
    case 'screened': {
      if (swap.status !== 'screeningWalletAddress') return
      if (swap.trigger === 'customerLimitsExceeded') return void (await fail(tenant, store, swap, 'customerLimitsExceeded'))
      if (swap.trigger === 'frozen') return void (await change(tenant, store, swap, { status: 'frozen' }))
      const deposit = Number(swap.depositAmount)
      const pair = curatedSwapPair(tenant, swap.quote.pair)
      if (pair && (deposit < pair.pair.minSwapAmount || deposit > pair.pair.maxSwapAmount)) return void (await fail(tenant, store, swap, 'depositAmountOutsideLimits'))
      if (!asQuoted(deposit, Number(swap.quote.amounts.base), swapCrypto(tenant, swap.quote.base).precision)) return void (await change(tenant, store, swap, { status: 'reQuoteRequired' }))
      await change(tenant, store, swap, { status: 'executingSwap' })
      return tenant.scheduleJob(store, { kind: 'swap:step', at: now + SWAP_TIMINGS_MS.swap, swapId, step: 'swapped' })
    }
    case 'swapped':
      if (swap.status !== 'executingSwap') return
      if (swap.trigger === 'assetSwapFailed') return void (await fail(tenant, store, swap, 'assetSwapFailed'))
      await change(tenant, store, swap, { status: 'completed', destinationHash: madeUpHash(tenant, swapCrypto(tenant, swap.quote.quote), swap.id, 'destination') })
  }
}

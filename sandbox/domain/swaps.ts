import type { CryptoCurrency, ExecuteSwapRequest, SwapExecution, SwapRecord, SwapTransaction } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { isoTime } from './iso-time.ts'
import { newId } from './new-id.ts'
import { SWAP_TIMINGS_MS } from './swap-timings.ts'
import { readSwapQuote } from './swap-quote.ts'
import { swapTriggerFor } from './swap-triggers.ts'
import { checkSwapWallet } from './swap-wallets.ts'
import type { SwapEventType } from './swap-webhooks.ts'
import { emitWebhook } from './webhook-deliveries.ts'

const W = 'walletAddresses'
const invalidQuote = (why: string) => SandboxError.invalidField('signature', `signature ${why} (invalidQuote)`)

/** A crypto of a signed quote (it was in the catalog when signed, and the catalog does not change). */
export function swapCrypto(tenant: Tenant, code: string): CryptoCurrency {
  const crypto = tenant.catalog.crypto(code)
  if (!crypto) throw new SandboxError('internal_error', `the catalog has no crypto ${code}`)
  return crypto
}

/**
 * The swap `id` of a customer; 404 when there is none or it is another customer's (the same answer: another
 * customer's swaps are not said to exist).
 *
 * @example
 * customerSwap(store, 'cus_…', 'swp_…').status
 */
export function customerSwap(store: TenantStore, customerId: string, id: string): SwapRecord {
  const swap = store.swaps.get(id)
  if (!swap || swap.customerId !== customerId)
    throw new SandboxError('not_found', `transaction ${id} is not a swap of this customer`)
  return swap
}

/**
 * Executes a signed swap quote for the customer of the access token (decisions 0068, 0088). A new quote makes a swap,
 * `waitingForDepositAddressGeneration` (`swap_transaction_created`), given its deposit address 5 s later on the tenant
 * clock. A requote (of a swap in `reQuoteRequired`, with the swap's `externalTransactionId`) is accepted: the swap goes
 * on to `executingSwap` at the requote's amounts (`swap_asset_delivery_initiated`). A quote made for another customer, already executed, altered or expired is a 400 naming
 * `signature` (invalidQuote); wallets that break their currency's rules are 400s naming them.
 *
 * @example
 * await executeSwap(tenant, store, 'cus_…', { signature, externalTransactionId: 'ext-1', walletAddresses })
 */
export async function executeSwap(
  tenant: Tenant,
  store: TenantStore,
  customerId: string,
  request: ExecuteSwapRequest,
): Promise<SwapExecution> {
  const claims = readSwapQuote(tenant, request.signature)
  if (claims.customer !== null && claims.customer !== customerId) throw invalidQuote('was made for another customer')
  if (store.swaps.oldestWhere('byQuote', claims.id) || store.swaps.oldestWhere('byRequote', claims.id))
    throw invalidQuote(`names quote ${claims.id}, which was already executed`)
  const base = swapCrypto(tenant, claims.base)
  const quote = swapCrypto(tenant, claims.quote)
  const { walletAddresses: wallets } = request
  const destinationWallet = checkSwapWallet(
    quote,
    wallets.destinationWalletAddress,
    wallets.destinationWalletAddressTag,
    tenant.mode,
    `${W}.destinationWalletAddress`,
    `${W}.destinationWalletAddressTag`,
  )
  const refundWallet = checkSwapWallet(
    base,
    wallets.refundWalletAddress,
    wallets.refundWalletAddressTag,
    tenant.mode,
    `${W}.refundWalletAddress`,
    `${W}.refundWalletAddressTag`,
  )
  const now = tenant.clock.now()
  let swap: SwapRecord
  if (claims.swap !== null) {
    const requoted = customerSwap(store, customerId, claims.swap)
    if (requoted.externalTransactionId !== request.externalTransactionId) {
      throw SandboxError.invalidField(
        'externalTransactionId',
        `externalTransactionId must be the requoted swap's (${requoted.externalTransactionId})`,
      )
    }
    if (requoted.status !== 'reQuoteRequired')
      throw new SandboxError(
        'conflict',
        `swap ${requoted.id} is ${requoted.status}: only a swap in reQuoteRequired takes a requote`,
      )
    swap = (await store.swaps.update(requoted.id, (draft) => {
      Object.assign(draft, {
        quote: claims,
        requoteId: claims.id,
        status: 'executingSwap',
        destinationWallet,
        refundWallet,
        updatedAt: isoTime(now),
      })
    }))!
    tenant.scheduleJob(store, { kind: 'swap:step', at: now + SWAP_TIMINGS_MS.swap, swapId: swap.id, step: 'swapped' })
    tenant.record('swap:requote-accepted', { swapId: swap.id, quoteId: claims.id })
    await emitSwapWebhook(tenant, store, 'swap_asset_delivery_initiated', swap)
  } else {
    swap = await store.swaps.create({
      id: newId(tenant, store, 'swp'),
      createdAt: isoTime(now),
      updatedAt: isoTime(now),
      customerId,
      externalTransactionId: request.externalTransactionId,
      quote: claims,
      quoteId: claims.id,
      requoteId: null,
      status: 'waitingForDepositAddressGeneration',
      failureReason: null,
      depositWallet: null,
      destinationWallet,
      refundWallet,
      depositAmount: null,
      depositHash: null,
      destinationHash: null,
      refundHash: null,
      refundCompletedAt: null,
      trigger: swapTriggerFor(tenant.mode, claims.amounts.base)?.outcome ?? null,
      liveMode: tenant.mode === 'live',
    })
    tenant.scheduleJob(store, {
      kind: 'swap:step',
      at: now + SWAP_TIMINGS_MS.address,
      swapId: swap.id,
      step: 'addressGenerated',
    })
    tenant.record('swap:created', { swapId: swap.id, customerId, quoteId: claims.id })
    await emitSwapWebhook(tenant, store, 'swap_transaction_created', swap)
  }
  return {
    transactionId: swap.id,
    status: swap.status,
    baseCurrency: base,
    quoteCurrency: quote,
    baseCurrencyAmount: claims.amounts.base,
    quoteCurrencyAmount: claims.amounts.quote,
    feeAmount: claims.amounts.fee,
    extraFeeAmount: claims.amounts.extraFee,
    networkFeeAmount: claims.amounts.networkFee,
  }
}

/**
 * A swap as `GET /v4/swap/transaction/{id}` answers it: built field by field from the record, its currencies' objects
 * from the catalog (the same `swapCrypto` the execute answer takes them from).
 *
 * @example
 * swapView(tenant, record).depositWallet // { address: '0x…', tag: null } once the address is made
 */
export function swapView(tenant: Tenant, swap: SwapRecord): SwapTransaction {
  const { quote } = swap
  return {
    id: swap.id,
    createdAt: swap.createdAt,
    updatedAt: swap.updatedAt,
    status: swap.status,
    failureReason: swap.failureReason,
    pairName: quote.pair,
    baseCurrencyCode: quote.base,
    quoteCurrencyCode: quote.quote,
    baseCurrencyAmount: quote.amounts.base,
    quoteCurrencyAmount: quote.amounts.quote,
    feeAmount: quote.amounts.fee,
    extraFeeAmount: quote.amounts.extraFee,
    networkFeeAmount: quote.amounts.networkFee,
    baseCurrency: swapCrypto(tenant, quote.base),
    quoteCurrency: swapCrypto(tenant, quote.quote),
    exchangeRate: quote.rate,
    depositAmount: swap.depositAmount,
    depositWallet: swap.depositWallet && { ...swap.depositWallet },
    destinationWallet: { ...swap.destinationWallet },
    refundWallet: { ...swap.refundWallet },
    depositHash: swap.depositHash,
    transactionHash: swap.destinationHash,
    refundHash: swap.refundHash,
    customerId: swap.customerId,
    externalTransactionId: swap.externalTransactionId,
    liveMode: swap.liveMode,
  }
}

/**
 * Emits a swap event carrying the swap as `GET /v4/swap/transaction/{id}` shows it now (the same builder), and
 * answers that view.
 *
 * @example
 * await emitSwapWebhook(tenant, store, 'swap_deposit_received', record) // the view, delivered to the endpoints that want it
 */
export async function emitSwapWebhook(
  tenant: Tenant,
  store: TenantStore,
  type: SwapEventType,
  swap: SwapRecord,
): Promise<SwapTransaction> {
  const view = swapView(tenant, swap)
  await emitWebhook(tenant, store, type, view)
  return view
}

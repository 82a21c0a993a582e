import type {
  CreateSellTransactionRequest,
  CryptoCurrency,
  SellDepositRequest,
  SellTransaction,
} from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { defaultRefundAddress, sandboxDepositHash } from './sell-addresses.ts'
import { recordDeposit } from './sell-deposit.ts'
import { settleSellTransaction } from './sell-lifecycle.ts'
import { startSellTransaction } from './sell-transactions.ts'
import { sellTransactionView } from './sell-view.ts'

/** The customer a control-API sell is for when none is named: the seeded active US customer. */
const DEFAULT_SELL_CUSTOMER_EMAIL = 'active.us-ny@sandbox.test'

/**
 * `POST /__sandbox/sell_transactions`: starts a sell as `startSellTransaction` does, for `customerId` or the seeded
 * `active.us-ny` customer, with the sandbox's refund address for the customer when none is named.
 *
 * @example
 * await createSellFromControl(tenant, { baseCurrencyCode: 'eth', quoteCurrencyCode: 'usd', baseCurrencyAmount: 0.5 })
 */
export async function createSellFromControl(
  tenant: Tenant,
  request: CreateSellTransactionRequest,
): Promise<SellTransaction> {
  const store = await tenant.store()
  const customerId = request.customerId ?? store.customerByEmail(DEFAULT_SELL_CUSTOMER_EMAIL)?.id
  if (customerId === undefined)
    throw SandboxError.invalidField(
      'customerId',
      `customerId is required: this account has no ${DEFAULT_SELL_CUSTOMER_EMAIL} customer`,
    )
  const crypto = tenant.catalog.currency(request.baseCurrencyCode)
  const refundWalletAddress =
    request.refundWalletAddress ??
    (crypto?.type === 'crypto' ? defaultRefundAddress(tenant, crypto as CryptoCurrency, customerId) : 'none')
  return startSellTransaction(tenant, store, { ...request, customerId, refundWalletAddress })
}

/**
 * `POST /__sandbox/sell_transactions/{id}/deposit`: the customer's deposit arrives (`recordDeposit`), its hash a
 * seeded fake one unless given.
 *
 * @example
 * await depositFromControl(tenant, 'sell_…', { amount: 0.5 }) // pending, depositHash '0x…'
 */
export async function depositFromControl(
  tenant: Tenant,
  id: string,
  request: SellDepositRequest,
): Promise<SellTransaction> {
  const store = await tenant.store()
  return recordDeposit(tenant, store, id, {
    amount: request.amount,
    hash: request.hash ?? sandboxDepositHash(tenant, id),
  })
}

/**
 * `POST /__sandbox/sell_transactions/{id}/complete`: a pending sell passes its remaining stages now, each with its
 * webhook, and completes; a sell in `requoteRequired` does so at its new amount (the customer accepted the requote,
 * decision 0088). 404 unknown; 409 when waiting for its deposit or settled.
 *
 * @example
 * await completeSellNow(tenant, 'sell_…') // completed, every stage success
 */
export async function completeSellNow(tenant: Tenant, id: string): Promise<SellTransaction> {
  const store = await tenant.store()
  const current = store.sellTransactions.get(id)
  if (!current) throw new SandboxError('not_found', `sell transaction ${id} does not exist in this account`)
  if (current.status !== 'pending' && current.status !== 'requoteRequired') {
    throw new SandboxError(
      'conflict',
      `sell transaction ${id} is ${current.status}: only a pending sell (its deposit recorded) or one in requoteRequired can be completed`,
    )
  }
  if (current.status === 'requoteRequired') {
    await store.sellTransactions.update(id, (draft) => {
      draft.status = 'pending'
    })
    tenant.record('sell:requote-accepted', { sellTransactionId: id, quoteCurrencyAmount: current.quoteCurrencyAmount })
  }
  return sellTransactionView(tenant, (await settleSellTransaction(tenant, store, id, { status: 'completed' }))!)
}

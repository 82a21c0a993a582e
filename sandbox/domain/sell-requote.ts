import type { RequoteSellTransactionRequest, SellRequote, SellTransaction } from '#contract/index.ts'
import { roundTo } from '#contract/rounding.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { sellTransactionView } from './sell-view.ts'
import { emitWebhook } from './webhook-deliveries.ts'

/** How far the default requote moves the payout against the customer (decision 0088): 1 %. */
const DEFAULT_SELL_REQUOTE_DROP = 0.01

/**
 * The reduced sell `sell_transaction_requote_required` carries, taken from the sell as `GET /v3/sell_transactions/{id}`
 * shows it (one source): its currencies as codes, its deposit address as `walletAddress`.
 *
 * @example
 * sellRequoteOf(view) // { id: 'sell_…', status: 'requoteRequired', baseCurrency: 'eth', quoteCurrency: 'usd', … }
 */
export function sellRequoteOf(sell: SellTransaction & { status: 'requoteRequired' }): SellRequote
/** Any sell reduced so (what a trigger overrides): its status as it is, which the schema refuses unless `requoteRequired`. */
export function sellRequoteOf(
  sell: SellTransaction,
): Omit<SellRequote, 'status'> & { status: SellTransaction['status'] }
export function sellRequoteOf(
  sell: SellTransaction,
): Omit<SellRequote, 'status'> & { status: SellTransaction['status'] } {
  return {
    id: sell.id,
    status: sell.status,
    createdAt: sell.createdAt,
    updatedAt: sell.updatedAt,
    baseCurrencyAmount: sell.baseCurrencyAmount,
    quoteCurrencyAmount: sell.quoteCurrencyAmount,
    baseCurrency: sell.baseCurrency.code,
    quoteCurrency: sell.quoteCurrency.code,
    externalCustomerId: sell.externalCustomerId,
    walletAddress: sell.depositWalletAddress,
    externalTransactionId: sell.externalTransactionId,
  }
}

/**
 * `POST /__sandbox/sell_transactions/{id}/requote`: a pending sell's price moved, so it needs the customer's new
 * quote: `requoteRequired` at `quoteCurrencyAmount` (default 1 % less, in the fiat's precision), with
 * `sell_transaction_requote_required`. Accepting is `POST …/complete`; refusing, `POST …/fail`. 404 unknown; 409 unless
 * pending; 400 naming `quoteCurrencyAmount` when it rounds to 0.
 *
 * @example
 * await requoteSell(tenant, 'sell_…', { quoteCurrencyAmount: 950 }) // status requoteRequired
 */
export async function requoteSell(
  tenant: Tenant,
  id: string,
  request: RequoteSellTransactionRequest,
): Promise<SellTransaction> {
  const store = await tenant.store()
  const current = store.sellTransactions.get(id)
  if (!current) throw new SandboxError('not_found', `sell transaction ${id} does not exist in this account`)
  if (current.status !== 'pending')
    throw new SandboxError(
      'conflict',
      `sell transaction ${id} is ${current.status}: only a pending sell (its deposit recorded) can need a requote`,
    )
  const precision = tenant.catalog.currency(current.quoteCurrencyCode)?.precision ?? 2
  const amount = roundTo(
    request.quoteCurrencyAmount ?? current.quoteCurrencyAmount * (1 - DEFAULT_SELL_REQUOTE_DROP),
    precision,
  )
  if (amount <= 0)
    throw SandboxError.invalidField(
      'quoteCurrencyAmount',
      `quoteCurrencyAmount rounds to 0 at ${current.quoteCurrencyCode}'s precision (${precision} decimal places)`,
    )
  const updated = (await store.sellTransactions.update(id, (draft) => {
    draft.status = 'requoteRequired'
    draft.quoteCurrencyAmount = amount
    draft.updatedAt = tenant.clock.iso()
  }))!
  tenant.record('sell:requoted', {
    sellTransactionId: id,
    quoteCurrencyAmount: amount,
    was: current.quoteCurrencyAmount,
  })
  const view = sellTransactionView(tenant, updated)
  await emitWebhook(
    tenant,
    store,
    'sell_transaction_requote_required',
    sellRequoteOf({ ...view, status: 'requoteRequired' }),
  )
  return view
}

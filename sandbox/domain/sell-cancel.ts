import type { SellTransaction } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { failSellNow } from './sell-lifecycle.ts'

/**
 * Cancels a sell still waiting for its deposit (`DELETE /v3/sell_transactions/{id}`): `failed`, failureReason
 * `cancelled` at ordering, with `sell_transaction_failed`. 404 unknown; 409 once a deposit arrived or it settled.
 *
 * @example
 * await cancelSellTransaction(tenant, store, 'sell_…') // status failed, failureReason cancelled
 */
export async function cancelSellTransaction(tenant: Tenant, store: TenantStore, id: string): Promise<SellTransaction> {
  const current = store.sellTransactions.get(id)
  if (!current) throw new SandboxError('not_found', `sell transaction ${id} does not exist in this account`)
  if (current.status !== 'waitingForDeposit') {
    throw new SandboxError(
      'conflict',
      `sell transaction ${id} is ${current.status}${current.failureReason ? ` (${current.failureReason})` : ''}: only a sell waiting for its deposit can be cancelled`,
    )
  }
  return failSellNow(tenant, store, id, 'cancelled')
}

/**
 * Cancels every sell with this external transaction id still waiting for its deposit
 * (`DELETE /v3/sell_transactions/ext/{id}`; external ids need not be unique). 404 when none has that id; 409 when none
 * of them can be cancelled any more.
 *
 * @example
 * await cancelSellTransactionsByExternalId(tenant, store, 'order-1') // [the cancelled sells]
 */
export async function cancelSellTransactionsByExternalId(
  tenant: Tenant,
  store: TenantStore,
  externalTransactionId: string,
): Promise<SellTransaction[]> {
  const sells = store.sellTransactions.where('byExternalId', externalTransactionId)
  if (sells.length === 0)
    throw new SandboxError(
      'not_found',
      `no sell transaction of this account has externalTransactionId ${externalTransactionId}`,
    )
  const waiting = sells.filter((sell) => sell.status === 'waitingForDeposit')
  if (waiting.length === 0) {
    throw new SandboxError(
      'conflict',
      `no sell with externalTransactionId ${externalTransactionId} is waiting for its deposit (${sells.map((sell) => sell.status).join(', ')}): none can be cancelled`,
    )
  }
  const cancelled = []
  for (const sell of waiting) cancelled.push(await failSellNow(tenant, store, sell.id, 'cancelled'))
  return cancelled
}

import type { SellTransaction, WidgetTransactionListQuery, SellTransactionRecord } from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { sellTransactionView } from './sell-view.ts'
import { pageOf, withinDays } from './transaction-list-page.ts'

/** The sells an index answers for the most selective filter given: no scan of the collection; undefined when no filter names one. */
function candidates(store: TenantStore, query: WidgetTransactionListQuery): SellTransactionRecord[] | undefined {
  if (query.externalTransactionId !== undefined)
    return store.sellTransactions.where('byExternalId', query.externalTransactionId)
  if (query.externalCustomerId !== undefined)
    return store.sellTransactions.where('byExternalCustomer', query.externalCustomerId)
  if (query.customerId !== undefined) return store.sellTransactions.where('byCustomer', query.customerId)
  return undefined
}

/**
 * A page of the tenant's sells (`GET /v3/sell_transactions`), newest first: those matching every filter given, made
 * from `startDate` (00:00 UTC, inclusive) through `endDate` (the whole day, inclusive); `limit` (default 10) from
 * `offset` (default 0).
 *
 * @example
 * listSellTransactions(tenant, store, { customerId: 'cus_…', limit: 5 }) // up to 5 sells, newest first
 */
export function listSellTransactions(
  tenant: Tenant,
  store: TenantStore,
  query: WidgetTransactionListQuery,
): SellTransaction[] {
  const inDays = withinDays(query)
  const { offset, limit } = pageOf(query)
  const indexed = candidates(store, query)
  if (indexed === undefined) {
    // No filter but the days: every sell, last created first, only as far as the page needs.
    const taken: SellTransactionRecord[] = []
    for (const sell of store.sellTransactions.newestWhere('newest', 'all')) {
      if (inDays(sell.createdAt.slice(0, 10)) && taken.push(sell) >= offset + limit) break
    }
    return taken.slice(offset, offset + limit).map((sell) => sellTransactionView(tenant, sell))
  }
  const matching = indexed.filter((sell) => {
    return (
      inDays(sell.createdAt.slice(0, 10)) &&
      (query.customerId === undefined || sell.customerId === query.customerId) &&
      (query.externalCustomerId === undefined || sell.externalCustomerId === query.externalCustomerId) &&
      (query.externalTransactionId === undefined || sell.externalTransactionId === query.externalTransactionId)
    )
  })
  // Creation order is clock order (a tenant clock never goes back), so newest first is the reverse.
  const end = matching.length - offset
  return matching
    .slice(Math.max(0, end - limit), Math.max(0, end))
    .reverse()
    .map((sell) => sellTransactionView(tenant, sell))
}

/**
 * The tenant's sells with this external transaction id, oldest first (external ids need not be unique): `[]` when none.
 *
 * @example
 * sellTransactionsByExternalId(tenant, store, 'order-1') // [{ id: 'sell_…', externalTransactionId: 'order-1', … }]
 */
export function sellTransactionsByExternalId(
  tenant: Tenant,
  store: TenantStore,
  externalTransactionId: string,
): SellTransaction[] {
  return store.sellTransactions
    .where('byExternalId', externalTransactionId)
    .map((sell) => sellTransactionView(tenant, sell))
}

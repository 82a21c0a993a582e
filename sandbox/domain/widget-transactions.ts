import type { TransactionRecord, WidgetTransaction, WidgetTransactionListQuery } from '#contract/index.ts'
import { base64UrlToBytes } from '#portable/base64url.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { priceIn } from './ask-price.ts'
import { pageOf, withinDays } from './transaction-list-page.ts'
import { toWidgetTransaction } from './widget-transaction.ts'

function cryptoTransactionIdOf(tenant: Tenant, record: TransactionRecord): string | null {
  if (record.stages[2]?.status !== 'success') return null
  const bytes = base64UrlToBytes(tenant.opaqueId(`crypto-transaction:${record.id}`)) ?? new Uint8Array()
  return `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * The widget view of a stored transaction (`toWidgetTransaction`) with what the record does not hold: the
 * currencies, the customer's country, the external customer id, the rates at creation, the on-chain id once sent.
 *
 * @example
 * widgetTransactionOf(tenant, store, store.transactions.get('txn_…')!).status // 'waitingAuthorization'
 */
export function widgetTransactionOf(tenant: Tenant, store: TenantStore, record: TransactionRecord): WidgetTransaction {
  const currency = tenant.catalog.crypto(record.destination.asset.code)!
  const fiat = tenant.catalog.currency(record.source.asset.code)!
  if (fiat.type !== 'fiat')
    throw new SandboxError('conflict', `transaction ${record.id} pays with ${fiat.code}, which is not a fiat currency`)
  const at = Date.parse(record.createdAt)
  return toWidgetTransaction(record, {
    currency,
    baseCurrency: fiat,
    country: store.customers.get(record.customerId)?.country ?? '',
    externalCustomerId: store.externalCustomers.of(record.customerId),
    rates: {
      eur: priceIn(tenant, currency, 'eur', at),
      usd: priceIn(tenant, currency, 'usd', at),
      gbp: priceIn(tenant, currency, 'gbp', at),
    },
    cryptoTransactionId: cryptoTransactionIdOf(tenant, record),
  })
}

/** `GET /v1/transactions/{id}`: any transaction of the account; unknown is 404. */
export function widgetTransaction(tenant: Tenant, store: TenantStore, id: string): WidgetTransaction {
  const record = store.transactions.get(id)
  if (!record) throw new SandboxError('not_found', `transaction ${id} is not a transaction of this account`)
  return widgetTransactionOf(tenant, store, record)
}

function newestFirst(a: TransactionRecord, b: TransactionRecord): number {
  return a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1
}

/** `GET /v1/transactions/ext/{externalTransactionId}`: every transaction of the account with that external id, newest first (none: `[]`). */
export function widgetTransactionsByExternalId(
  tenant: Tenant,
  store: TenantStore,
  externalTransactionId: string,
): WidgetTransaction[] {
  return store.transactions
    .where('byExternalTransactionId', externalTransactionId)
    .sort(newestFirst)
    .map((record) => widgetTransactionOf(tenant, store, record))
}

/** The candidates an index answers for the query's most selective filter; undefined when no filter names one. */
function indexed(
  store: TenantStore,
  query: WidgetTransactionListQuery,
  external: ReadonlySet<string> | undefined,
): TransactionRecord[] | undefined {
  if (query.externalTransactionId !== undefined)
    return store.transactions.where('byExternalTransactionId', query.externalTransactionId)
  if (query.customerId !== undefined) return store.transactions.where('byCustomer', query.customerId)
  if (external !== undefined)
    return [...external].flatMap((customer) => store.transactions.where('byCustomer', customer))
  return undefined
}

/**
 * `GET /v1/transactions`: the account's transactions matching every filter, newest first, `limit` (default 10) from
 * `offset`. Answered from an index: the external transaction id's, the customer's or the external customer's
 * customers'; without one, the account's transactions are walked newest first (an ordered index), only as far as the page needs.
 *
 * @example
 * listWidgetTransactions(tenant, store, { customerId: 'cus_…', limit: 5 }) // up to 5, newest first
 */
export function listWidgetTransactions(
  tenant: Tenant,
  store: TenantStore,
  query: WidgetTransactionListQuery,
): WidgetTransaction[] {
  const { offset, limit } = pageOf(query)
  const external =
    query.externalCustomerId === undefined ? undefined : store.externalCustomers.customersOf(query.externalCustomerId)
  const inRange = withinDays(query)
  const matches = (t: TransactionRecord) =>
    inRange(t.createdAt.slice(0, 10)) &&
    (query.customerId === undefined || t.customerId === query.customerId) &&
    (query.externalTransactionId === undefined || t.externalTransactionId === query.externalTransactionId) &&
    (external === undefined || external.has(t.customerId))
  const candidates = indexed(store, query, external)
  let page: TransactionRecord[]
  if (candidates !== undefined) {
    page = candidates
      .filter(matches)
      .sort(newestFirst)
      .slice(offset, offset + limit)
  } else {
    const taken: TransactionRecord[] = []
    for (const record of store.transactions.newestWhere('newest', 'all')) {
      if (inRange(record.createdAt.slice(0, 10)) && taken.push(record) >= offset + limit) break
    }
    page = taken.slice(offset, offset + limit)
  }
  return page.map((record) => widgetTransactionOf(tenant, store, record))
}

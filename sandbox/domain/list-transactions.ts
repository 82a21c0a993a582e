import type { TransactionListQuery, TransactionRecord } from '../contract/index.ts'
import { base64UrlToText, textToBase64Url } from '../kernel/base64url.ts'
import { SandboxError } from '../kernel/sandbox-error.ts'
import type { Tenant } from '../kernel/tenant.ts'
import type { TenantStore } from '../kernel/store/tenant-store.ts'

/** Default page size. */
export const DEFAULT_PAGE_SIZE = 20

function newestFirst(a: TransactionRecord, b: TransactionRecord): number {
  return a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1
}

/** An opaque cursor: the last item's position, signed so a tampered cursor is refused. */
function encodeCursor(tenant: Tenant, last: TransactionRecord): string {
  const position = textToBase64Url(JSON.stringify([last.createdAt, last.id]))
  return `${position}.${tenant.sign(`cursor:${position}`)}`
}

function decodeCursor(tenant: Tenant, cursor: string): [string, string] {
  const [position, signature] = cursor.split('.')
  if (position === undefined || !tenant.verify(`cursor:${position}`, signature)) {
    throw SandboxError.invalidField('cursor', 'cursor must be a nextCursor this API returned')
  }
  return JSON.parse(base64UrlToText(position)!) as [string, string]
}

/**
 * A page of the customer's transactions, newest first, between `startDate`
 * (inclusive) and `endDate` (exclusive); `nextCursor` is null on the last page.
 *
 * @example
 * listTransactions(tenant, store, 'cus_…', { limit: 20 }) // { data: [...20], pageInfo: { nextCursor: '…' } }
 */
export function listTransactions(tenant: Tenant, store: TenantStore, customerId: string, query: TransactionListQuery) {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE
  const after = query.cursor === undefined ? undefined : decodeCursor(tenant, query.cursor)
  const matching = store.transactions
    .where('byCustomer', customerId)
    .filter((t) => (query.startDate === undefined || Date.parse(t.createdAt) >= Date.parse(query.startDate)) && (query.endDate === undefined || Date.parse(t.createdAt) < Date.parse(query.endDate)))
    .sort(newestFirst)
  const start = after === undefined ? 0 : matching.findIndex((t) => newestFirst(t, { createdAt: after[0], id: after[1] } as TransactionRecord) > 0)
  const page = start === -1 ? [] : matching.slice(start, start + limit)
  const more = start !== -1 && start + limit < matching.length
  return { data: page, pageInfo: { nextCursor: more ? encodeCursor(tenant, page.at(-1)!) : null } }
}

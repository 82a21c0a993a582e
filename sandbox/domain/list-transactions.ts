import type { TransactionListQuery, TransactionRecord } from '#contract/index.ts'
import { base64UrlToText, textToBase64Url } from '#portable/base64url.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { newestOrder } from '#kernel/store/newest-order.ts'

/** Default page size. */
const DEFAULT_PAGE_SIZE = 20

/**
 * An opaque cursor: the last item's position, signed so a tampered cursor is refused. A page asked again is answered
 * whole from the route's kept replies, and a cursor signed again comes from the tenant's kept signatures (decision 0078).
 */
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
  const start = query.startDate === undefined ? undefined : Date.parse(query.startDate)
  const end = query.endDate === undefined ? undefined : Date.parse(query.endDate)
  // Newest first from the index, below the cursor's position when given: one more than the page says whether more follow.
  const taken: TransactionRecord[] = []
  for (const t of store.transactions.newestWhere(
    'newestByCustomer',
    customerId,
    after && newestOrder({ createdAt: after[0], id: after[1] }),
  )) {
    if (
      (start !== undefined && !(Date.parse(t.createdAt) >= start)) ||
      (end !== undefined && !(Date.parse(t.createdAt) < end))
    )
      continue
    if (taken.push(t) > limit) break
  }
  const page = taken.slice(0, limit)
  const more = taken.length > limit
  return { data: page, pageInfo: { nextCursor: more ? encodeCursor(tenant, page.at(-1)!) : null } }
}

import { z } from 'zod'

/**
 * The `{ data }` wrapper of single platform results.
 *
 * @example
 * const SessionResponse = dataOf(Session)
 */
export function dataOf<T extends z.ZodType>(item: T) {
  return z.object({ data: item })
}

/** Page information of list results; `nextCursor` is null on the last page. */
export const PageInfo = z.object({ nextCursor: z.string().nullable() })
export type PageInfo = z.infer<typeof PageInfo>

/**
 * The `{ data, pageInfo }` wrapper of platform lists.
 *
 * @example
 * const TransactionPage = pageOf(Transaction)
 */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pageInfo: PageInfo })
}

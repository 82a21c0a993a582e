import type { WidgetTransactionListQuery } from '#contract/index.ts'

/** Page size of the widget API's transaction lists (buy and sell) when `limit` is omitted. */
export const LIST_PAGE_SIZE = 10

/**
 * Whether a UTC day (`YYYY-MM-DD`, the start of an ISO timestamp) is within the list query's `startDate` and
 * `endDate`, both inclusive; one rule for the buy and the sell lists.
 *
 * @example
 * withinDays({ startDate: '2026-01-01' })('2026-01-02') // true
 */
export function withinDays(query: Pick<WidgetTransactionListQuery, 'startDate' | 'endDate'>): (day: string) => boolean {
  return (day) =>
    (query.startDate === undefined || day >= query.startDate) && (query.endDate === undefined || day <= query.endDate)
}

/** The page a list query asks for: `offset` (default 0) and `limit` (default {@link LIST_PAGE_SIZE}). */
export function pageOf(query: Pick<WidgetTransactionListQuery, 'offset' | 'limit'>): { offset: number; limit: number } {
  return { offset: query.offset ?? 0, limit: query.limit ?? LIST_PAGE_SIZE }
}
